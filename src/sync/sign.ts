// The signature of a forwarded change, as a receiver checks it (docs/sync.md "A receiver"):
//   Boxoffice-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>
// Signing the timestamp with the body lets a receiver refuse old deliveries replayed later.
import { createHmac, randomBytes } from 'node:crypto';
import { sameSecret } from '../util/same-secret.js';

export const SIGNATURE_HEADER = 'Boxoffice-Signature';
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export function signatureHeader(secret: string, timestampSeconds: number, body: string): string {
  const digest = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${digest}`;
}

/** Whether `header` signs `body` with `secret`, at most `toleranceSeconds` from `nowSeconds`. */
export function verifySignature(secret: string, header: string, body: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const parts = new Map(header.split(',').map((part) => part.trim().split('=') as [string, string]));
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return sameSecret(expected, given);
}

export function newForwardSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
