// Codes and the tokens they produced are linked, so that a code presented twice revokes what it
// gave (RFC 6749 §4.1.2); a public client (its secret is published: the CLI's) must use PKCE.
import type { Migration } from './index.js';

export const oauthHardening: Migration = {
  version: 2,
  name: 'oauth-hardening',
  sql: `
ALTER TABLE access_tokens ADD COLUMN auth_code_hash TEXT;
CREATE INDEX access_tokens_auth_code ON access_tokens(auth_code_hash) WHERE auth_code_hash IS NOT NULL;

-- 1: the client's secret is public (a native app), so a code is exchanged only with PKCE (RFC 7636)
ALTER TABLE oauth_clients ADD COLUMN public_client INTEGER NOT NULL DEFAULT 0;
UPDATE oauth_clients SET public_client = 1 WHERE allows_loopback = 1;
`,
};
