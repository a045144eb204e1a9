// Resets ridden through: the sandbox drops connections (reset) and answers 503 on a fifth of the
// API requests it receives, from a fixed seed; a first sync of 1,999 orders with the command's
// defaults retries each failed read within its one wait budget and ends with the table equal to
// the export. The built CLI, a real sandbox.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2e } from '../e2e/support/built-cli.js';
import { exportSnapshot, sortedEntries, sqliteSnapshot, tool } from './support.js';

let e2e: E2e;
let eventId: string;
beforeAll(async () => {
  e2e = await startE2e({ faults: 'rate=0.2,kinds=reset+503,seed=11' });
  eventId = String(((await tool(e2e.sandbox, '/sandbox/seed', { orders: '1999' })).eventIds as string[])[0]);
}, 120_000);
afterAll(async () => e2e?.close());

describe('attendees sync through dropped connections', () => {
  it('retries the reads that meet a reset or a 503 and ends exact', { timeout: 300_000 }, async () => {
    const database = join(e2e.dir, 'resets.db');
    const run = await e2e.run(['attendees', 'sync', eventId, '--to', database], { env: { BOXOFFICE_TOKEN: e2e.sandbox.tokens.admin }, timeoutMs: 240_000 });
    expect(run.code, run.stderr).toBe(0);
    const retries = run.stderr.split('\n').filter((line) => line.startsWith('the service is busy or unreachable; waiting'));
    expect(retries.length).toBeGreaterThanOrEqual(3);
    expect(run.stderr).toMatch(/; as planned for 1,999 orders\n$/);
    expect(sortedEntries(sqliteSnapshot(database, eventId))).toEqual(sortedEntries(await exportSnapshot(e2e, eventId)));
  });
});
