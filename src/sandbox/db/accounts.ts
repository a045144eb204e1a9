// Accounts, the OAuth client, access tokens and publisher keys.
import type { SandboxDatabase } from './index.js';
import { insertRow, prepared } from './statements.js';
import {
  ACCESS_TOKEN_LIFETIME_SECONDS,
  SANDBOX_CLIENT_CALLBACK,
  SANDBOX_CLIENT_ID,
  SANDBOX_CLIENT_SECRET,
  SANDBOX_WEB_APP,
  SANDBOX_PASSWORD,
  SEED_ACCOUNTS,
  type AccountRole,
} from '../fixtures.js';
import { hashPassword, newSecret, verifyPassword } from './hashing.js';
import { sha256Hex } from '../../util/digest.js';

export interface Account {
  id: number;
  email: string;
  role: AccountRole;
  bookingKey: string;
}

/** The columns of accounts `a` that make an Account. */
const ACCOUNT = 'a.id, a.email, a.role, a.booking_key AS bookingKey';

/** Inserts the fixed accounts and the OAuth clients (the CLI's, and a web application's) if they are missing. */
export function seedFixtures(db: SandboxDatabase, now: Date): void {
  db.transaction(() => {
    for (const seed of SEED_ACCOUNTS) {
      if (!findAccountByEmail(db, seed.email)) {
        createAccount(db, { email: seed.email, role: seed.role, password: SANDBOX_PASSWORD, bookingKey: seed.bookingKey, now });
      }
    }
    const insertClient = prepared(
      db,
      `INSERT OR IGNORE INTO oauth_clients (client_id, client_secret_hash, name, redirect_uris, allows_loopback, public_client)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    // The CLI is a native app (any loopback callback, PKCE required); the web application is neither.
    insertClient.run(SANDBOX_CLIENT_ID, sha256Hex(SANDBOX_CLIENT_SECRET), 'boxoffice CLI', JSON.stringify([SANDBOX_CLIENT_CALLBACK]), 1, 1);
    const web = SANDBOX_WEB_APP;
    insertClient.run(web.clientId, sha256Hex(web.clientSecret), 'sandbox web application', JSON.stringify([web.callback]), 0, 0);
  })();
}

function createAccount(db: SandboxDatabase, account: { email: string; role: AccountRole; password: string; bookingKey?: string; now: Date }): Account {
  const bookingKey = account.bookingKey ?? newSecret('bk_');
  const { email, role } = account;
  const id = insertRow(db, 'accounts', {
    email,
    password_hash: hashPassword(account.password),
    role,
    booking_key: bookingKey,
    created_at: account.now.toISOString(),
  });
  return { id, email, role, bookingKey };
}

export function findAccountByEmail(db: SandboxDatabase, email: string): Account | undefined {
  return prepared(db, `SELECT ${ACCOUNT} FROM accounts a WHERE a.email = ?`).get(email) as Account | undefined;
}

export function findAccountById(db: SandboxDatabase, id: number): Account | undefined {
  return prepared(db, `SELECT ${ACCOUNT} FROM accounts a WHERE a.id = ?`).get(id) as Account | undefined;
}

export function findAccountByBookingKey(db: SandboxDatabase, bookingKey: string): Account | undefined {
  return prepared(db, `SELECT ${ACCOUNT} FROM accounts a WHERE a.booking_key = ?`).get(bookingKey) as Account | undefined;
}

export function authenticate(db: SandboxDatabase, email: string, password: string): Account | undefined {
  const account = findAccountByEmail(db, email.trim());
  const row = account && (prepared(db, `SELECT password_hash FROM accounts WHERE id = ?`).get(account.id) as { password_hash: string });
  return row && verifyPassword(password, row.password_hash) ? account : undefined;
}

/** An organizer account by email, created (password `sandbox`) on first use. */
export function ensureOrganizerAccount(db: SandboxDatabase, email: string, now: Date): Account {
  return findAccountByEmail(db, email) ?? createAccount(db, { email, role: 'organizer', password: SANDBOX_PASSWORD, now });
}

/**
 * A fresh access token for the account; only its hash is stored. `authCode`: the authorization
 * code it is exchanged for, remembered so that a second use of the code can revoke it.
 */
export function mintAccessToken(db: SandboxDatabase, accountId: number, clientId: string | null, now: Date, authCode?: string): string {
  const token = newSecret('sbx_at_');
  const expires = new Date(now.getTime() + ACCESS_TOKEN_LIFETIME_SECONDS * 1000);
  prepared(db, `INSERT INTO access_tokens (token_hash, account_id, client_id, created_at, expires_at, auth_code_hash) VALUES (?, ?, ?, ?, ?, ?)`).run(
    sha256Hex(token),
    accountId,
    clientId,
    now.toISOString(),
    expires.toISOString(),
    authCode === undefined ? null : sha256Hex(authCode),
  );
  return token;
}

/** The account an unexpired access token belongs to. */
export function accountForAccessToken(db: SandboxDatabase, token: string, now: Date): Account | undefined {
  const sql = `SELECT ${ACCOUNT} FROM access_tokens t JOIN accounts a ON a.id = t.account_id WHERE t.token_hash = ? AND t.expires_at > ?`;
  return prepared(db, sql).get(sha256Hex(token), now.toISOString()) as Account | undefined;
}

/** A fresh Publisher API key for the account; only its hash is stored. */
export function mintPublisherKey(db: SandboxDatabase, accountId: number, now: Date): string {
  const key = newSecret('sbx_pk_');
  prepared(db, `INSERT INTO publisher_keys (key_hash, account_id, created_at) VALUES (?, ?, ?)`).run(sha256Hex(key), accountId, now.toISOString());
  return key;
}

export function accountForPublisherKey(db: SandboxDatabase, key: string): Account | undefined {
  const sql = `SELECT ${ACCOUNT} FROM publisher_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key_hash = ?`;
  return prepared(db, sql).get(sha256Hex(key)) as Account | undefined;
}
