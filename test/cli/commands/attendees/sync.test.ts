// `attendees sync` as users run it (the built CLI as a process, a real sandbox): refusals before
// anything is read or written, --exec once per change with the change on stdin, --print-secret,
// --watch (one line a run; a refused interval).
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2e } from '../../../e2e/support/built-cli.js';
import { exportSnapshot, listedTickets, sortedEntries, sqliteSnapshot, tool } from '../../../sync/support.js';
import { registerAttendeesSync } from '../../../../src/cli/commands/attendees/sync.js';
import { parseVerb, verbAt } from '../../support/verb.js';

let e2e: E2e;
let eventId: string;
let admin: Record<string, string>;
beforeAll(async () => {
  e2e = await startE2e();
  eventId = String(((await tool(e2e.sandbox, '/sandbox/seed', { orders: '30' })).eventIds as string[])[0]);
  admin = { BOXOFFICE_TOKEN: e2e.sandbox.tokens.admin };
});
afterAll(async () => e2e?.close());

describe('attendees sync: refusals', { timeout: 120_000 }, () => {
  it('asks for --to, naming both kinds of destination', async () => {
    const result = await e2e.run(['attendees', 'sync', eventId], { env: admin });
    expect(result.stderr).toBe('error: --to: name the destination: a SQLite file (attendees.db) or a postgres:// URL\n');
    expect(result.code).toBe(2);
  });

  it('refuses a URL that is not PostgreSQL, without echoing its password', async () => {
    const result = await e2e.run(['attendees', 'sync', eventId, '--to', 'mysql://user:hunter2@db/crm'], { env: admin });
    expect(result.stderr).toBe('error: --to mysql://user:***@db/crm: expected a SQLite file path or a postgres:// URL\n');
    expect(result.code).toBe(2);
  });

  it('refuses a --watch interval the live quota cannot sustain', async () => {
    const database = join(e2e.dir, 'watch-refused.db');
    const result = await e2e.run(['attendees', 'sync', eventId, '--to', database, '--watch', '1m'], {
      env: { ...admin, BOXOFFICE_API_URL: 'https://api.example.test' },
    });
    expect(result.stderr).toContain(
      "--watch 1m: each refresh costs 2 reads, 120 an hour, over the service's quota of 30 read calls an hour; use --watch 4m or longer",
    );
    expect(result.code).toBe(2);
  });

  it("explains another account's token refused by the attendee list", async () => {
    const stranger = e2e.sandbox.mintToken('organizer', 'sync-stranger@example.test');
    const result = await e2e.run(['attendees', 'sync', eventId, '--to', join(e2e.dir, 'stranger.db')], { env: { BOXOFFICE_TOKEN: stranger } });
    expect(result.stderr).toContain(`event ${eventId} belongs to another account; its attendee list is read with that account's token`);
    expect(result.code).toBe(3);
  });
});

