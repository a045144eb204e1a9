// PKCE (RFC 7636, S256) and the `state` value: both random, both base64url.
import { randomBytes } from 'node:crypto';
import { sha256Base64Url } from '../util/digest.js';

/** A random verifier, and its challenge: base64url(SHA-256(verifier)), sent with code_challenge_method=S256. */
export function createPkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: sha256Base64Url(verifier) };
}

/** An unguessable value tying the callback to this login. */
export function createState(): string {
  return randomBytes(24).toString('base64url');
}
