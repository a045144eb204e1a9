// What apply does without its state file, or with the wrong one: the built CLI (node
// bin/boxoffice.js) as a process against a real sandbox. A lost state never creates a second
// record; a discount whose id the service never gave is marked (? or !), never `=`, and a change
// to it exits 5 saying what to do; a state file naming another event changes nothing of it.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import type { BoxofficeClient } from '../../src/client/index.js';
import { organizerEnv, startTestSandbox } from '../helpers/sandbox.js';
import { eventsWithUrl, ticketsOf } from './remote-counts.js';

type Sandbox = Awaited<ReturnType<typeof startTestSandbox>>;
const root = new URL('../../', import.meta.url).pathname;
const clock = { now: () => new Date('2026-11-22T04:00:00Z') };

interface ProcessResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

let dir: string;
let sandbox: Sandbox;
let client: BoxofficeClient;

function boxoffice(args: string[], env: Record<string, string>): Promise<ProcessResult> {
  const child = spawn(process.execPath, ['bin/boxoffice.js', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'boxoffice-lost-state-'));
  sandbox = await startTestSandbox({ clock });
  client = createClient({ apiUrl: sandbox.url, publisherUrl: sandbox.url, authUrl: sandbox.url, token: sandbox.tokens.organizer });
});
afterAll(async () => {
  await client?.close();
  await sandbox?.close();
  await rm(dir, { recursive: true, force: true });
});

function envFor(eventUrl: string, options: { publisherKey?: boolean; extra?: Record<string, string> } = {}): Record<string, string> {
  return {
    ...organizerEnv(sandbox, join(dir, 'config')),
    ...(options.publisherKey === false ? {} : { BOXOFFICE_PUBLISHER_KEY: sandbox.tokens.publisher }),
    TEST_EVENT_URL: eventUrl,
    ...options.extra,
  };
}

async function setupFile(name: string, fixture: string, edit: (text: string) => string = (text) => text): Promise<{ file: string; statePath: string }> {
  const file = join(dir, `${name}.yaml`);
  await writeFile(file, edit(await readFile(new URL(`./fixtures/${fixture}`, import.meta.url), 'utf8')));
  return { file, statePath: join(dir, `${name}.boxoffice-state.json`) };
}

function discountCategories(eventId: string): string[] {
  const rows = sandbox.db.prepare('SELECT category FROM discounts WHERE event_id = ? ORDER BY category').all(Number(eventId)) as { category: string }[];
  return rows.map((row) => row.category);
}

async function eventIdOf(url: string): Promise<string> {
  const events = await eventsWithUrl(client, url);
  expect(events).toHaveLength(1);
  return String(events[0].eventId);
}

describe('a lost state file', () => {
  for (const [fixture, order, categories] of [
    ['crash-points.yaml', 'first', ['bulk', 'code', 'flat']],
    ['conference.yaml', 'last', ['bulk', 'code']],
  ] as const) {
    it(`with the bulk discount ${order} in the file: every record is found, none created twice, and the plan marks what cannot be read`, async () => {
      const eventUrl = `lost-${order}`;
      const { file, statePath } = await setupFile(eventUrl, fixture);
      expect((await boxoffice(['apply', file], envFor(eventUrl))).code).toBe(0);
      const eventId = await eventIdOf(eventUrl);
      await rm(statePath);

      const dryRun = await boxoffice(['apply', file, '--dry-run'], envFor(eventUrl));
      expect(dryRun.code).toBe(0);
      expect(dryRun.stdout).toMatch(/^ {2}= unchanged discount team-of-five \(id \d+\) \[found on the service by its fields\]$/m);
      expect(dryRun.stdout).toMatch(
        /^ {2}\+ create discount launch-code \[not in the state file and not found on the service \(a code discount is looked up by sending it: if its code is taken, that discount is kept\)\]$/m,
      );

      const rerun = await boxoffice(['apply', file], envFor(eventUrl));
      expect(rerun.stderr).not.toContain('E002');
      expect(rerun.stderr).not.toMatch(/^error/m);
      expect(rerun.code).toBe(0);
      expect(rerun.stderr).toContain('found (created by an earlier run) discount launch-code (id unknown)');
      expect(discountCategories(eventId)).toEqual(categories);
      expect(await eventsWithUrl(client, eventUrl)).toHaveLength(1);
      expect(await ticketsOf(client, eventId)).toHaveLength(3);

      for (const args of [
        ['apply', file, '--dry-run'],
        ['apply', file],
      ]) {
        const again = await boxoffice(args, envFor(eventUrl));
        expect(again.code).toBe(0);
        expect(again.stdout).toMatch(
          /^ {2}\? unchecked discount launch-code \[exists, found by its code; the service never gives its id or fields, so it cannot be read back or updated\]$/m,
        );
        expect(again.stdout).not.toMatch(/^ {2}[+~!] /m);
        expect(again.stdout).not.toContain('the service matches the file');
        expect(again.stdout).toContain('No changes apply can make');
      }
      expect(discountCategories(eventId)).toEqual(categories);
    }, 90_000);
  }

  it('without a Publisher API key: an automatic discount cannot be looked up, so nothing is changed and the run says what to do', async () => {
    const eventUrl = 'lost-no-publisher';
    const { file, statePath } = await setupFile(eventUrl, 'crash-points.yaml');
    expect((await boxoffice(['apply', file], envFor(eventUrl))).code).toBe(0);
    const eventId = await eventIdOf(eventUrl);
    await rm(statePath);
    const env = envFor(eventUrl, { publisherKey: false });
    const dryRun = await boxoffice(['apply', file, '--dry-run'], env);
    expect(dryRun.stdout).toContain(
      '+ create discount team-of-five [not in the state file, and automatic discounts cannot be listed without the Publisher API: it may exist]',
    );
    const rerun = await boxoffice(['apply', file], env);
    expect(rerun.code).toBe(1);
    expect(rerun.stderr).toMatch(
      /^error: discount team-of-five \(bulk 300 fixed on ticket general\), early-flat \(flat 150 fixed on ticket early-bird\): the state file does not record it although the event exists/m,
    );
    expect(rerun.stderr).toContain('BOXOFFICE_PUBLISHER_KEY');
    expect(rerun.stderr).not.toContain('Run the same command again');
    expect(discountCategories(eventId)).toEqual(['bulk', 'code', 'flat']);
  }, 90_000);
});

