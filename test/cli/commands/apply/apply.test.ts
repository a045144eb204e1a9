// Acceptance of `boxoffice apply` against a real sandbox over loopback HTTP, in-process through
// runInProcess (the same code path as the process; the process itself is in apply-process.test.ts).
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../../../src/client/index.js';
import type { BoxofficeClient } from '../../../../src/client/index.js';
import { runInProcess } from '../../../helpers/cli.js';
import { startTestSandbox } from '../../../helpers/sandbox.js';
import { discountCount, ticketsOf, eventsWithUrl } from '../../../apply/remote-counts.js';
import { registerApply } from '../../../../src/cli/commands/apply/apply.js';
import { parseVerb, verbAt } from '../../support/verb.js';

const fixture = new URL('../../../apply/fixtures/conference.yaml', import.meta.url);

type Sandbox = Awaited<ReturnType<typeof startTestSandbox>>;
let sandbox: Sandbox;
let client: BoxofficeClient;
let dir: string;
let file: string;
let statePath: string;
let eventUrl: string;
let counter = 0;

function env(extra: Record<string, string> = {}): Record<string, string> {
  return {
    BOXOFFICE_API_URL: sandbox.url,
    BOXOFFICE_PUBLISHER_URL: sandbox.url,
    BOXOFFICE_AUTH_URL: sandbox.url,
    BOXOFFICE_TOKEN: sandbox.tokens.organizer,
    BOXOFFICE_CONFIG_DIR: join(dir, 'config'),
    TEST_EVENT_URL: eventUrl,
    ...extra,
  };
}

async function apply(args: string[] = [], extra: Record<string, string> = {}) {
  return runInProcess(['apply', file, ...args], { env: env(extra) });
}

async function applyJson(args: string[] = [], extra: Record<string, string> = {}) {
  const result = await apply(['--json', ...args], extra);
  expect(result.stderr).not.toMatch(/^error/m);
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as {
    summary: { create: number; update: number; unchanged: number; drift: number };
    steps: { resource: string; key: string; action: string; id?: string; changes: { field: string; from: unknown; to: unknown; drift: boolean }[] }[];
    ids?: { event: { id: string }; tickets: Record<string, string>; discounts: Record<string, string> };
  };
}

beforeAll(async () => {
  // A fixed day, so that the files' dates (the example's are in 2027) stay in the future.
  sandbox = await startTestSandbox({ clock: { now: () => new Date('2026-11-22T04:00:00Z') } });
  client = createClient({ apiUrl: sandbox.url, publisherUrl: sandbox.url, authUrl: sandbox.url, token: sandbox.tokens.organizer });
});
afterAll(async () => {
  await client?.close();
  await sandbox?.close();
});
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'boxoffice-apply-'));
  file = join(dir, 'conference.yaml');
  statePath = join(dir, 'conference.boxoffice-state.json');
  await writeFile(file, await readFile(fixture, 'utf8'));
  counter += 1;
  eventUrl = `apply-test-${process.pid}-${counter}`;
  return () => rm(dir, { recursive: true, force: true });
});

