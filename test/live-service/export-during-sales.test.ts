// The export while sales go on (live-service-evidence "Attendee list": the live list is newest
// first and, paged by offset while orders arrive, shifts). The built CLI exports an event of a
// sandbox in this process while orders are placed into it between the CLI's requests: in the
// default mode (oldest first, new orders at the end) and in --quirks (newest first, each new
// order pushing the others along). Every order that existed when the export started must be in
// the file exactly once, and each new one at most once.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csvRecords } from '../helpers/csv.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder } from '../../src/sandbox/db/orders.js';
import { idCode } from '../../src/sandbox/id-codes.js';
import { seedAttendeeEvent } from '../export/sandbox-seed.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

/** The first column of a row (the project's SQLite module has no pluck). */
const scalar = (row: unknown): unknown => Object.values(row as Record<string, unknown>)[0];

const REPO = new URL('../../', import.meta.url).pathname;
const EXISTING_ORDERS = 700;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'boxoffice-during-sales-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function exportProcess(argv: string[], env: Record<string, string>): Promise<{ code: number; stderr: string }> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('BOXOFFICE_') && name !== 'CI'));
  return new Promise((resolve) => {
    execFile(process.execPath, ['bin/boxoffice.js', ...argv], { cwd: REPO, env: { ...inherited, CI: 'true', ...env } }, (error, _stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stderr });
    });
  });
}

describe.each([
  ['oldest first (default mode)', false],
  ['newest first (--quirks)', true],
] as const)('attendees export while orders are placed, list %s', (_order, quirks) => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox({ quirks });
  });
  afterAll(() => sandbox.close());

  it.each([0, 2])(
    'has every order that existed at the start exactly once, and each new one at most once (--prefetch %i)',
    async (prefetch) => {
      const seeded = seedAttendeeEvent(sandbox.db, { orders: EXISTING_ORDERS });
      const eventId = Number(seeded.eventId);
      const ticketId = scalar(sandbox.db.prepare('SELECT id FROM tickets WHERE event_id = ? ORDER BY id LIMIT 1').get(eventId)) as number;
      const file = join(dir, `during-${quirks ? 'quirks' : 'default'}-${prefetch}.csv`);
      const env = {
        BOXOFFICE_CONFIG_DIR: join(dir, 'config'),
        BOXOFFICE_API_URL: sandbox.url,
        BOXOFFICE_PUBLISHER_URL: sandbox.url,
        BOXOFFICE_AUTH_URL: sandbox.url,
        BOXOFFICE_TOKEN: sandbox.tokens.organizer,
      };
      // Sales: an order every few milliseconds for as long as the export runs.
      let sold = 0;
      // timer under test: the sales that go on during the export.
      const seller = setInterval(() => {
        sold += 1;
        insertOrder(sandbox.db, {
          eventId,
          buyer: { name: `New buyer ${sold}`, email: `new${sold}@example.test`, phone: null, city: 'Pune' },
          lines: [{ ticketId, quantity: 1, unitPrice: 500 }],
          attendees: [{ ticketId, name: `New attendee ${sold}`, email: `new-${prefetch}-${sold}@example.test`, answers: [] }],
          createdAt: new Date(),
        });
      }, 3);
      const asked = quirks ? idCode('event', eventId) : String(eventId);
      const result = await exportProcess(['attendees', 'export', asked, '-o', file, '--prefetch', String(prefetch)], env).finally(() => clearInterval(seller));
      expect(result.stderr).toMatch(/^exported [\d,]+ attendees/m);
      expect(result.code).toBe(0);

      const emails = csvRecords(readFileSync(file, 'utf8')).map((row) => row.attendeeEmail);
      const times = new Map<string, number>();
      for (const email of emails) times.set(email, (times.get(email) ?? 0) + 1);
      const existing = [...times].filter(([email]) => email.startsWith('a'));
      expect(existing).toHaveLength(seeded.attendees);
      expect(existing.filter(([, count]) => count !== 1)).toEqual([]);
      expect([...times].filter(([email, count]) => email.startsWith('new') && count > 1)).toEqual([]);
      // The sales really went on while the list was read.
      expect(sold).toBeGreaterThan(20);
    },
    120_000,
  );
});
