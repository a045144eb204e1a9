// What an organizer sees on a real terminal: the built CLI in a pseudo-terminal (TERM
// xterm-256color, colour on), its output rendered by a terminal emulator (test/helpers/terminal.ts).
// Every command that draws a table, a prompt, a progress line or a watch view has a screen here.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInTerminal, wrappedLines, type TerminalOptions, type TerminalSession } from '../helpers/terminal.js';
import { runBuilt, startE2e, type E2e } from './support/built-cli.js';

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

/** Runs to the end and returns the session, failing on a non-zero exit with the screen shown. */
async function finished(argv: readonly string[], options: TerminalOptions = {}): Promise<TerminalSession> {
  const session = terminal(argv, options);
  const code = await session.exit;
  expect(code, session.text()).toBe(0);
  return session;
}

/** The lines as the program wrote them: a line the terminal wrapped joined back to the one it continues. */
function logicalLines(session: TerminalSession): string[] {
  return session.text().split('\n');
}

/** The header rules of the tables on screen, each with the width of its table (the lines up to the next blank or non-table line). */
function tableRules(session: TerminalSession): { rule: number; table: number; screen: string }[] {
  const lines = logicalLines(session);
  const rules: { rule: number; table: number; screen: string }[] = [];
  lines.forEach((line, index) => {
    if (!/^─+$/.test(line)) return;
    const header = lines[index - 1] ?? '';
    let end = index + 1;
    while (end < lines.length && lines[end] !== '' && !/^─+$/.test(lines[end + 1] ?? '')) end += 1;
    const body = lines.slice(index + 1, end);
    rules.push({ rule: line.length, table: Math.max(header.length, ...body.map((text) => text.length)), screen: session.text() });
  });
  return rules;
}

/**
 * The wrapped rows, except those of order place's order-number line on stderr: one line of prose
 * holding the command that continues the order (docs/buyer.md), which the terminal may wrap; what
 * must fit is the table.
 */
function wrappedOutsideNotices(session: TerminalSession): string[] {
  const notices = logicalLines(session).filter((line) => /^order \S+: generated; /.test(line));
  return wrappedLines(session).filter((wrapped) => !notices.some((notice) => notice.includes(wrapped.split('⏎')[1])));
}

const tableCommands = (): { name: string; argv: string[] }[] => [
  { name: 'event list', argv: ['event', 'list'] },
  { name: 'ticket list', argv: ['ticket', 'list', eventId] },
  { name: 'event details', argv: ['event', 'details', eventId] },
  { name: 'report', argv: ['report', eventId] },
  { name: 'order place --fake', argv: ['order', 'place', eventId, '--ticket', `${ticketId}:1`, '--fake'] },
];

describe.concurrent('tables on a colour terminal', { timeout: 120_000 }, () => {
  for (const columns of [80, 120]) {
    it(`the header rule is as wide as its table, and no line wraps, at ${columns} columns`, async () => {
      for (const { name, argv } of tableCommands()) {
        // A config directory per width: the two widths run at once, and order place keeps its
        // intent file there (two runs of one purchase at once would read each other's).
        const session = await finished(argv, { columns, env: { BOXOFFICE_CONFIG_DIR: `${e2e.dir}/config-${columns}` } });
        const rules = tableRules(session);
        expect(rules.length, `${name}: no table on screen:\n${session.text()}`).toBeGreaterThan(0);
        for (const { rule, table, screen } of rules) expect(rule, `${name} at ${columns}:\n${screen}`).toBe(table);
        expect(wrappedOutsideNotices(session), `${name} at ${columns} columns`).toEqual([]);
        expect(session.raw(), `${name}: colour on`).toMatch(/\x1b\[1m/);
      }
    });
  }
});

/** Command paths ("event create"), from the built CLI's bash completion data, read as the file is collected (one test each). */
const commandPaths = [
  ...(await runBuilt(['completion', 'bash'], { env: { BOXOFFICE_CONFIG_DIR: join(tmpdir(), 'boxoffice-terminal-no-config') } })).stdout.matchAll(
    /^ {4}"([^"]*)"\) echo/gm,
  ),
].map((match) => match[1]);

