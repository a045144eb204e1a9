// The first hour of a new user on a real terminal: the built CLI in a pseudo-terminal, 80 columns,
// TERM xterm-256color, colour on, its output rendered by a terminal emulator (test/helpers/terminal.ts).
// The same places as first-hour.test.ts, where what matters is what the screen shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInTerminal, wrappedLines, type TerminalOptions, type TerminalSession } from '../helpers/terminal.js';
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

  it('ticket add: a new ticket is not offered "delete" as its status, and the fee settings are described, not bare 1, 2, 3', async () => {
    const session = terminal([
      'ticket',
      'add',
      eventId,
      '--ticket-name',
      'Prompted',
      '--price',
      '10',
      '--currency',
      'INR',
      '--quantity',
      '5',
      '--allow-cancellation',
      'false',
    ]);
    await session.waitFor('(--service-fee)');
    await session.waitFor('3  all fees passed to the buyer');
    const screen = session.text();
    expect(screen).toContain('1  all fees absorbed into the price');
    expect(screen).toContain('2  gateway fee absorbed, platform fee passed on');
    expect(screen).toContain('--status: active, the one choice offered for a new record');
    expect(screen).not.toMatch(/^\W*delete\s*$/m);
    session.type('\r');
    expect(await session.exit, session.text()).toBe(0);
    expect(session.text()).toMatch(/added ticket \d+ \(Prompted\)/);
  });

  it('discount add asks the type before the amount that depends on it', async () => {
    const session = terminal(['discount', 'add', eventId, ticketId, '--discount-category', 'flat']);
    await session.waitFor('(--discount-type)');
    expect(session.text()).not.toContain('(--discount)');
    session.type('\r');
    await session.waitFor('(--discount)');
    session.type('10\r');
    expect(await session.exit, session.text()).toBe(0);
    expect(session.text().indexOf('(--discount-type)')).toBeLessThan(session.text().indexOf('(--discount)'));
    expect(session.text()).toMatch(/added discount \d+/);
  });

  it('event create proposes the url from the title and the end date from the start date; Enter takes them', async () => {
    const title = `Gala ${Date.now() % 100_000}`;
    const session = terminal([
      'event',
      'create',
      '--event-type',
      'public',
      '--type',
      'ticketing',
      '--event-title',
      title,
      '--segment',
      'technology',
      '--category',
      'technology',
      '--start-date',
      '2030-05-02',
      '--start-time',
      '18:00',
      '--end-time',
      '22:00',
      '--about-event',
      'Talks',
      '--listing-image',
      'https://img.example/l.png',
      '--header-image',
      'https://img.example/h.png',
      '--contact-info',
      'hello@example.com',
    ]);
    const slug = title.toLowerCase().replace(/ /g, '-');
    // (the prompt wraps its own long line at 80 columns: read it joined)
    await session.waitFor(/\(--url\) \([^)]*\)/);
    expect(session.text().replace(/\n/g, '')).toContain(`(--url) (${slug})`);
    session.type('\r');
    await session.waitFor('(--end-date) [yyyy-mm-dd] (2030-05-02)');
    session.type('\r');
    expect(await session.exit, session.text()).toBe(0);
    const eventIdCreated = /created event (\d+)/.exec(session.text())?.[1] ?? '';
    const created = JSON.parse((await e2e.run(['--json', 'event', 'get', eventIdCreated])).stdout);
    expect(JSON.stringify(created)).toContain(`"${slug}"`);
    expect(JSON.stringify(created)).toContain('2030-05-02');
  });

  it('insights has colour on a terminal (headings bold, bars cyan), none with NO_COLOR', async () => {
    const env = { BOXOFFICE_TOKEN: e2e.sandbox.tokens.admin };
    const coloured = terminal(['insights', eventId], { env });
    expect(await coloured.exit, coloured.text()).toBe(0);
    expect(coloured.raw()).toContain('\x1b[1mtickets (attendees');
    expect(coloured.raw()).toMatch(/\x1b\[36m[▏▎▍▌▋▊▉█]+\x1b\[39m/);
    const plain = terminal(['insights', eventId], { env: { ...env, NO_COLOR: '1' } });
    expect(await plain.exit, plain.text()).toBe(0);
    expect(plain.raw()).not.toMatch(/\x1b\[[\d;]*m/);
  });

  it('insights --watch: what came in stays on screen when the next refresh brings nothing (not reset to +0)', async () => {
    const session = terminal(['insights', eventId, '--watch', '2s'], { rows: 20, env: { BOXOFFICE_TOKEN: e2e.sandbox.tokens.admin } });
    try {
      await session.waitFor('since the last refresh', 90_000);
      const placed = await e2e.run(['order', 'place', eventId, '--ticket', `${ticketId}:1`, '--fake']);
      expect(placed.code, placed.stderr).toBe(0);
      await session.waitFor(/since the last refresh: \+1 order \(/, 30_000);
      // One interval later: nothing new since that refresh, and the order is still counted.
      await session.waitFor(/since the last refresh: \+0 orders[^\n]*\nsince [\d:]+: \+1 order \(\+1 attendee\)/, 30_000);
    } finally {
      session.kill();
    }
  });

  it('auth status fits 80 columns, nothing cut, and says which account the token belongs to', async () => {
    const session = terminal(['auth', 'status']);
    expect(await session.exit, session.text()).toBe(0);
    expect(wrappedLines(session), session.text()).toEqual([]);
    expect(session.text()).not.toContain('…');
    expect(session.text()).toMatch(/^token +BOXOFFICE_TOKEN \(environment; expiry not known\)$/m);
    expect(session.text()).toMatch(/^account +\d+ \(organizer@sandbox\.local\)$/m);
  });
});