describe('boxoffice apply (in-process, real sandbox)', () => {
  it('--dry-run prints the plan in dependency order and changes nothing', async () => {
    const result = await apply(['--dry-run']);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')).toEqual([
      'Plan for conference.yaml:',
      `  + create event ${eventUrl}`,
      '  + create ticket early-bird',
      '  + create ticket general',
      '  + create ticket workshop',
      '  + create discount launch-code',
      '  + create discount team-of-five',
      'Plan: 6 to create, 0 to update, 0 unchanged.',
      '',
    ]);
    expect(await eventsWithUrl(client, eventUrl)).toHaveLength(0);
    await expect(readFile(statePath)).rejects.toThrow(/ENOENT/);
  });

  it('applies, then a second run changes nothing', async () => {
    const first = await apply();
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^Apply complete: 6 created, 0 updated, 0 unchanged\. Event id \d+\.$/m);
    expect(first.stderr).toContain('created ticket general (id ');

    const state = JSON.parse(await readFile(statePath, 'utf8'));
    const [event] = await eventsWithUrl(client, eventUrl);
    expect(state.event.id).toBe(String(event.eventId));
    const tickets = await ticketsOf(client, state.event.id);
    expect(tickets.map((ticket) => [ticket.typeName, String(ticket.id)]).sort()).toEqual(
      [
        ['Early bird', state.tickets['early-bird'].id],
        ['General admission', state.tickets.general.id],
        ['Workshop day pass', state.tickets.workshop.id],
      ].sort(),
    );
    expect(await discountCount(sandbox, state.event.id)).toBe(2);

    const second = await applyJson();
    expect(second.summary).toEqual({ create: 0, update: 0, unchanged: 6, unchecked: 0, blocked: 0, drift: 0 });
    expect(second.ids?.tickets).toEqual({
      'early-bird': state.tickets['early-bird'].id,
      general: state.tickets.general.id,
      workshop: state.tickets.workshop.id,
    });
    const text = await apply();
    expect(text.stdout).toContain('No changes: the service matches the file.');
  });

  it('one price changed: exactly one update, of that field', async () => {
    expect((await apply()).code).toBe(0);
    const plan = await applyJson(['--dry-run'], { GENERAL_PRICE: '2800' });
    expect(plan.summary).toMatchObject({ create: 0, update: 1, unchanged: 5 });
    const updated = plan.steps.filter((step) => step.action === 'update');
    expect(updated).toEqual([
      expect.objectContaining({ resource: 'ticket', key: 'general', changes: [{ field: 'price', from: 2500, to: 2800, drift: false }] }),
    ]);
    const text = await apply([], { GENERAL_PRICE: '2800' });
    expect(text.stdout).toContain('~ update ticket general (id ');
    expect(text.stdout).toContain('price 2500 → 2800');
    const state = JSON.parse(await readFile(statePath, 'utf8'));
    const general = (await ticketsOf(client, state.event.id)).find((ticket) => ticket.typeName === 'General admission');
    expect(Number(general?.price)).toBe(2800);
    expect((await applyJson([], { GENERAL_PRICE: '2800' })).summary.update).toBe(0);
  });

  it('a ticket changed through the API is reported as drift and brought back', async () => {
    expect((await apply()).code).toBe(0);
    const state = JSON.parse(await readFile(statePath, 'utf8'));
    await client.events.updateTicket({
      eventId: state.event.id,
      ticketId: state.tickets['early-bird'].id,
      ticketName: 'Early bird',
      ticketDescription: 'Both days, early price.',
      price: 999,
      currency: 'INR',
      quantity: 80,
      status: 'pause',
      serviceFee: 3,
      allowCancellation: true,
    });
    const text = await apply(['--dry-run']);
    expect(text.stdout).toContain(
      `~ update ticket early-bird (id ${state.tickets['early-bird'].id}): price 999 → 1500 (drift: changed on the service), ` +
        'quantity 80 → 100 (drift: changed on the service), status pause → active (drift: changed on the service)',
    );
    const applied = await applyJson();
    expect(applied.summary).toMatchObject({ update: 1, drift: 3 });
    const early = (await ticketsOf(client, state.event.id)).find((ticket) => ticket.typeName === 'Early bird');
    expect([Number(early?.price), early?.status]).toEqual([1500, expect.stringMatching(/^(active|published)$/)]);
    expect((await applyJson()).summary).toMatchObject({ update: 0, drift: 0 });
  });

  it('an event changed through the API is reported as drift and brought back', async () => {
    expect((await apply()).code).toBe(0);
    const state = JSON.parse(await readFile(statePath, 'utf8'));
    const { segment: _segment, topics: _topics, ...fields } = state.event.applied;
    await client.events.updateEvent({ ...fields, eventId: state.event.id, eventTitle: 'Renamed in the dashboard', city: 'Mumbai' });
    const plan = await applyJson();
    expect(plan.steps[0]).toMatchObject({
      resource: 'event',
      action: 'update',
      changes: [
        { field: 'eventTitle', from: 'Renamed in the dashboard', to: 'Apply test conference', drift: true },
        { field: 'city', from: 'Mumbai', to: 'Pune', drift: true },
      ],
    });
    expect(plan.summary).toMatchObject({ update: 1, unchanged: 5, drift: 2 });
    const { event } = await client.events.getEvent({ eventId: state.event.id });
    expect([event.name, event.city]).toEqual(['Apply test conference', 'Pune']);
  });

  it('applies the example in examples/ as it is', async () => {
    const example = join(dir, 'example.yaml');
    await writeFile(example, await readFile(new URL('../../../../examples/conference.yaml', import.meta.url), 'utf8'));
    const first = await runInProcess(['apply', example, '--json'], { env: env({ CONF_URL: eventUrl }) });
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout).summary).toEqual({ create: 6, update: 0, unchanged: 0, unchecked: 0, blocked: 0, drift: 0 });
    const again = await runInProcess(['apply', example, '--json'], { env: env({ CONF_URL: eventUrl }) });
    expect(JSON.parse(again.stdout).summary).toEqual({ create: 0, update: 0, unchanged: 6, unchecked: 0, blocked: 0, drift: 0 });
  });

  it('a paused ticket in the file is created, then paused', async () => {
    const result = await applyJson([], { WORKSHOP_STATUS: 'pause' });
    const workshop = (await ticketsOf(client, result.ids?.event.id ?? '')).find((ticket) => ticket.typeName === 'Workshop day pass');
    expect(workshop?.status).toBe('pause');
    expect((await applyJson([], { WORKSHOP_STATUS: 'pause' })).summary.update).toBe(0);
  });

  it('refuses a file with schema errors, naming each path, before sending anything', async () => {
    const text = (await readFile(fixture, 'utf8'))
      .replace('price: 4000', 'price: four thousand')
      .replace('ticket: general\n    discountCategory: bulk', 'ticket: vip\n    discountCategory: bulk');
    await writeFile(file, text);
    const result = await apply();
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/conference\.yaml:\d+: tickets\[2\]\.price: expected a number/);
    expect(result.stderr).toMatch(/conference\.yaml:\d+: discounts\[1\]\.ticket: no ticket has the key "vip"/);
    expect(await eventsWithUrl(client, eventUrl)).toHaveLength(0);
  });

  it('names an unset variable without a default', async () => {
    const result = await runInProcess(['apply', file], { env: { ...env(), TEST_EVENT_URL: undefined as unknown as string } });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/conference\.yaml:6: event\.url: environment variable TEST_EVENT_URL is not set/);
  });

  it('refuses a state file that belongs to another service address', async () => {
    await writeFile(statePath, JSON.stringify({ version: 1, apiUrl: 'https://elsewhere.example', tickets: {}, discounts: {} }));
    const result = await apply();
    expect(result.code).toBe(2);
    // The core says what is wrong; the CLI says what to do, with its flag.
    expect(result.stderr).toMatch(
      /^error: \S+ holds ids from https:\/\/elsewhere\.example, not http:\/\/127\.0\.0\.1:\d+; give another --state for this service\n$/,
    );
  });

  it('stops (exit 1) when the state names an event the service does not have', async () => {
    await writeFile(statePath, JSON.stringify({ version: 1, apiUrl: sandbox.url, event: { id: '999999', applied: {} }, tickets: {}, discounts: {} }));
    const result = await apply();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('the state file names event 999999, which this service does not have (E007)');
    expect(await eventsWithUrl(client, eventUrl)).toHaveLength(0);
  });

  it('--state puts the state file where it is told', async () => {
    const custom = join(dir, 'states', 'ci.json');
    await mkdir(join(dir, 'states'));
    expect((await apply(['--state', custom])).code).toBe(0);
    const state = JSON.parse(await readFile(custom, 'utf8'));
    expect(Object.keys(state.tickets)).toEqual(['early-bird', 'general', 'workshop']);
    expect(state.apiUrl).toBe(sandbox.url);
    await expect(readFile(statePath)).rejects.toThrow(/ENOENT/);
    expect((await applyJson(['--state', custom])).summary.create).toBe(0);
  });

  it('warns on stderr before a plan past the live service’s daily ticket quota', async () => {
    const base = await readFile(fixture, 'utf8');
    const extra = Array.from(
      { length: 200 },
      (_, index) =>
        `  - key: seat-${index}\n    ticketName: Seat ${index}\n    price: 100\n    currency: INR\n    quantity: 1\n    serviceFee: 1\n    allowCancellation: false\n`,
    ).join('');
    await writeFile(file, base.replace('discounts:', `${extra}discounts:`));
    const result = await apply(['--dry-run']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('warning: this plan creates 203 tickets, and the live service allows about 200 ticket creations a day');
    expect(result.stderr.indexOf('warning:')).toBe(0);
    expect(result.stdout).toContain('Plan: 206 to create, 0 to update, 0 unchanged.');
  });
});