describe('attendees sync: feeds and watching', { timeout: 300_000 }, () => {
  it('runs --exec once per change with the change on its standard input; the database is 0600', async () => {
    const database = join(e2e.dir, 'exec.db');
    const log = join(e2e.dir, 'exec.log');
    const flag = join(e2e.dir, 'exec.fail');
    // One command (one feed): it fails while the flag file exists.
    const command = `[ -e ${flag} ] && exit 3; (cat; echo " $BOXOFFICE_CHANGE_TYPE") >> ${log}`;
    const result = await e2e.run(['attendees', 'sync', eventId, '--to', database, '--exec', command], { env: admin });
    expect(result.code, result.stderr).toBe(0);
    const changesIn = () =>
      readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((line) => {
          const change = JSON.parse(line.slice(0, line.lastIndexOf(' '))) as { type: string; attendeeKey: string };
          expect(line.endsWith(` ${change.type}`)).toBe(true);
          return change;
        });
    const changes = changesIn();
    expect(changes.length).toBe(sqliteSnapshot(database, eventId).size);
    expect(new Set(changes.map((change) => change.attendeeKey)).size).toBe(changes.length);
    expect(statSync(database).mode & 0o777).toBe(0o600);
    // A failing command keeps its change for the next run.
    const ticket = listedTickets(e2e.sandbox, eventId).find((entry) => entry.status === 'attending');
    await tool(e2e.sandbox, '/sandbox/cancel-attendee', { ticketNo: String(ticket?.ticketNo) });
    writeFileSync(flag, '');
    const failing = await e2e.run(['attendees', 'sync', eventId, '--to', database, '--full', '--exec', command], { env: admin });
    expect(failing.stderr).toMatch(/error: --exec: ".*" exited with 3 on change chg_[\w-]+ \(attendee\.cancelled\); it stays in the outbox/);
    expect(failing.code).toBe(1);
    rmSync(flag);
    const again = await e2e.run(['attendees', 'sync', eventId, '--to', database, '--exec', command], { env: admin });
    expect(again.code, again.stderr).toBe(0);
    expect(
      changesIn()
        .slice(changes.length)
        .map((change) => change.type),
    ).toEqual(['attendee.cancelled']);
  });

  it('prints the --forward-to secret only when asked, the same every time', async () => {
    const database = join(e2e.dir, 'secret.db');
    const first = await e2e.run(['attendees', 'sync', eventId, '--to', database, '--print-secret'], { env: admin });
    const second = await e2e.run(['attendees', 'sync', eventId, '--to', database, '--print-secret'], { env: admin });
    expect(first.stdout).toMatch(/^whsec_[\w-]{43}\n$/);
    expect(second.stdout).toBe(first.stdout);
    const given = await e2e.run(['attendees', 'sync', eventId, '--to', database, '--print-secret'], {
      env: { ...admin, BOXOFFICE_FORWARD_SECRET: 'whsec_given' },
    });
    expect(given.stdout).toBe('whsec_given\n');
  });

  it('--watch syncs again every INTERVAL, a line a run when not on a terminal', async () => {
    const database = join(e2e.dir, 'watch.db');
    const result = await e2e.run(['attendees', 'sync', eventId, '--to', database, '--watch', '1s'], {
      env: admin,
      onOutput: (output, kill) => {
        if ((output.stderr.match(/; next in 1s\n/g) ?? []).length >= 3) kill('SIGINT');
      },
    });
    const runs = result.stderr.split('\n').filter((line) => line.includes('; next in 1s'));
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs[0]).toMatch(/^\d\d:\d\d:\d\d synced event \d+ → .*watch\.db: \d+ added, 0 updated, 0 cancelled, 0 removed; \d+ reads \(full;/);
    expect(runs[1]).toMatch(/0 added, 0 updated, 0 cancelled, 0 removed; 2 reads \(incremental; list oldest-first/);
    expect(sortedEntries(sqliteSnapshot(database, eventId))).toEqual(sortedEntries(await exportSnapshot(e2e, eventId)));
    expect(existsSync(`${database}.lock`)).toBe(false);
  });
});

describe('attendees sync: flags → options', () => {
  const verb = verbAt('attendees sync', registerAttendeesSync);

  it('defaults: a full pass every 24 h, no read limit, 2 minutes of waiting in all; --to from BOXOFFICE_SYNC_TO', async () => {
    const parsed = await parseVerb(verb, ['attendees', 'sync', '12'], { env: { BOXOFFICE_SYNC_TO: 'from-env.db' } });
    expect(parsed.code, parsed.stderr).toBe(0);
    expect(parsed.runs).toEqual([
      {
        eventId: '12',
        to: 'from-env.db',
        forceFull: false,
        fullEveryMs: 86_400_000,
        maxReads: Infinity,
        maxWaitMs: 120_000,
        exec: undefined,
        forwardTo: undefined,
        watchMs: undefined,
        check: false,
        printSecret: false,
      },
    ]);
  });

  it('reads every flag (--to wins over BOXOFFICE_SYNC_TO)', async () => {
    const parsed = await parseVerb(
      verb,
      [
        'attendees',
        'sync',
        '12',
        '--to',
        'a.db',
        '--full',
        '--full-every',
        '1h',
        '--max-reads',
        '5',
        '--max-wait',
        '30s',
        '--exec',
        'cat',
        '--forward-to',
        'https://hooks.example/x',
        '--print-secret',
        '--watch',
        '5m',
      ],
      { env: { BOXOFFICE_SYNC_TO: 'from-env.db' } },
    );
    expect(parsed.runs).toEqual([
      {
        eventId: '12',
        to: 'a.db',
        forceFull: true,
        fullEveryMs: 3_600_000,
        maxReads: 5,
        maxWaitMs: 30_000,
        exec: 'cat',
        forwardTo: 'https://hooks.example/x',
        watchMs: 300_000,
        check: false,
        printSecret: true,
      },
    ]);
    const check = await parseVerb(verb, ['attendees', 'sync', '12', '--to', 'a.db', '--check']);
    expect(check.runs).toEqual([expect.objectContaining({ check: true })]);
  });

  it.each([
    [['attendees', 'sync', '12'], '--to'],
    [['attendees', 'sync', '12', '--to', 'a.db', '--max-reads', '0'], '--max-reads'],
    [['attendees', 'sync', '12', '--to', 'a.db', '--forward-to', 'ftp://x'], '--forward-to'],
    [['attendees', 'sync', '12', '--to', 'a.db', '--exec', ' '], '--exec'],
    [['attendees', 'sync', '12', '--to', 'a.db', '--check', '--watch', '5m'], '--check'],
    [['attendees', 'sync', '12', '--to', 'a.db', '--watch', '0s'], '--watch'],
    [['attendees', 'sync', '12', '--to', 'a.db', '--full-every', 'often'], '--full-every'],
  ])('refuses %j with exit 2, naming %s, before running', async (argv, named) => {
    const parsed = await parseVerb(verb, argv);
    expect(parsed).toMatchObject({ code: 2, runs: [] });
    expect(parsed.stderr).toContain(named);
  });
});
