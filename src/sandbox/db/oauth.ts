// OAuth clients and authorization codes (reference §5).
import type { SandboxDatabase } from './index.js';
import { prepared } from './statements.js';
import { AUTH_CODE_LIFETIME_SECONDS } from '../fixtures.js';
import { newSecret } from './hashing.js';
import { sha256Hex } from '../../util/digest.js';
import { sameSecret } from '../../util/same-secret.js';

export interface OAuthClient {
  clientId: string;
  name: string;
  redirectUris: string[];
  allowsLoopback: boolean;
  /** Its secret is published (the CLI's), so PKCE is required. */
  publicClient: boolean;
}

export function findClient(db: SandboxDatabase, clientId: string): OAuthClient | undefined {
  const row = prepared(db, `SELECT name, redirect_uris, allows_loopback, public_client FROM oauth_clients WHERE client_id = ?`).get(clientId) as
    | { name: string; redirect_uris: string; allows_loopback: number; public_client: number }
    | undefined;
  return (
    row && {
      clientId,
      name: row.name,
      redirectUris: JSON.parse(row.redirect_uris) as string[],
      allowsLoopback: row.allows_loopback === 1,
      publicClient: row.public_client === 1,
    }
  );
}

export function clientSecretMatches(db: SandboxDatabase, clientId: string, secret: string): boolean {
  const row = prepared(db, `SELECT client_secret_hash FROM oauth_clients WHERE client_id = ?`).get(clientId) as { client_secret_hash: string } | undefined;
  return row !== undefined && sameSecret(row.client_secret_hash, sha256Hex(secret));
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Whether `redirectUri` may receive this client's codes: one of its registered addresses, or,
 * for a native app, any plain-http loopback address on any port and path (RFC 8252 §7.3).
 */
export function redirectUriAllowed(client: OAuthClient, redirectUri: string): boolean {
  if (client.redirectUris.includes(redirectUri)) return true;
  if (!client.allowsLoopback) return false;
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    return false;
  }
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname) && url.username === '' && url.password === '' && url.hash === '';
}

export function issueAuthCode(
  db: SandboxDatabase,
  grant: { clientId: string; accountId: number; redirectUri: string | null; codeChallenge: string | null; now: Date },
): string {
  const code = newSecret('sbx_code_');
  const expires = new Date(grant.now.getTime() + AUTH_CODE_LIFETIME_SECONDS * 1000);
  prepared(db, `INSERT INTO auth_codes (code_hash, client_id, account_id, redirect_uri, code_challenge, expires_at) VALUES (?, ?, ?, ?, ?, ?)`).run(
    sha256Hex(code),
    grant.clientId,
    grant.accountId,
    grant.redirectUri,
    grant.codeChallenge,
    expires.toISOString(),
  );
  return code;
}

interface AuthCodeGrant {
  client_id: string;
  account_id: number;
  redirect_uri: string | null;
  code_challenge: string | null;
  expires_at: string;
  used_at: string | null;
}

export function findAuthCode(db: SandboxDatabase, code: string): AuthCodeGrant | undefined {
  return prepared(db, `SELECT * FROM auth_codes WHERE code_hash = ?`).get(sha256Hex(code)) as AuthCodeGrant | undefined;
}

/** Marks the code used; false if it was used already (a code works once). */
export function consumeAuthCode(db: SandboxDatabase, code: string, now: Date): boolean {
  const result = prepared(db, `UPDATE auth_codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL`).run(now.toISOString(), sha256Hex(code));
  return result.changes === 1;
}

export function revokeTokensOfCode(db: SandboxDatabase, code: string): number {
  return prepared(db, `DELETE FROM access_tokens WHERE auth_code_hash = ?`).run(sha256Hex(code)).changes;
}
