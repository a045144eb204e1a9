// The first hour of a new user on a real terminal: the built CLI in a pseudo-terminal, 80 columns,
// TERM xterm-256color, colour on, its output rendered by a terminal emulator (test/helpers/terminal.ts).
// The same places as first-hour.test.ts, where what matters is what the screen shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInTerminal, type TerminalOptions, type TerminalSession } from '../helpers/terminal.js';
import { startE2e, type E2e } from './support/built-cli.js';

let e2e: E2e;
let eventId: string;
let ticketId: string;

beforeAll(async () => {
  e2e = await startE2e({ seed: 'demo' });
  eventId = e2e.sandbox.seededEventIds[0];
  ticketId = (await e2e.run(['ticket', 'list', eventId])).stdout.split('\t')[0];
});
afterAll(async () => e2e?.close());

function terminal(argv: readonly string[], options: TerminalOptions = {}): TerminalSession {
  return runInTerminal(argv, { cwd: e2e.dir, ...options, env: { ...e2e.env, ...options.env } });
}

describe.concurrent('the first hour on a terminal', { timeout: 120_000 }, () => {
  it('order place says how to continue an order only when it is interrupted, not on every success', async () => {
    const placed = terminal(['order', 'place', eventId, '--ticket', `${ticketId}:1`, '--fake']);
    expect(await placed.exit, placed.text()).toBe(0);
    expect(placed.text()).toMatch(/order SBX\d+: generated; its tickets are held until it is confirmed\n/);
    expect(placed.text()).not.toContain('interrupted');
    expect(placed.text()).not.toContain('continue it with');

    const interrupted = terminal(['order', 'place', eventId, '--ticket', `${ticketId}:1`]);
    await interrupted.waitFor('Attendee 1');
    interrupted.interrupt();
    expect(await interrupted.exit, interrupted.text()).toBe(130);
    expect(interrupted.text()).toMatch(/interrupted: order SBX\d+ is not finished; continue it with: boxoffice order place /);
  });
});
