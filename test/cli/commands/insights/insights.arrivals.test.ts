// `boxoffice insights EVENT_ID --db DEST`: the arrivals `checkin` let in, counted beside the sales
// (the built CLI, a real sandbox synced into SQLite and PostgreSQL, doors run as processes):
// arrived of expected in all and per ticket, and per door, in --json, on a terminal and on the
// page; without --db nothing changes; a database that is not the event's is refused as at the door.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2e } from '../../../e2e/support/built-cli.js';
import { startTestPostgres, type TestPostgres } from '../../../helpers/postgres.js';
import { runInTerminal } from '../../../helpers/terminal.js';
import { checkin, seededEvent, syncInto, type SyncedEvent } from '../../../checkin/support.js';
import { exportSnapshot } from '../../../sync/support.js';
import { openSqlite } from '../../../../src/util/sqlite.js';

interface Arrivals {
  arrived: number;
  expected: number;
  tickets: { ticketName: string; arrived: number; expected: number }[];
  doors: { door: string; arrived: number }[];
}

let e2e: E2e;
let event: SyncedEvent;
/** Ticket name → attendees expected (attending), and ticket number → its ticket's name, from an export. */
let expectedPerTicket: Map<string, number>;
let ticketNameOf: Map<string, string>;
beforeAll(async () => {
  e2e = await startE2e();
  event = await seededEvent(e2e, 16);
  const rows = [...(await exportSnapshot(e2e, event.eventId)).values()];
  ticketNameOf = new Map(rows.map((row) => [row.ticketNo, row.ticketName]));
  expectedPerTicket = new Map();
  for (const row of rows.filter((row) => row.attendeeStatus === 'attending')) {
    expectedPerTicket.set(row.ticketName, (expectedPerTicket.get(row.ticketName) ?? 0) + 1);
  }
}, 120_000);
afterAll(async () => e2e?.close());

const attending = (): string[] => event.tickets.filter((ticket) => ticket.status === 'attending').map((ticket) => ticket.ticketNo);
const admin = (): Record<string, string> => ({ BOXOFFICE_TOKEN: e2e.sandbox.tokens.admin });

/** Lets each ticket in at its door, each door a process of its own. */
async function letIn(destination: string, entries: readonly [ticketNo: string, door: string][]): Promise<void> {
  for (const [ticketNo, door] of entries) {
    const result = await checkin(e2e, [event.eventId, ticketNo, '--db', destination, '--door', door]);
    expect(result.code, result.stderr).toBe(0);
  }
}

/** What `insights --db` should count once `entries` are in: from the export, not from the database. */
function countsAfter(entries: readonly [ticketNo: string, door: string][]): Arrivals {
  const arrivedPerTicket = new Map<string, number>();
  const perDoor = new Map<string, number>();
  for (const [ticketNo, door] of entries) {
    const name = ticketNameOf.get(ticketNo) ?? '';
    arrivedPerTicket.set(name, (arrivedPerTicket.get(name) ?? 0) + 1);
    perDoor.set(door, (perDoor.get(door) ?? 0) + 1);
  }
  const tickets = [...expectedPerTicket]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([ticketName, expected]) => ({ ticketName, arrived: arrivedPerTicket.get(ticketName) ?? 0, expected }));
  return {
    arrived: entries.length,
    expected: attending().length,
    tickets,
    doors: [...perDoor].sort(([a], [b]) => (a < b ? -1 : 1)).map(([door, arrived]) => ({ door, arrived })),
  };
}