describe.concurrent('help on an 80-column terminal', { timeout: 120_000 }, () => {
  it('covers every command: the completion data lists them', () => {
    expect(commandPaths.length).toBeGreaterThan(30);
  });

  it.for(commandPaths)('boxoffice %s --help fits: no line wraps, examples included; one wording ("flags")', async (path) => {
    const session = await finished([...path.split(' ').filter(Boolean), '--help'], { columns: 80 });
    expect(wrappedLines(session), `boxoffice ${path} --help`).toEqual([]);
    expect(session.text(), `boxoffice ${path} --help`).not.toMatch(/\[options\]|^Options:/m);
    // The installed package ships bin/, dist/ and man/ only: help names no other file of the project.
    expect(session.text(), `boxoffice ${path} --help`).not.toMatch(/\bdocs\/|\bexamples\/|README|\.md\b/);
  });

  it("`help event create` shows event create's help; -v prints the version as -V does", async () => {
    const viaHelp = await finished(['help', 'event', 'create']);
    const viaFlag = await finished(['event', 'create', '--help']);
    expect(viaHelp.text()).toContain('Usage: boxoffice event create [flags]');
    expect(viaHelp.text()).toBe(viaFlag.text());
    const short = await finished(['-v']);
    expect(short.text()).toMatch(/^\d+\.\d+\.\d+/);
    expect(short.text()).toBe((await finished(['-V'])).text());
  });
});

describe.concurrent('insights --watch on a terminal', { timeout: 180_000 }, () => {
  for (const { rows, view } of [
    { rows: 16, view: 'compact' },
    { rows: 64, view: 'full' },
  ]) {
    it(`redraws in place within a ${rows}-line window (${view} view), never a copy per refresh`, async () => {
      const session = terminal(['insights', eventId, '--watch', '2s'], { rows, env: { BOXOFFICE_TOKEN: e2e.sandbox.tokens.admin } });
      try {
        await session.waitFor('since the last refresh', 90_000);
        // Two more refreshes drawn over it: each frame begins by moving the cursor home.
        const frames = (): number => session.raw().split('\x1b[H').length - 1;
        const shown = frames();
        await session.waitFor(() => frames() >= shown + 2, 60_000);
        const title = session.lines()[0].text;
        expect(title, session.text()).toMatch(/^Seeded .* · times in /);
        expect(session.text().split(title).length - 1, session.text()).toBe(1);
        // Nothing scrolled off into the scrollback: the whole buffer is the window.
        expect(session.lines().length, session.text()).toBeLessThanOrEqual(rows);
        expect(wrappedLines(session).filter((line) => !line.includes('watching:'))).toEqual([]);
        if (view === 'full') expect(session.text()).toContain('tickets (attendees');
        else expect(session.text()).toContain('too short for the full summary');
      } finally {
        session.kill();
      }
    });
  }
});

describe.concurrent('confirmations on a terminal', { timeout: 120_000 }, () => {
  it('"no" to replacing an existing export file exits 1 (not 130) and leaves the file', async () => {
    const { writeFileSync, readFileSync } = await import('node:fs');
    const file = join(e2e.dir, 'kept.csv');
    writeFileSync(file, 'kept\n');
    const session = terminal(['attendees', 'export', eventId, '-o', file], { env: { BOXOFFICE_TOKEN: e2e.sandbox.tokens.admin } });
    await session.waitFor(/replace|Replace|overwrite|Overwrite/);
    session.type('n\r');
    expect(await session.exit, session.text()).toBe(1);
    expect(readFileSync(file, 'utf8')).toBe('kept\n');
  });
});

/** Types an answer at the prompt that is on screen now, replacing what the prompt kept. */
async function answer(session: TerminalSession, prompt: string | RegExp, text: string): Promise<void> {
  await session.waitFor(prompt);
  session.type(`\x15${text}\r`); // Ctrl-U clears what a refused answer left in the line
}

