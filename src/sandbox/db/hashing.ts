// Secrets are stored only as hashes: tokens and keys as SHA-256 (they are long random values),
// passwords with scrypt and a per-account salt.
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

/** A fresh random secret: `prefix` + 32 random bytes in base64url. */
export function newSecret(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

// N is kept low: these are sandbox passwords, and every test sandbox hashes two at start-up.
const SCRYPT = { N: 1024, r: 8, p: 1 } as const;

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 32, SCRYPT);
  return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export function verifyPassword(password: string, stored: string): boolean {
  const [scheme, saltText, hashText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64url');
  const actual = scryptSync(password, Buffer.from(saltText, 'base64url'), expected.length, SCRYPT);
  return timingSafeEqual(expected, actual);
}
