// No test sleeps to synchronise: a test waits for an event (a line the process prints, a file or
// lock it holds, a promise a server resolves), never for time to pass. The rule, over every file
// under test/ (TypeScript, and the Python and shell the tests run):
// - no timer: setTimeout, setInterval, node:timers, sleep(…), `sleep N`, delay(…), Atomics.wait;
// - a condition nothing announces is polled with vitest's `vi.waitFor`/`vi.waitUntil`, the one
//   poll allowed, which fails at its deadline (give it a `timeout`);
// - a deadline (kill a hung child, give up on a screen) is `AbortSignal.timeout(ms)` or spawn's
//   `timeout` option: it can only end a wait with a failure, never let a test go on;
// - a timer that is part of what a test exercises (a slow server or client, sales arriving during
//   an export, a kill at a moment no event marks) carries `timer under test: <why>` in a comment
//   on its line or the line above.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const TIMER = /\b(?:setTimeout|setInterval)\b|\bnode:timers\b|\btimers\/promises\b|\bsleep\s*\(|\bsleep\s+\d|\bdelay\s*\(|\bAtomics\.wait\b/;
const MARKER = /(?:\/\/|#).*\btimer under test: \S/;
const SCANNED = /\.(?:[cm]?[jt]s|py|sh)$/;
// This file names the rule's words.
const SELF = 'test/code/no-sleep.test.ts';

interface TimerUse {
  file: string;
  line: number;
  text: string;
}

/** Every line of `source` that uses a timer without the marker on it or on the line above. */
function unmarkedTimers(file: string, source: string): TimerUse[] {
  const lines = source.split('\n');
  return lines.flatMap((text, index) =>
    TIMER.test(text) && !MARKER.test(text) && !MARKER.test(lines[index - 1] ?? '') ? [{ file, line: index + 1, text: text.trim() }] : [],
  );
}

function testFiles(): string[] {
  return readdirSync('test', { recursive: true, encoding: 'utf8' })
    .map((path) => join('test', path).split('\\').join('/'))
    .filter((path) => SCANNED.test(path) && path !== SELF && !path.includes('/__snapshots__/') && !path.includes('/fixtures/'));
}

function explain(use: TimerUse): string {
  return (
    `${use.file}:${use.line}: ${use.text}\n` +
    '  waits for time to pass. Wait for the event instead (a line the process prints, a file it holds, a promise a server resolves);\n' +
    "  poll a condition nothing announces with vi.waitFor/vi.waitUntil and a timeout; a deadline is AbortSignal.timeout(ms) or spawn's\n" +
    '  `timeout`; a timer that is itself under test (a slow server) gets a comment `timer under test: <why>` on its line or the one above.'
  );
}

describe('no test sleeps to synchronise', () => {
  it('finds a sleep, a timer promise, a polling loop and a sleeping shell, and lets a marked slow server be', () => {
    const source = [
      'await new Promise((resolve) => setTimeout(resolve, 200));',
      "import { setTimeout as wait } from 'node:timers/promises';",
      'while (!done) await sleep(20);',
      "spawn('sh', ['-c', 'sleep 1; boxoffice event list']);",
      'const tick = setInterval(poll, 10);',
      '// timer under test: a server that answers late',
      'await new Promise((resolve) => setTimeout(resolve, 50));',
      'setTimeout(answer, 30); // timer under test: the answer comes late',
      'await vi.waitUntil(() => existsSync(lock), { timeout: 10_000 });',
      'const deadline = AbortSignal.timeout(30_000);',
    ].join('\n');
    expect(unmarkedTimers('example.test.ts', source).map((use) => use.line)).toEqual([1, 2, 3, 4, 5]);
  });

  it('no file under test/ uses a timer to wait', () => {
    const files = testFiles();
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => unmarkedTimers(file, readFileSync(file, 'utf8')));
    expect(found.map(explain)).toEqual([]);
  });
});
