// Digests of UTF-8 text: md5 hex is the code of a booking return; SHA-256 in base64url is PKCE's
// S256 challenge; SHA-256 hex is how the sandbox stores tokens and keys.
import { createHash } from 'node:crypto';

export function md5Hex(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export function sha256Base64Url(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64url');
}
