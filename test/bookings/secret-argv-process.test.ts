// The booking key never in argv: the built CLI as a process against a real sandbox. While it
// runs, its command line (/proc/PID/cmdline, what `ps` shows every user of the machine) is read
// twice: as it starts, and while it is blocked waiting on the sandbox, which holds its request.
// Every way of giving the key keeps it out; the flag that took the key itself is refused.
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultExtensions } from '../../src/sandbox/app.js';
import { startCli } from '../helpers/process.js';
import { RequestGate } from '../helpers/request-gate.js';
import { organizerEnv, startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const gates = { request: new RequestGate('/em/booking'), list: new RequestGate('/api/e/get-booking-list') };
let sandbox: TestSandbox;
let configDir: string;
let keyFile: string;

beforeAll(async () => {
  sandbox = await startTestSandbox({ extensions: [...defaultExtensions(), gates.request.extension, gates.list.extension] });
  configDir = mkdtempSync(join(tmpdir(), 'boxoffice-secret-argv-'));
  keyFile = join(configDir, 'booking-key');
  writeFileSync(keyFile, `${sandbox.tokens.bookingKey}\n`, { mode: 0o600 });
});

afterAll(async () => {
  for (const gate of Object.values(gates)) gate.release();
  await sandbox?.close();
  if (configDir) rmSync(configDir, { recursive: true, force: true });
});

const commandLine = (pid: number | undefined) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');

let orders = 0;
const verbs = {
  request: () => ['bookings', 'request', '--amount', '5', '--order-no', `ARGV-${++orders}`, '--callback-url', 'https://shop.example/paid'],
  list: () => ['bookings', 'list', '--from-date', '2026-01-01', '--to-date', '2026-01-31'],
};

interface Way {
  name: string;
  args: () => string[];
  env: () => Record<string, string>;
  stdin?: () => string;
}

const WAYS: Way[] = [
  { name: 'BOXOFFICE_BOOKING_KEY', args: () => [], env: () => ({ BOXOFFICE_BOOKING_KEY: sandbox.tokens.bookingKey }) },
  { name: '--booking-key-file FILE', args: () => ['--booking-key-file', keyFile], env: () => ({}) },
  { name: '--booking-key-file - (standard input)', args: () => ['--booking-key-file', '-'], env: () => ({}), stdin: () => sandbox.tokens.bookingKey },
];

describe('the booking key never shows in the command line of a running CLI', () => {
  for (const verb of ['request', 'list'] as const) {
    it.each(WAYS.map((way) => [way.name, way]))(
      `bookings ${verb}, the key from %s: not in /proc/PID/cmdline as it starts nor while it waits on the sandbox`,
      async (_name, way) => {
        const gate = gates[verb];
        gate.arm();
        const run = startCli([...verbs[verb](), ...way.args()], { ...organizerEnv(sandbox, configDir), ...way.env() }, way.stdin?.());
        await once(run.child, 'spawn');
        const starting = commandLine(run.child.pid);
        await gate.received;
        const waiting = commandLine(run.child.pid);
        gate.release();
        const result = await run.done;
        expect(result.stderr).not.toMatch(/^error/m);
        expect(result.code).toBe(0);
        for (const seen of [starting, waiting]) {
          expect(seen).toContain(`bookings ${verb}`);
          expect(seen).not.toContain(sandbox.tokens.bookingKey);
        }
      },
    );
  }

  it.each([
    ['request', ['--booking-key', 'the-key-itself']],
    ['request', ['--booking-key=the-key-itself']],
    ['list', ['--booking-key', 'the-key-itself']],
  ] as const)('bookings %s %j: refused (exit 2) naming where the key comes from, nothing sent, the key not echoed', async (verb, flag) => {
    const gate = gates[verb];
    const before = gate.seen;
    const result = await startCli([...verbs[verb](), ...flag], { ...organizerEnv(sandbox, configDir), BOXOFFICE_BOOKING_KEY: sandbox.tokens.bookingKey }).done;
    expect(result).toMatchObject({ code: 2, stdout: '' });
    expect(result.stderr).toBe(
      'error: --booking-key is not accepted: a key on the command line is visible to every user of this machine (ps); ' +
        'give it by BOXOFFICE_BOOKING_KEY, --booking-key-file FILE (- for standard input), or boxoffice config set bookingKey\n',
    );
    expect(gate.seen).toBe(before);
  });
});
