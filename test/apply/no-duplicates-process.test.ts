// No duplicate, ever: the built CLI (node bin/boxoffice.js) as separate processes against a real
// sandbox — two runs at once, a run killed (SIGKILL) or interrupted (SIGINT) while each create of
// a 6-step plan is in flight, and duplicates made behind the tool's back.
//
// A create is held in flight by the sandbox's own `delay` fault (`faults: rate=1,kinds=delay`)
// whose wait is injected: it returns at once for every request but the targeted create, which it
// holds until the test has stopped the CLI. The held request is then served, so the record exists
// although the CLI never saw the answer — the worst case for a re-run.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import type { BoxofficeClient } from '../../src/client/index.js';
import type { SandboxExtension } from '../../src/sandbox/context.js';
import { defaultExtensions } from '../../src/sandbox/app.js';
import { modesExtension } from '../../src/sandbox/modes/index.js';
import { startCli, type ProcessResult } from '../helpers/process.js';
import { organizerEnv, startTestSandbox } from '../helpers/sandbox.js';
import { eventsWithUrl, ticketsOf } from './remote-counts.js';

type Sandbox = Awaited<ReturnType<typeof startTestSandbox>>;
const fixture = new URL('./fixtures/conference.yaml', import.meta.url);
const clock = { now: () => new Date('2026-11-22T04:00:00Z') };
const CREATE_PATHS = new Set(['/api/e/create', '/api/e/add-ticket', '/api/e/add-discount']);

function boxoffice(args: string[], env: Record<string, string>): Promise<ProcessResult> {
  return startCli(args, env).done;
}

/**
 * Holds the Nth create request the sandbox receives (counted from `arm()`), through the delay
 * fault's injected wait. `received` resolves once that request is in the sandbox; it is served
 * when `release()` is called.
 */
class CreateHolder {
  private path = '';
  private creates = 0;
  private target = 0;
  private onReceived: () => void = () => {};
  private release_: () => void = () => {};
  received: Promise<void> = Promise.resolve();

  readonly extensions: SandboxExtension[] = [
    {
      name: 'request-path',
      middleware: (app) => {
        app.use('*', async (c, next) => {
          this.path = c.req.path;
          await next();
        });
      },
    },
    modesExtension({ sleep: () => this.hold() }),
    ...defaultExtensions().filter((extension) => extension.name !== 'modes'),
  ];

  arm(target: number): void {
    this.creates = 0;
    this.target = target;
    this.received = new Promise((resolve) => (this.onReceived = resolve));
  }

  disarm(): void {
    this.target = 0;
  }

  release(): void {
    this.release_();
  }

  private hold(): Promise<void> {
    if (!CREATE_PATHS.has(this.path) || this.target === 0) return Promise.resolve();
    this.creates += 1;
    if (this.creates !== this.target) return Promise.resolve();
    return new Promise((resolve) => {
      this.release_ = resolve;
      this.onReceived();
    });
  }
}

let dir: string;
let sandbox: Sandbox;
let client: BoxofficeClient;
const holder = new CreateHolder();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'boxoffice-no-duplicates-'));
  sandbox = await startTestSandbox({ clock, faults: 'rate=1,kinds=delay,delay=1ms', extensions: holder.extensions });
  client = createClient({ apiUrl: sandbox.url, publisherUrl: sandbox.url, authUrl: sandbox.url, token: sandbox.tokens.organizer });
});
afterAll(async () => {
  holder.release();
  await client?.close();
  await sandbox?.close();
  await rm(dir, { recursive: true, force: true });
});

function envFor(eventUrl: string, publisherKey = true): Record<string, string> {
  return {
    ...organizerEnv(sandbox, join(dir, 'config')),
    ...(publisherKey ? { BOXOFFICE_PUBLISHER_KEY: sandbox.tokens.publisher } : {}),
    TEST_EVENT_URL: eventUrl,
  };
}

async function setupFile(name: string): Promise<string> {
  const file = join(dir, `${name}.yaml`);
  await writeFile(file, await readFile(fixture, 'utf8'));
  return file;
}

interface DiscountRow {
  id: number;
  ticket_id: number;
  category: string;
  code: string | null;
}

