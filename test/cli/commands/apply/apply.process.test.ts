// `boxoffice apply` as a process (node bin/boxoffice.js, the built bundle) against real sandboxes:
// exit codes, one JSON document on stdout, and a run broken by the sandbox's injected faults
// (`--faults`: connection resets before the service sees the request) finished by running again.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../../src/client/index.js';
import type { BoxofficeClient } from '../../../../src/client/index.js';
import { organizerEnv, startTestSandbox } from '../../../helpers/sandbox.js';
import { discountCount, eventsWithUrl, ticketsOf } from '../../../apply/remote-counts.js';

type Sandbox = Awaited<ReturnType<typeof startTestSandbox>>;
const root = new URL('../../../../', import.meta.url).pathname;
const fixture = new URL('../../../apply/fixtures/conference.yaml', import.meta.url);

interface ProcessResult {
  code: number;
  stdout: string;
  stderr: string;
}

function boxoffice(args: string[], env: Record<string, string>): Promise<ProcessResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['bin/boxoffice.js', ...args],
      { cwd: root, env: { PATH: process.env.PATH ?? '', ...env }, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

// A fixed day for the sandbox, so that the file's dates stay in the future.
const clock = { now: () => new Date('2026-11-22T04:00:00Z') };

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'boxoffice-apply-process-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function envFor(sandbox: Sandbox, eventUrl: string): Record<string, string> {
  return {
    ...organizerEnv(sandbox, join(dir, 'config')),
    TEST_EVENT_URL: eventUrl,
  };
}

async function setupFile(name: string): Promise<string> {
  const file = join(dir, `${name}.yaml`);
  await writeFile(file, await readFile(fixture, 'utf8'));
  return file;
}

describe('boxoffice apply as a process', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox({ clock });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('applies with --json (one document with the ids), then finds zero changes; exit 0', async () => {
    const file = await setupFile('process-plain');
    const env = envFor(sandbox, 'process-plain');
    const first = await boxoffice(['apply', file, '--json'], env);
    expect(first.code).toBe(0);
    const document = JSON.parse(first.stdout);
    expect(document.summary).toEqual({ create: 6, update: 0, unchanged: 0, unchecked: 0, blocked: 0, drift: 0 });
    expect(Object.keys(document.ids.tickets)).toEqual(['early-bird', 'general', 'workshop']);
    expect(document.ids.event.id).toMatch(/^\d+$/);

    const again = await boxoffice(['apply', file], env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('No changes: the service matches the file.');
    expect(again.stdout).toContain('Apply complete: 0 created, 0 updated, 6 unchanged.');
  });

  it('--dry-run --detailed-exitcode: exit 9 with changes pending, 0 without; --json the same document as without the flag', async () => {
    const file = await setupFile('process-detailed');
    const env = envFor(sandbox, 'process-detailed');
    const pending = await boxoffice(['apply', file, '--dry-run', '--detailed-exitcode', '--json'], env);
    expect(pending.code).toBe(9);
    expect(pending.stderr).toBe('');
    const plain = await boxoffice(['apply', file, '--dry-run', '--json'], env);
    expect(plain.code).toBe(0);
    expect(JSON.parse(pending.stdout)).toEqual(JSON.parse(plain.stdout));
    expect(JSON.parse(pending.stdout).summary).toMatchObject({ create: 6, update: 0 });

    expect((await boxoffice(['apply', file], env)).code).toBe(0);
    const matching = await boxoffice(['apply', file, '--dry-run', '--detailed-exitcode'], env);
    expect(matching.stdout).toContain('No changes: the service matches the file.');
    expect(matching.code).toBe(0);

    const withoutDryRun = await boxoffice(['apply', file, '--detailed-exitcode'], env);
    expect(withoutDryRun.code).toBe(2);
    expect(withoutDryRun.stderr).toBe('error: --detailed-exitcode: only with --dry-run (boxoffice apply FILE --dry-run --detailed-exitcode)\n');
  });

  it('exits 2 on a schema error, naming the path, with nothing on stdout', async () => {
    const file = join(dir, 'broken.yaml');
    await writeFile(file, (await readFile(fixture, 'utf8')).replace('quantity: 60', 'quantity: sixty'));
    const result = await boxoffice(['apply', file], envFor(sandbox, 'process-broken'));
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^error: broken\.yaml:\d+: tickets\[2\]\.quantity: expected a whole number$/m);
  });

  it('exits 2 on a self-referencing YAML alias, naming its line, and changes nothing', async () => {
    const file = join(dir, 'recursive.yaml');
    const text = (await readFile(fixture, 'utf8')).replace('event:\n', 'event: &event\n  loop: *event\n');
    await writeFile(file, text);
    const result = await boxoffice(['apply', file], envFor(sandbox, 'process-recursive'));
    expect(result.stderr).toBe(
      'error: recursive.yaml:3: the alias *event is inside the value its anchor &event names (a recursive alias); repeat the value instead\n',
    );
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(existsSync(join(dir, 'recursive.boxoffice-state.json'))).toBe(false);
  });

  it('exits 3 when the token is refused', async () => {
    const file = await setupFile('process-auth');
    const result = await boxoffice(['apply', file], { ...envFor(sandbox, 'process-auth'), BOXOFFICE_TOKEN: 'not-a-token' });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/E001/);
  });
});