describe('apply: flags → options', () => {
  const verb = verbAt('apply', registerApply);

  it("defaults: no dry run, no state file named, a 5 second lock timeout, the client's own wait", async () => {
    const parsed = await parseVerb(verb, ['apply', 'setup.yaml']);
    expect(parsed.code, parsed.stderr).toBe(0);
    expect(parsed.runs).toEqual([
      {
        file: 'setup.yaml',
        statePath: undefined,
        dryRun: false,
        detailedExitcode: false,
        recreateUncertain: false,
        yes: false,
        lockTimeoutMs: 5_000,
        maxWaitMs: undefined,
      },
    ]);
  });

  it('reads every flag', async () => {
    const parsed = await parseVerb(verb, [
      'apply',
      'setup.yaml',
      '--dry-run',
      '--detailed-exitcode',
      '--state',
      's.json',
      '--recreate-uncertain',
      '--yes',
      '--max-wait',
      '10m',
      '--lock-timeout',
      '30s',
    ]);
    expect(parsed.runs).toEqual([
      {
        file: 'setup.yaml',
        statePath: 's.json',
        dryRun: true,
        detailedExitcode: true,
        recreateUncertain: true,
        yes: true,
        lockTimeoutMs: 30_000,
        maxWaitMs: 600_000,
      },
    ]);
  });

  it.each([
    [['apply', ' '], 'FILE'],
    [['apply', 'setup.yaml', '--state', ' '], '--state'],
    [['apply', 'setup.yaml', '--max-wait', 'soon'], '--max-wait'],
    [['apply', 'setup.yaml', '--detailed-exitcode'], '--detailed-exitcode'],
    [['apply', 'setup.yaml', '--lock-timeout', '-1s'], '--lock-timeout'],
    [['apply'], 'file'],
  ])('refuses %j with exit 2, naming %s, before running', async (argv, named) => {
    const parsed = await parseVerb(verb, argv);
    expect(parsed).toMatchObject({ code: 2, runs: [] });
    expect(parsed.stderr).toContain(named);
  });
});
