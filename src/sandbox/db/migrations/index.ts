// Numbered migrations, applied in order inside one transaction each; `PRAGMA user_version` holds
// the last one applied. To add one: create NNN-name.ts exporting a Migration and list it below.
import { initialSchema } from './001-initial.js';
import { oauthHardening } from './002-oauth-hardening.js';
import { readIndexes } from './003-read-indexes.js';
import { pendingIndexes } from './004-pending-indexes.js';
import { bookingKeyMd5 } from './005-booking-key-md5.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [initialSchema, oauthHardening, readIndexes, pendingIndexes, bookingKeyMd5];