async function insightsJson(argv: readonly string[]): Promise<Record<string, unknown>> {
  const result = await e2e.run(['--json', 'insights', event.eventId, ...argv], { env: admin() });
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

describe('insights --db: the arrivals at the door', { timeout: 180_000 }, () => {
  it('counts nobody arrived before any door ran, creating nothing in the database; without --db the document has no arrivals', async () => {
    const database = join(e2e.dir, 'before-doors.db');
    await syncInto(e2e, event.eventId, database);
    const document = await insightsJson(['--db', database]);
    expect(document.arrivals).toEqual({ ...countsAfter([]), doors: [] });
    const db = openSqlite(database);
    try {
      expect(db.prepare(`SELECT name FROM sqlite_master WHERE name LIKE 'boxoffice_checkin%'`).all()).toEqual([]);
    } finally {
      db.close();
    }
    const without = await insightsJson([]);
    expect(Object.keys(without)).not.toContain('arrivals');
    expect(Object.keys(document).filter((key) => key !== 'arrivals')).toEqual(Object.keys(without));
  });

  it('SQLite: arrived of expected in all, per ticket and per door, in --json, on the terminal and on the page', async () => {
    const database = join(e2e.dir, 'door.db');
    await syncInto(e2e, event.eventId, database);
    const [first, second, third] = attending();
    const entries: [string, string][] = [
      [first, 'north'],
      [second, 'north'],
      [third, 'south'],
    ];
    await letIn(database, entries);
    const expected = countsAfter(entries);
    expect((await insightsJson(['--db', database])).arrivals).toEqual(expected);

    const share = `${((100 * expected.arrived) / expected.expected).toFixed(1)}%`;
    const terminal = runInTerminal(['insights', event.eventId, '--db', database, '-o', 'page.html', '--force'], {
      cwd: e2e.dir,
      columns: 120,
      rows: 80,
      env: { ...e2e.env, ...admin() },
    });
    expect(await terminal.exit, terminal.text()).toBe(0);
    const screen = terminal.text();
    expect(screen).toMatch(new RegExp(`\\barrived +${share.replace('.', '\\.')} \\(3 of ${expected.expected} expected\\)`));
    expect(screen).toContain('arrived per ticket (of expected)');
    for (const ticket of expected.tickets) expect(screen).toMatch(new RegExp(`${ticket.ticketName}.* ${ticket.arrived} of ${ticket.expected}\\n`));
    expect(screen).toContain('arrived per door: north 2 · south 1\n');

    const page = readFileSync(join(e2e.dir, 'page.html'), 'utf8');
    expect(page).toContain(`<dt>arrived</dt><dd>${share}<small>3 of ${expected.expected} expected, let in at the door</small></dd>`);
    expect(page).toContain('<section id="arrivals-per-ticket"');
    expect(page).toContain('<section id="arrivals-per-door"');
    expect(page).toContain('<td>north</td><td class="number">2</td>');
  });

  it("--watch: each refresh counts the arrivals again, a door's check-in between two refreshes in the next", async () => {
    const database = join(e2e.dir, 'watched.db');
    await syncInto(e2e, event.eventId, database);
    const ticketNo = attending()[0];
    let admitted: Promise<void> | undefined;
    let seen = 0;
    let stopped = false;
    const arrivedPerLine: number[] = [];
    const watch = await e2e.run(['insights', event.eventId, '--db', database, '--watch', '1s'], {
      env: admin(),
      onOutput: ({ stdout }, kill) => {
        const lines = stdout.split('\n').slice(0, -1);
        for (const line of lines.slice(seen)) arrivedPerLine.push((JSON.parse(line) as { arrivals: Arrivals }).arrivals.arrived);
        seen = lines.length;
        // The door lets one in once the first report is out; the watch stops once a report counts it.
        if (arrivedPerLine.length > 0 && admitted === undefined) admitted = letIn(database, [[ticketNo, 'north']]);
        if (arrivedPerLine.at(-1) === 1 && !stopped) {
          stopped = true;
          kill('SIGINT');
        }
      },
    });
    await admitted;
    expect(watch.code, watch.stderr).toBe(130);
    expect(arrivedPerLine[0]).toBe(0);
    expect(arrivedPerLine.at(-1)).toBe(1);
  });

  it("refuses a database that is not there, or holds no synced list of the event, with the door's words, before any request", async () => {
    const unreachable = { BOXOFFICE_API_URL: 'http://127.0.0.1:9', ...admin() };
    const absent = join(e2e.dir, 'absent.db');
    const missing = await e2e.run(['insights', event.eventId, '--db', absent], { env: unreachable });
    const door = await checkin(e2e, [event.eventId, 'X', '--db', absent]);
    expect(missing).toMatchObject({ code: 2, stdout: '' });
    expect(missing.stderr).toBe(`error: --db ${absent}: no such file; run boxoffice attendees sync ${event.eventId} --to ${absent} first\n`);
    expect(missing.stderr).toBe(door.stderr);
    expect(existsSync(absent)).toBe(false);

    const database = join(e2e.dir, 'door.db');
    const other = await e2e.run(['insights', '999999', '--db', database], { env: unreachable });
    expect(other).toMatchObject({ code: 2, stdout: '' });
    expect(other.stderr).toBe((await checkin(e2e, ['999999', 'X', '--db', database])).stderr);
    expect(other.stderr).toContain('holds no synced attendee list of event 999999; run boxoffice attendees sync 999999');

    writeFileSync(join(e2e.dir, 'attendees.csv'), '');
    const noEvent = await e2e.run(['insights', '--from', 'attendees.csv', '--db', database], { cwd: e2e.dir, env: unreachable });
    expect(noEvent).toMatchObject({ code: 2, stdout: '' });
    expect(noEvent.stderr).toContain('--db: name the event whose arrivals to count');
  });

  describe('PostgreSQL', () => {
    let postgres: TestPostgres;
    beforeAll(async () => {
      postgres = await startTestPostgres();
    }, 120_000);
    afterAll(async () => postgres?.close());

    it('counts the arrivals of doors sharing one PostgreSQL database', async () => {
      await syncInto(e2e, event.eventId, postgres.url);
      const [, , , fourth, fifth] = attending();
      const entries: [string, string][] = [
        [fourth, 'east'],
        [fifth, 'west'],
      ];
      await letIn(postgres.url, entries);
      expect((await insightsJson(['--db', postgres.url])).arrivals).toEqual(countsAfter(entries));
    });
  });
});