describe('a code discount whose create was interrupted, edited afterwards', () => {
  it('is marked ! with the change that cannot be made, exits 5 (dry run too), and never claims no changes', async () => {
    const eventUrl = 'interrupted-code';
    const { file } = await setupFile(eventUrl, 'crash-points.yaml');
    // Request 8 of the first run is the code discount's add-discount (see crash-points-process.test.ts).
    const killed = await boxoffice(['apply', file], envFor(eventUrl, { extra: { BOXOFFICE_TEST_APPLY_CRASH: '8:sent' } }));
    expect(killed.signal).toBe('SIGKILL');
    expect((await boxoffice(['apply', file], envFor(eventUrl))).code).toBe(0);

    await writeFile(file, (await readFile(file, 'utf8')).replace('discount: 20', 'discount: 25'));
    for (const args of [
      ['apply', file, '--dry-run'],
      ['apply', file],
    ]) {
      const edited = await boxoffice(args, envFor(eventUrl));
      expect(edited.code).toBe(5);
      expect(edited.stdout).toContain(
        '! blocked discount launch-code [exists, found by its code; the service never gives its id, so it cannot be changed]: discount 20 → 25',
      );
      expect(edited.stdout).toContain('Plan: 0 to create, 0 to update, 6 unchanged, 1 cannot be changed (!).');
      expect(edited.stdout).not.toContain('No changes');
      expect(edited.stderr).toContain('note: discount launch-code was found by its code');
      expect(edited.stderr).toMatch(/^error: interrupted-code\.yaml changes discount launch-code \(discount\), which the API offers no way to change/m);
      expect(edited.stderr).not.toContain('Run the same command again');
    }
    const row = sandbox.db.prepare('SELECT amount FROM discounts WHERE event_id = ? AND category = ?').get(Number(await eventIdOf(eventUrl)), 'code') as {
      amount: number;
    };
    expect(row.amount).toBe(20);
  }, 90_000);
});

describe('a state file that names another event of the organizer', () => {
  it('changes nothing of that event, names it, and exits non-zero', async () => {
    const other = await setupFile('other-event', 'conference.yaml');
    expect((await boxoffice(['apply', other.file], envFor('other-event'))).code).toBe(0);
    const otherId = await eventIdOf('other-event');
    const before = {
      event: await client.events.getEvent({ eventId: otherId }),
      tickets: await ticketsOf(client, otherId),
      discounts: discountCategories(otherId),
    };

    const mine = await setupFile('my-event', 'crash-points.yaml');
    for (const args of [
      ['apply', mine.file, '--state', other.statePath, '--dry-run'],
      ['apply', mine.file, '--state', other.statePath],
    ]) {
      const wrong = await boxoffice(args, envFor('my-event'));
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toContain(
        `error: the state file names event ${otherId} "Apply test conference", whose url is other-event, not the file's my-event: it describes another event, so nothing was changed`,
      );
      expect(wrong.stdout).not.toContain('drift');
    }
    expect(await client.events.getEvent({ eventId: otherId })).toEqual(before.event);
    expect(await ticketsOf(client, otherId)).toEqual(before.tickets);
    expect(discountCategories(otherId)).toEqual(before.discounts);
    expect(await eventsWithUrl(client, 'my-event')).toEqual([]);
  }, 90_000);
});
