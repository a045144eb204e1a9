// Ctrl-C, wherever it lands, ends the built CLI with one line, "interrupted", and exit 130: at a
// prompt on a real terminal (typed, and as SIGINT), and during a request that the service is
// slow to answer (a sandbox that holds every request), once or twice.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCli } from '../helpers/process.js';
import { runInTerminal, type TerminalSession } from '../helpers/terminal.js';
import { startE2e, type E2e } from './support/built-cli.js';

let e2e: E2e;
let slow: E2e;

beforeAll(async () => {
  [e2e, slow] = await Promise.all([
    startE2e({ seed: 'demo' }),
    // Every API request held 30 s: a command is always mid-request when Ctrl-C comes.
    startE2e({ seed: 'demo', faults: 'rate=1,kinds=delay,delay=30s' }),
  ]);
});
afterAll(async () => Promise.all([e2e?.close(), slow?.close()]));

/** What the screen shows after the prompt's own lines: the CLI's last words. */
function afterPrompt(session: TerminalSession): string[] {
  const lines = session.text().split('\n');
  return lines.slice(lines.findIndex((line) => line.includes('select')) + 1).filter((line) => line.trim() !== '');
}

describe.concurrent('Ctrl-C at a prompt on a terminal', { timeout: 120_000 }, () => {
  const prompted = (): TerminalSession => runInTerminal(['event', 'create', '--event-type', 'public'], { cwd: e2e.dir, env: e2e.env });

  it('typed (a key, the prompt reads raw keys): one line "interrupted", exit 130', async () => {
    const session = prompted();
    await session.waitFor('(--type)');
    await session.waitFor('select');
    session.type('\x03');
    expect(await session.exit, session.text()).toBe(130);
    expect(afterPrompt(session), session.text()).toEqual(['interrupted']);
  });

  it('as SIGINT (kill -INT): one line "interrupted", exit 130, not a silent death by the signal', async () => {
    const session = prompted();
    await session.waitFor('(--type)');
    await session.waitFor('select');
    session.interrupt();
    expect(await session.exit, session.text()).toBe(130);
    expect(afterPrompt(session), session.text()).toEqual(['interrupted']);
  });
});

describe('Ctrl-C at a question of work that leaves something at the service', { timeout: 120_000 }, () => {
  it('order place, typed at an attendee question: one line "interrupted" with what was undone, exit 130', async () => {
    const eventId = e2e.sandbox.seededEventIds[0];
    const numericTicket = (await e2e.run(['ticket', 'list', eventId])).stdout.split('\n')[0].split('\t')[0];
    const session = runInTerminal(['order', 'place', eventId, '--ticket', `${numericTicket}:1`], { cwd: e2e.dir, env: e2e.env });
    await session.waitFor('Attendee 1:');
    session.type('\x03');
    expect(await session.exit, session.text()).toBe(130);
    const last = session
      .text()
      .split('\n')
      .filter((line) => line.trim() !== '')
      .at(-1);
    expect(last?.trim()).toMatch(/^interrupted \(order SBX\d+ was marked failed, so its tickets are released\)$/);
  });
});

describe.concurrent('Ctrl-C during a request the service is slow to answer', { timeout: 120_000 }, () => {
  for (const signals of [1, 2]) {
    it(`attendees export, SIGINT ${signals === 1 ? 'once' : 'twice'}: one line, exit 130, no file`, async () => {
      const output = join(slow.dir, `slow-${signals}.csv`);
      // --debug shows when the request is on its way (and held by the sandbox).
      const running = startCli(['--debug', 'attendees', 'export', slow.sandbox.seededEventIds[0], '-o', output], {
        ...slow.env,
        BOXOFFICE_TOKEN: slow.sandbox.tokens.admin,
      });
      await running.waitForStderr(/^--> POST \S+\/api\/e\/attendee-list$/m);
      for (let sent = 0; sent < signals; sent += 1) running.child.kill('SIGINT');
      const result = await running.done;
      expect(result.code, result.stderr).toBe(130);
      // After the trace of the cancelled request: "interrupted", once, and nothing else (no stack).
      const said = result.stderr.replace(/^(-->|<--| {4}).*\n/gm, '');
      // A second SIGINT may end the process before the first one's line: never two lines.
      if (signals === 1) expect(said).toBe('interrupted\n');
      else expect(said).toMatch(/^(interrupted\n)?$/);
      expect(result.stdout).toBe('');
      expect(existsSync(output)).toBe(false);
    });
  }
});
