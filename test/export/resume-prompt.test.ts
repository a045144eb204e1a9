// A fresh `attendees export` (no --resume) that finds the checkpoint of an interrupted run of the
// same export: on a terminal it asks whether to resume (the built CLI in a pseudo-terminal, the
// answer typed); off a terminal it starts over and says so. Either way the file is the one an
// uninterrupted run writes.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxExtension } from '../../src/sandbox/context.js';
import { defaultExtensions } from '../../src/sandbox/app.js';
import { runCli } from '../helpers/process.js';
import { organizerEnv, startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { runInTerminal } from '../helpers/terminal.js';
import { seedAttendeeEvent, type SeededEvent } from './sandbox-seed.js';

let dir: string;
let sandbox: TestSandbox;
let event: SeededEvent;
let reference: string;
/** While set, the attendee list refuses the token (E008, exit 3) from its third batch on: an export stops with batches kept. */
let refuseFromThirdBatch = false;
let listCalls = 0;

const refusal: SandboxExtension = {
  name: 'the attendee list refused after two batches',
  middleware(app) {
    app.use('*', async (c, next) => {
      if (c.req.path === '/api/e/attendee-list' && refuseFromThirdBatch && ++listCalls > 2) {
        return c.json({ status: 'error', message: 'E008', description: 'not allowed' }, 403);
      }
      await next();
    });
  },
};

const env = (): Record<string, string> => organizerEnv(sandbox, join(dir, 'config'));
const exportArgs = (file: string): string[] => ['attendees', 'export', event.eventId, '-o', file, '--prefetch', '0'];

/** An export to `file` that stopped after two batches, its checkpoint kept. */
async function interruptedExport(file: string): Promise<void> {
  refuseFromThirdBatch = true;
  listCalls = 0;
  const stopped = await runCli(exportArgs(file), env());
  refuseFromThirdBatch = false;
  expect(stopped.code, stopped.stderr).toBe(3);
  expect(existsSync(`${file}.checkpoint.json`)).toBe(true);
  expect(existsSync(file)).toBe(false);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'export-resume-prompt-'));
  sandbox = await startTestSandbox({ extensions: [...defaultExtensions(), refusal] });
  event = seedAttendeeEvent(sandbox.db, { orders: 260, lateLabelFrom: 255, hostileAt: 7 });
  const whole = join(dir, 'reference.csv');
  const result = await runCli(exportArgs(whole), env());
  expect(result.code, result.stderr).toBe(0);
  reference = await readFile(whole, 'utf8');
}, 60_000);
afterAll(async () => {
  await sandbox?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a fresh export that finds a checkpoint of the same export', { timeout: 120_000 }, () => {
  for (const { answer, said } of [
    { answer: 'y', said: /resuming at record 100 \(\d+ orders already exported\)/ },
    { answer: 'n', said: /starting over: discarding the checkpoint of an earlier run/ },
  ]) {
    it(`on a terminal asks whether to resume; "${answer}" ${answer === 'y' ? 'resumes' : 'starts over'}`, async () => {
      const file = join(dir, `terminal-${answer}.csv`);
      await interruptedExport(file);
      const session = runInTerminal(exportArgs(file), { cwd: dir, env: env() });
      await session.waitFor('Resume the interrupted export to');
      await session.waitFor(/198 attendees so far\)\? No starts over \(Y\/n\)/);
      session.type(`${answer}\r`);
      expect(await session.exit, session.text()).toBe(0);
      expect(session.text()).toMatch(said);
      expect(await readFile(file, 'utf8')).toBe(reference);
      expect(existsSync(`${file}.checkpoint.json`)).toBe(false);
    });
  }

  it('off a terminal starts over without asking, and says the checkpoint is discarded', async () => {
    const file = join(dir, 'piped.csv');
    await interruptedExport(file);
    const result = await runCli(exportArgs(file), env());
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/^starting over: discarding the checkpoint of an earlier run \(.*\.checkpoint\.json\); --resume continues one$/m);
    expect(result.stderr).not.toContain('Resume');
    expect(await readFile(file, 'utf8')).toBe(reference);
  });

  it("on a terminal asks nothing when the checkpoint is another export's (another --status)", async () => {
    const file = join(dir, 'other.csv');
    await interruptedExport(file);
    const session = runInTerminal([...exportArgs(file), '--status', 'attending'], { cwd: dir, env: env() });
    expect(await session.exit, session.text()).toBe(0);
    expect(session.text()).not.toContain('Resume');
    expect(session.text()).toContain('starting over: discarding the checkpoint');
  });
});