/** Every record of the event on the service, checked to exist once each and to be what the state says. */
async function expectEachOnceAndStateTrue(eventUrl: string): Promise<void> {
  const events = await eventsWithUrl(client, eventUrl);
  expect(events).toHaveLength(1);
  const eventId = String(events[0].eventId);
  const tickets = await ticketsOf(client, eventId);
  expect(tickets.map((ticket) => ticket.typeName).sort()).toEqual(['Early bird', 'General admission', 'Workshop day pass']);
  const discounts = sandbox.db
    .prepare('SELECT id, ticket_id, category, code FROM discounts WHERE event_id = ? ORDER BY id')
    .all(Number(eventId)) as DiscountRow[];
  expect(discounts.map((discount) => discount.category).sort()).toEqual(['bulk', 'code']);

  const state = JSON.parse(await readFile(join(dir, `${eventUrl}.boxoffice-state.json`), 'utf8')) as {
    event: { id: string; uncertain?: boolean };
    tickets: Record<string, { id: string; uncertain?: boolean }>;
    discounts: Record<string, { id?: string; uncertain?: boolean; idUnknown?: boolean }>;
  };
  expect(state.event).toMatchObject({ id: eventId });
  expect(state.event.uncertain).toBeUndefined();
  const byName = new Map(tickets.map((ticket) => [ticket.typeName, String(ticket.id)]));
  expect(Object.fromEntries(Object.entries(state.tickets).map(([key, ticket]) => [key, ticket.id]))).toEqual({
    'early-bird': byName.get('Early bird'),
    general: byName.get('General admission'),
    workshop: byName.get('Workshop day pass'),
  });
  for (const ticket of Object.values(state.tickets)) expect(ticket.uncertain).toBeUndefined();
  const code = discounts.find((discount) => discount.category === 'code') as DiscountRow;
  const bulk = discounts.find((discount) => discount.category === 'bulk') as DiscountRow;
  expect(String(code.ticket_id)).toBe(byName.get('General admission'));
  expect(String(bulk.ticket_id)).toBe(byName.get('General admission'));
  // The code discount's id is known unless its create's answer was lost (found by its code then).
  const launch = state.discounts['launch-code'];
  expect(launch.uncertain).toBeUndefined();
  if (launch.idUnknown) expect(launch.id).toBeUndefined();
  else expect(launch.id).toBe(String(code.id));
  expect(state.discounts['team-of-five']).toMatchObject({ id: String(bulk.id) });
  expect(state.discounts['team-of-five'].uncertain).toBeUndefined();
}

// The creates of the conference file's plan, in order.
const CREATES = ['event', 'ticket early-bird', 'ticket general', 'ticket workshop', 'discount launch-code', 'discount team-of-five'];

describe('apply stopped while a create is in flight, then run again', () => {
  for (const signal of ['SIGKILL', 'SIGINT'] as const) {
    CREATES.forEach((create, index) => {
      it(`${signal} during create ${index + 1} of 6 (${create}): each record exists once, the state is true`, async () => {
        const eventUrl = `held-${signal.toLowerCase()}-${index + 1}`;
        const file = await setupFile(eventUrl);
        const env = envFor(eventUrl);
        holder.arm(index + 1);
        const run = startCli(['apply', file], env);
        await holder.received;
        run.child.kill(signal);
        const stopped = await run.done;
        holder.disarm();
        holder.release();
        if (signal === 'SIGKILL') {
          expect(stopped.signal).toBe('SIGKILL');
        } else {
          expect(stopped.code).toBe(130);
          expect(stopped.stderr).toContain('interrupted');
        }
        // The state recorded the create before it was sent.
        const state = JSON.parse(await readFile(join(dir, `${eventUrl}.boxoffice-state.json`), 'utf8'));
        const [kind, key] = create.split(' ');
        const marked = kind === 'event' ? state.event : state[`${kind}s`][key];
        expect(marked).toMatchObject({ uncertain: true });

        const rerun = await boxoffice(['apply', file], env);
        expect(rerun.stderr).not.toMatch(/^error/m);
        expect(rerun.code).toBe(0);
        expect(rerun.stderr).toMatch(/found/);
        await expectEachOnceAndStateTrue(eventUrl);
        const again = await boxoffice(['apply', file, '--dry-run'], env);
        // The code discount found by its code cannot be read back: marked ?, never "No changes: … matches".
        expect(again.stdout).toContain(
          create === 'discount launch-code'
            ? 'No changes apply can make: 0 to create, 0 to update, 5 unchanged, 1 cannot be checked (?)'
            : 'No changes: the service matches the file.',
        );
        expect(again.code).toBe(0);
      }, 60_000);
    });
  }

  it('without a Publisher API key, an automatic discount in flight is not sent again: the run says what to check', async () => {
    const eventUrl = 'held-no-publisher';
    const file = await setupFile(eventUrl);
    const env = envFor(eventUrl, false);
    holder.arm(6);
    const run = startCli(['apply', file], env);
    await holder.received;
    run.child.kill('SIGKILL');
    await run.done;
    holder.disarm();
    holder.release();
    const rerun = await boxoffice(['apply', file], env);
    expect(rerun.code).toBe(1);
    expect(rerun.stderr).toMatch(/^error: discount team-of-five \(bulk 300 fixed on ticket general\): an earlier create was not confirmed, so it may exist/m);
    expect(rerun.stderr).toContain('boxoffice event details');
    expect(rerun.stderr).toContain('--recreate-uncertain');
    expect(rerun.stderr).toContain('BOXOFFICE_PUBLISHER_KEY');
    // The core's facts, then the CLI's next step, then what the run left.
    expect(rerun.stderr).toMatch(
      /look it up \(automatic discounts are listed only there\); check the ticket's discounts .* \(nothing more was changed by this run\)\n$/,
    );
    const [event] = await eventsWithUrl(client, eventUrl);
    const count = sandbox.db.prepare('SELECT COUNT(*) AS n FROM discounts WHERE event_id = ?').get(Number(event.eventId)) as { n: number };
    expect(count.n).toBe(2);
  }, 60_000);
});

