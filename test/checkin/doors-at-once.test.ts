// Exactly once across doors: eight processes of the built CLI scan the same ticket at the same
// instant, against one SQLite file and against one PostgreSQL database. Each process says when
// its database is open and waits at a barrier (BOXOFFICE_TEST_CHECKIN_BARRIER); the test opens
// the barrier once all eight wait, so the eight inserts meet. One "in", seven "already in".
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2e, type ProcessResult } from '../e2e/support/built-cli.js';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres.js';
import { runInTerminal } from '../helpers/terminal.js';
import { checkin, seededEvent, syncInto, type SyncedEvent } from './support.js';

const DOORS = 8;

let e2e: E2e;
let event: SyncedEvent;
beforeAll(async () => {
  e2e = await startE2e();
  event = await seededEvent(e2e, 12);
}, 120_000);
afterAll(async () => e2e?.close());

const attending = (): string[] => event.tickets.filter((ticket) => ticket.status === 'attending').map((ticket) => ticket.ticketNo);

/** Eight doors scanning `code` together; resolves with their results once all have answered. */
async function eightDoorsAtOnce(destination: string, code: string, name: string): Promise<ProcessResult[]> {
  const barrier = join(e2e.dir, `barrier-${name}`);
  let waiting = 0;
  let opened = false;
  const open = (): void => {
    if (opened) return;
    opened = true;
    writeFileSync(barrier, '');
  };
  const runs = Array.from({ length: DOORS }, (_, door) => {
    let counted = false;
    return checkin(e2e, ['--json', event.eventId, code, '--db', destination, '--door', `door-${door + 1}`], {
      env: { BOXOFFICE_TEST_CHECKIN_BARRIER: barrier },
      onOutput: ({ stderr }) => {
        if (counted || !stderr.includes('checkin: at the barrier')) return;
        counted = true;
        waiting += 1;
        if (waiting === DOORS) open();
      },
    });
  });
  const results = await Promise.all(runs);
  expect(existsSync(barrier), 'every door reached the barrier before any scanned').toBe(true);
  return results;
}

function expectOneInSevenAlreadyIn(results: ProcessResult[], code: string): void {
  const codes = results.map((result) => result.code);
  expect(
    codes.filter((exit) => exit === 0),
    results.map((result) => result.stderr).join('\n'),
  ).toHaveLength(1);
  expect(codes.filter((exit) => exit === 6)).toHaveLength(DOORS - 1);
  const documents = results.map((result) => JSON.parse(result.stdout) as { outcome: string; admitted: { ticketNo: string; door: string }[] });
  expect(documents.map((document) => document.outcome).sort()).toEqual([
    'already-in',
    'already-in',
    'already-in',
    'already-in',
    'already-in',
    'already-in',
    'already-in',
    'in',
  ]);
  const winner = documents.find((document) => document.outcome === 'in');
  expect(winner?.admitted.map((attendee) => attendee.ticketNo)).toEqual([code]);
  // Every "already in" names the door that let the attendee in.
  for (const result of results.filter((each) => each.code === 6)) expect(result.stderr).toContain(`at door ${winner?.admitted[0].door}`);
}

describe('eight doors scan one ticket at once', () => {
  it('one SQLite file: exactly one "in" (exit 0), seven "already in" (exit 6)', { timeout: 120_000 }, async () => {
    const destination = join(e2e.dir, 'doors.db');
    await syncInto(e2e, event.eventId, destination);
    const code = attending()[0];
    expectOneInSevenAlreadyIn(await eightDoorsAtOnce(destination, code, 'sqlite'), code);
  });

  describe('one PostgreSQL database', () => {
    let postgres: TestPostgres;
    beforeAll(async () => {
      postgres = await startTestPostgres();
    }, 120_000);
    afterAll(async () => postgres?.close());

    it('exactly one "in" (exit 0), seven "already in" (exit 6)', { timeout: 120_000 }, async () => {
      await syncInto(e2e, event.eventId, postgres.url);
      const code = attending()[1];
      expectOneInSevenAlreadyIn(await eightDoorsAtOnce(postgres.url, code, 'postgres'), code);
    });

    it("a door's view on the same database counts that arrival and finds attendees by part of a ticket number", { timeout: 120_000 }, async () => {
      const expected = attending().length;
      const view = runInTerminal(['checkin', event.eventId, '--db', postgres.url, '--door', 'view'], { cwd: e2e.dir, columns: 80, rows: 24, env: e2e.env });
      try {
        await view.waitFor(`arrived 1 / ${expected} expected`);
        const code = attending()[1];
        view.type(code.slice(0, -1));
        await view.waitFor(`› `);
        expect(view.viewport().join('\n')).toContain(code);
        view.type('\x1b');
        view.type('\x03');
        expect(await view.exit).toBe(0);
      } finally {
        view.kill();
      }
    });
  });
});
