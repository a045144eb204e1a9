// The signature of a forwarded change, as a receiver checks it (docs/sync.md "A receiver"):
//   Boxoffice-Signature: t=<unix seconds>,id=<change id>,v1=<hex HMAC-SHA256(secret, "<t>.<id>.<body>")>
// The timestamp lets a receiver refuse an old delivery replayed later; the change id, signed
// apart from any header a proxy or an attacker may rewrite, is what a receiver de-duplicates on.
import { createHmac, randomBytes } from 'node:crypto';
import { sameSecret } from '../util/same-secret.js';

export const SIGNATURE_HEADER = 'Boxoffice-Signature';
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** How far a delivery's timestamp may be from the receiver's clock. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

function digest(secret: string, timestampSeconds: number, changeId: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestampSeconds}.${changeId}.${body}`).digest('hex');
}

export function signatureHeader(secret: string, timestampSeconds: number, changeId: string, body: string): string {
  return `t=${timestampSeconds},id=${changeId},v1=${digest(secret, timestampSeconds, changeId, body)}`;
}

/** The change id that `header` signs with `body` and `secret`; undefined when the signature does not hold or is too old. */
export function verifiedChangeId(secret: string, header: string, body: string, nowSeconds: number): string | undefined {
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const changeId = parts.get('id') ?? '';
  if (!Number.isInteger(timestamp) || changeId === '' || Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return undefined;
  return sameSecret(digest(secret, timestamp, changeId, body), parts.get('v1')) ? changeId : undefined;
}

export function newForwardSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
