// The door's full-screen view as a person at the door sees it: the built CLI in a pseudo-terminal
// of 80x24 (test/helpers/terminal.ts), colour on and with NO_COLOR, over a SQLite file synced
// from a real sandbox. Scan, search, each answer (in / already in / not found / cancelled), undo,
// and the counts, all read from the rendered screen.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2e } from '../e2e/support/built-cli.js';
import { runInTerminal, wrappedLines, type TerminalSession } from '../helpers/terminal.js';
import { seededEvent, syncInto, type SyncedEvent } from './support.js';

interface ListedAttendee {
  ticketNo: string;
  name: string;
  email: string;
  status: string;
  ticketName: string;
}

let e2e: E2e;
let event: SyncedEvent;
let attendees: ListedAttendee[];
beforeAll(async () => {
  e2e = await startE2e();
  event = await seededEvent(e2e, 16);
  attendees = e2e.sandbox.db
    .prepare(
      `SELECT a.ticket_no AS ticketNo, a.name AS name, a.email AS email, a.status AS status, t.name AS ticketName
       FROM attendees a JOIN orders o ON o.id = a.order_id JOIN tickets t ON t.id = a.ticket_id
       WHERE o.event_id = ? AND o.event_position IS NOT NULL ORDER BY a.id`,
    )
    .all(Number(event.eventId)) as ListedAttendee[];
}, 120_000);
afterAll(async () => e2e?.close());

/** The viewport's lines, as the person sees them now. */
const screen = (session: TerminalSession): string => session.viewport().join('\n');

/** Waits until the visible screen (not the scrollback) shows `what`. */
async function shows(session: TerminalSession, what: string | RegExp): Promise<void> {
  await session.waitFor(what);
  await expect
    .poll(() => screen(session), { timeout: 10_000 })
    .toMatch(typeof what === 'string' ? new RegExp(what.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : what);
}

for (const colour of [true, false]) {
  describe(`the door's view at 80x24, colour ${colour ? 'on' : 'off (NO_COLOR)'}`, { timeout: 180_000 }, () => {
    it('scan, search, in / already in / not found / cancelled, undo, and the counts', async () => {
      const database = join(e2e.dir, `view-${colour ? 'colour' : 'plain'}.db`);
      await syncInto(e2e, event.eventId, database);
      const attending = attendees.filter((attendee) => attendee.status === 'attending');
      const cancelled = attendees.find((attendee) => attendee.status !== 'attending');
      expect(cancelled, 'the seeded event has a cancelled attendee').toBeDefined();
      const expected = attending.length;
      const session = runInTerminal(['checkin', event.eventId, '--db', database, '--door', 'north'], {
        cwd: e2e.dir,
        columns: 80,
        rows: 24,
        env: { ...e2e.env, ...(colour ? {} : { NO_COLOR: '1' }) },
      });
      try {
        await shows(session, `arrived 0 / ${expected} expected`);
        await shows(session, /list as of \d\d:\d\d:\d\d/);

        // Scan: a ticket number and Enter, as a barcode scanner types it.
        const [first, second] = attending;
        let mark = session.raw().length;
        /** With colour, the answer's banner is drawn in its own colour (green, yellow, red, magenta, grey). */
        const paintedSinceMark = (code: string): void => {
          if (colour) expect(session.raw().slice(mark)).toContain(code);
          mark = session.raw().length;
        };
        session.type(`${first.ticketNo}\r`);
        await shows(session, 'I N');
        await shows(session, `${first.name} · ${first.ticketName} · ticket ${first.ticketNo}`);
        await shows(session, `arrived 1 / ${expected} expected`);
        expect(screen(session)).toMatch(new RegExp(`^  ${first.ticketName}\\s+1 / \\d+$`, 'm'));
        paintedSinceMark('\x1b[1;97;42m');

        session.type(`${first.ticketNo}\r`);
        await shows(session, 'A L R E A D Y   I N');
        await shows(session, /since \d\d:\d\d:\d\d at door north/);
        paintedSinceMark('\x1b[1;30;43m');

        session.type('NO-SUCH-CODE\r');
        await shows(session, 'N O T   F O U N D');
        await shows(session, 'no ticket or order NO-SUCH-CODE in the list');
        paintedSinceMark('\x1b[1;97;41m');

        session.type(`${cancelled?.ticketNo}\r`);
        await shows(session, 'C A N C E L L E D');
        await shows(session, 'do not let in');
        paintedSinceMark('\x1b[1;97;45m');

        // Search: part of an e-mail filters the list; Enter lets the chosen attendee in.
        const part = second.email.split('@')[0];
        session.type(part);
        await shows(session, new RegExp(`› ${second.name} · ${second.email.replace(/[.+]/g, '\\$&')} · ${second.ticketNo}`));
        session.type('\r');
        await shows(session, `ticket ${second.ticketNo}`);
        await shows(session, `arrived 2 / ${expected} expected`);

        // Undo: the last check-in of this door is taken back.
        session.type('\x1a');
        await shows(session, 'U N D O N E');
        await shows(session, `ticket ${second.ticketNo} (was in at`);
        paintedSinceMark('\x1b[1;30;47m');
        await shows(session, `arrived 1 / ${expected} expected`);

        expect(wrappedLines(session)).toEqual([]);
        for (const line of session.viewport()) expect(line.length).toBeLessThanOrEqual(80);
        if (colour) expect(session.raw()).toContain('\x1b[1;97;42m');
        else {
          expect(session.raw()).not.toMatch(/\x1b\[[0-9;]*m/);
          expect(screen(session)).toContain('█'.repeat(80));
        }
        session.type('\x03');
        expect(await session.exit).toBe(0);
      } finally {
        session.kill();
      }
    });
  });
}
