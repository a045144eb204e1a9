// Shell completion as a person meets it: zsh and fish (and bash) in a pseudo-terminal, the built
// CLI's completion script loaded, TAB typed. File names where a flag or an argument takes a path;
// event and ticket ids from what `event list` and `ticket list` last printed, without a request.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { runInTerminal, type TerminalSession } from '../helpers/terminal.js';
import { BIN, ROOT, startE2e, type E2e } from './support/built-cli.js';

let e2e: E2e;
let shimDir: string;
let eventIds: string[];
let ticketIds: string[];

beforeAll(async () => {
  e2e = await startE2e({ seed: 'demo' });
  eventIds = e2e.sandbox.seededEventIds;
  ticketIds = (await e2e.run(['ticket', 'list', eventIds[0]])).stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t')[0]);
  // `boxoffice` on the PATH is the built CLI.
  shimDir = join(e2e.dir, 'bin');
  mkdirSync(shimDir);
  writeFileSync(join(shimDir, 'boxoffice'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(shimDir, 'boxoffice'), 0o755);
});
afterAll(async () => e2e?.close());

const SHELLS = {
  zsh: { argv: ['-f'], load: 'autoload -U compinit && compinit -u && source <(boxoffice completion zsh)' },
  fish: { argv: ['--no-config'], load: 'boxoffice completion fish | source' },
  // (bash lists several candidates at the first TAB only with show-all-if-ambiguous)
  bash: { argv: ['--norc', '--noprofile'], load: "bind 'set show-all-if-ambiguous on'; source <(boxoffice completion bash)" },
} as const;

function shell(name: keyof typeof SHELLS): TerminalSession {
  return runInTerminal(SHELLS[name].argv, {
    program: name,
    cwd: ROOT,
    env: { ...e2e.env, PATH: `${shimDir}:${process.env.PATH ?? ''}`, HOME: e2e.dir, PS1: '$ ', fish_greeting: '' },
  });
}

/** Types a line and waits for the marker it echoes, so that the next keys meet a ready shell. */
async function run(session: TerminalSession, line: string, marker: string): Promise<void> {
  session.type(`${line}; echo ${marker}\r`);
  await session.waitFor(new RegExp(`^${marker}$`, 'm'));
}

function commonPrefix(words: readonly string[]): string {
  let prefix = words[0] ?? '';
  for (const word of words) while (!word.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix;
}

/**
 * Types `line` and TAB, and waits until the shell lists every one of `ids` after it: zsh and fish
 * list them at once; bash first completes their common start, and lists them at a second TAB.
 */
async function offered(session: TerminalSession, line: string, ids: readonly string[]): Promise<void> {
  const before = session.text().length;
  session.type(`${line}\t`);
  await session.waitFor(`${line}${commonPrefix(ids)}`);
  const listed = (): boolean => ids.every((id) => new RegExp(`(^|\\s)${id}(\\s|$)`).test(session.text().slice(before)));
  if (!listed() && ids.length > 1) session.type('\t');
  for (const id of ids) await session.waitFor(new RegExp(`${line.trim()}[\\s\\S]*(^|\\s)${id}(\\s|$)`, 'm'));
}

describe.concurrent('completion in a real shell', { timeout: 120_000 }, () => {
  for (const name of ['zsh', 'fish', 'bash'] as const) {
    it(`${name}: TAB completes examples/con to the file, and report <TAB> offers the ids event list printed`, async () => {
      const session = shell(name);
      try {
        await run(session, SHELLS[name].load, 'LOADED');
        session.type('boxoffice apply examples/con\t');
        await session.waitFor('boxoffice apply examples/conference.yaml');
        session.type('\x15'); // Ctrl-U: the line is cleared
        await run(session, 'boxoffice event list >/dev/null', 'LISTED');
        await offered(session, 'boxoffice report ', eventIds);
        session.type('\x15');
        await run(session, `boxoffice ticket list ${eventIds[0]} >/dev/null`, 'TICKETS');
        await offered(session, `boxoffice ticket update ${eventIds[0]} `, ticketIds);
      } finally {
        session.kill();
      }
    });
  }
});