describe('two applies of one file at once', () => {
  it('run one after the other (the second waits for the lock): each record exists once', async () => {
    const eventUrl = 'concurrent';
    const file = await setupFile(eventUrl);
    const env = envFor(eventUrl);
    // The first run's first create is held in the sandbox until the second run says it waits
    // for the first one's lock: the two surely overlap.
    holder.arm(1);
    const first = startCli(['apply', file], env);
    await holder.received;
    const second = startCli(['apply', file, '--lock-timeout', '60s'], env);
    await second.waitForStderr(/waiting for another apply of /);
    holder.disarm();
    holder.release();
    const [a, b] = await Promise.all([first.done, second.done]);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(b.stderr).toMatch(/waiting for another apply of .* \(pid \d+ on /);
    expect(a.stdout).toContain('Apply complete: 6 created');
    expect(b.stdout).toContain('No changes: the service matches the file.');
    await expectEachOnceAndStateTrue(eventUrl);
  }, 60_000);

  it("a second run gives up after --lock-timeout, naming the holder; a dead holder's lock is taken over", async () => {
    const eventUrl = 'locked';
    const file = await setupFile(eventUrl);
    const lockPath = join(dir, `${eventUrl}.boxoffice-state.json.lock`);
    const startedAt = '2026-11-22T15:00:00.000Z';
    // This test process is alive: its lock stands.
    await writeFile(lockPath, JSON.stringify({ pid: process.pid, host: hostname(), startedAt }));
    const refused = await boxoffice(['apply', file, '--lock-timeout', '1s'], envFor(eventUrl));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`is in use by another apply (pid ${process.pid} on ${hostname()}, started ${startedAt}); waited 1s (--lock-timeout)`);
    expect(refused.stdout).toBe('');
    expect(await eventsWithUrl(client, eventUrl)).toEqual([]);

    // A process that has exited: its lock is recognised as left behind.
    const gone = startCli(['--version'], {});
    const deadPid = gone.child.pid as number;
    await gone.done;
    await writeFile(lockPath, JSON.stringify({ pid: deadPid, host: hostname(), startedAt }));
    const taken = await boxoffice(['apply', file, '--lock-timeout', '1s'], envFor(eventUrl));
    expect(taken.code).toBe(0);
    await expect(readFile(lockPath)).rejects.toThrow(/ENOENT/);
  }, 60_000);
});

describe("duplicates made behind the tool's back", () => {
  it('are reported by the next plan, which exits non-zero and changes nothing', async () => {
    const eventUrl = 'behind-the-back';
    const file = await setupFile(eventUrl);
    const env = envFor(eventUrl);
    expect((await boxoffice(['apply', file], env)).code).toBe(0);
    const state = JSON.parse(await readFile(join(dir, `${eventUrl}.boxoffice-state.json`), 'utf8'));
    const eventId = state.event.id as string;
    const general = state.tickets.general.id as string;
    const extraTicket = await client.events.addTicket({
      eventId,
      ticketName: 'Early bird',
      price: 1500,
      currency: 'INR',
      quantity: 100,
      serviceFee: 3,
      allowCancellation: true,
      status: 'active',
    } as Parameters<BoxofficeClient['events']['addTicket']>[0]);
    const extraDiscount = await client.events.addDiscount({
      eventId,
      ticketId: general,
      discountCategory: 'bulk',
      fromQuantity: 5,
      toQuantity: 10,
      discount: 300,
      discountType: 'fixed',
    } as Parameters<BoxofficeClient['events']['addDiscount']>[0]);

    for (const args of [
      ['apply', file, '--dry-run'],
      ['apply', file],
    ]) {
      const result = await boxoffice(args, env);
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(`ticket early-bird (id ${state.tickets['early-bird'].id})`);
      expect(result.stdout).toContain(`DUPLICATE: also id ${extraTicket.ticketId} on the service`);
      expect(result.stdout).toContain(`DUPLICATE: also id ${extraDiscount.discountId} on the service`);
      expect(result.stdout).toContain('Duplicates: 2 keys match more than one record on the service');
      expect(result.stderr).toContain(
        `duplicate: ticket early-bird: 2 records on the service match it (id ${state.tickets['early-bird'].id}, and id ${extraTicket.ticketId})`,
      );
      expect(result.stderr).toContain(
        `duplicate: discount team-of-five: 2 records on the service match it (id ${state.discounts['team-of-five'].id}, and id ${extraDiscount.discountId})`,
      );
      expect(result.stderr).toMatch(/^error: 2 keys of behind-the-back\.yaml match more than one record on the service; apply changes nothing/m);
    }
    const tickets = await ticketsOf(client, eventId);
    expect(tickets).toHaveLength(4);
  }, 60_000);
});