describe('boxoffice apply against a sandbox with injected faults', () => {
  let sandbox: Sandbox;
  let client: BoxofficeClient;
  beforeAll(async () => {
    // Half of all requests lose their connection (seeded, so the same every time).
    sandbox = await startTestSandbox({ clock, faults: 'rate=0.5,kinds=reset,seed=7' });
    client = createClient({
      apiUrl: sandbox.url,
      publisherUrl: sandbox.url,
      authUrl: sandbox.url,
      token: sandbox.tokens.organizer,
      retry: { maxAttempts: 30, baseDelayMs: 1, maxDelayMs: 2 },
    });
  });
  afterAll(async () => {
    await client?.close();
    await sandbox?.close();
  });

  it('a broken run is finished by the next runs: complete, no duplicates, then zero changes', async () => {
    const file = await setupFile('faults');
    const env = envFor(sandbox, 'faults');
    const outcomes: number[] = [];
    let recreateUncertain = false;
    for (let run = 0; run < 15; run += 1) {
      const result = await boxoffice(['apply', file, ...(recreateUncertain ? ['--recreate-uncertain'] : [])], env);
      outcomes.push(result.code);
      if (result.code === 0) break;
      expect(result.code).toBe(1);
      if (/may have taken effect|may exist/.test(result.stderr)) {
        // What an operator does: look. These faults strike before the service sees the request,
        // so the discount is not there, and it is safe to create it again.
        const state = JSON.parse(await readFile(join(dir, 'faults.boxoffice-state.json'), 'utf8'));
        const created = Object.values(state.discounts as Record<string, { id?: string }>).filter((discount) => discount.id).length;
        expect(await discountCount(sandbox, state.event.id)).toBe(created);
        recreateUncertain = true;
      }
    }
    expect(outcomes[0]).not.toBe(0);
    expect(outcomes.at(-1)).toBe(0);

    const [event, ...duplicates] = await eventsWithUrl(client, 'faults');
    expect(duplicates).toEqual([]);
    const tickets = await ticketsOf(client, String(event.eventId));
    expect(tickets.map((ticket) => ticket.typeName).sort()).toEqual(['Early bird', 'General admission', 'Workshop day pass']);
    expect(await discountCount(sandbox, String(event.eventId))).toBe(2);

    let final: ProcessResult | undefined;
    for (let run = 0; run < 10 && final?.code !== 0; run += 1) final = await boxoffice(['apply', file, '--dry-run'], env);
    expect(final?.stdout).toContain('No changes: the service matches the file.');
    // Real backoff waits between retries, in a child process: allow for a loaded machine.
  }, 180_000);
});