describe.concurrent('prompts that finish what they start', { timeout: 180_000 }, () => {
  it('event create checks the slug, image address and e-mail at the prompt, and the end after the start, asking again', async () => {
    const session = terminal([
      'event',
      'create',
      '--event-type',
      'public',
      '--type',
      'ticketing',
      '--event-title',
      'Prompted Night',
      '--segment',
      'technology',
      '--category',
      'technology',
      '--start-date',
      '2030-05-02',
      '--start-time',
      '18:00',
      '--about-event',
      'Talks',
      '--header-image',
      'https://img.example/h.png',
    ]);
    await answer(session, '(--url)', 'Not A Slug');
    await session.waitFor('expected a slug');
    await answer(session, 'expected a slug', 'prompted-night');
    await answer(session, '(--end-date)', '2030-05-01');
    await answer(session, '(--end-time)', '22:00');
    await answer(session, '(--listing-image)', 'listing.png');
    await session.waitFor('expected an http:// or https:// address');
    await answer(session, 'expected an http:// or https:// address', 'https://img.example/l.png');
    await answer(session, '(--contact-info)', 'hello@example');
    await session.waitFor('expected an e-mail address');
    await answer(session, 'expected an e-mail address', 'hello@example.com');
    await session.waitFor('end date-time must be later than start date-time; asking again');
    await answer(session, /asking again[\s\S]*\(--end-date\)/, '2030-05-03');
    expect(await session.exit, session.text()).toBe(0);
    expect(session.text()).toMatch(/created event \d+: Prompted Night/);
  });

  it('a prompt session the service refuses prints the equivalent command line', async () => {
    const flags = [
      '--event-type',
      'public',
      '--type',
      'ticketing',
      '--event-title',
      'Twice',
      '--segment',
      'technology',
      '--category',
      'technology',
      '--start-date',
      '2030-05-02',
      '--end-date',
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
    ];
    const first = await e2e.run(['event', 'create', ...flags, '--url', 'taken-slug', '--contact-info', 'a@example.com']);
    expect(first.code, first.stderr).toBe(0);
    const session = terminal(['event', 'create', ...flags, '--url', 'taken-slug']);
    await answer(session, '(--contact-info)', 'typed@example.com');
    expect(await session.exit).toBe(1);
    const screen = session.text();
    expect(screen).toContain('the same as a command line');
    expect(screen).toContain('--contact-info typed@example.com');
  });

  it('discount add asks for what the category needs: the code of a code discount', async () => {
    const session = terminal(['discount', 'add', eventId, ticketId, '--discount-category', 'code', '--discount', '10', '--discount-type', 'percentage']);
    await answer(session, '(--code)', 'PTYCODE');
    expect(await session.exit, session.text()).toBe(0);
    expect(session.text()).toMatch(/added discount \d+/);
  });
});

describe.concurrent('ticket update and the fee setting the service never returns', { timeout: 120_000 }, () => {
  it('explains why it asks for --service-fee and preselects nothing; without a terminal the error says the same', async () => {
    const session = terminal(['ticket', 'update', eventId, ticketId, '--quantity', '120']);
    await session.waitFor('(--service-fee) [1|2|3]');
    expect(session.text()).toContain("the service does not return a ticket's fee setting");
    // Enter alone is refused: no answer is preselected.
    session.type('\r');
    await session.waitFor('a value is required');
    await answer(session, 'a value is required', '2');
    expect(await session.exit, session.text()).toBe(0);
    expect(session.text()).toMatch(/updated ticket \d+/);

    const piped = await e2e.run(['--no-input', 'ticket', 'update', eventId, ticketId, '--quantity', '121'], {
      env: { BOXOFFICE_CONFIG_DIR: `${e2e.dir}/fresh-config` },
    });
    expect(piped.code).toBe(2);
    expect(piped.stderr).toMatch(/does not return a ticket's fee setting .* \(--service-fee 1, 2 or 3\)/);
  });
});
