// The signature of a forwarded change, as a receiver checks it (docs/sync.md "A receiver"):
//   Boxoffice-Signature: t=<unix seconds>,id=<change id>,v1=<hex HMAC-SHA256(secret, "<t>.<id>.<body>")>
// The timestamp lets a receiver refuse an old delivery replayed later; the change id, signed
// apart from any header a proxy or an attacker may rewrite, is what a receiver de-duplicates on.
import { createHmac, randomBytes } from 'node:crypto';

export const SIGNATURE_HEADER = 'Boxoffice-Signature';
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

function signatureDigest(secret: string, timestampSeconds: number, changeId: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestampSeconds}.${changeId}.${body}`).digest('hex');
}

export function signatureHeader(secret: string, timestampSeconds: number, changeId: string, body: string): string {
  return `t=${timestampSeconds},id=${changeId},v1=${signatureDigest(secret, timestampSeconds, changeId, body)}`;
}

export function newForwardSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
