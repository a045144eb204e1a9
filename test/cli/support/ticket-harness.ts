// A harness started once per file (beforeAll/afterAll) with what the ticket, discount and report
// verbs' tests share: a command that must succeed quietly, and an event with one ticket on sale.
import { afterAll, beforeAll, expect } from 'vitest';
import { eventFlags, startHarness, type Harness } from './harness.js';

export const EARLY_BIRD_TICKET = [
  '--ticket-name',
  'Early bird',
  '--price',
  '499',
  '--currency',
  'INR',
  '--quantity',
  '100',
  '--status',
  'active',
  '--service-fee',
  '2',
  '--allow-cancellation',
  'false',
  '--end-date',
  '2030-04-30',
  '--end-time',
  '20:00',
];

export interface TicketHarness {
  /** The running harness (after beforeAll). */
  harness(): Harness;
  /** Runs argv, expecting exit 0 and nothing on stderr; its stdout. */
  ok(argv: string[], options?: Parameters<Harness['run']>[1]): Promise<string>;
  /** A new event with the Early bird ticket. */
  eventWithTicket(): Promise<{ eventId: string; ticketId: string }>;
}

export function useTicketHarness(): TicketHarness {
  let started: Harness | undefined;
  beforeAll(async () => {
    started = await startHarness();
  });
  afterAll(async () => started?.close());
  const harness = (): Harness => {
    if (started === undefined) throw new Error('the harness starts in beforeAll');
    return started;
  };
  const ok = async (argv: string[], options: Parameters<Harness['run']>[1] = {}): Promise<string> => {
    const result = await harness().run(argv, options);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    return result.stdout;
  };
  const eventWithTicket = async (): Promise<{ eventId: string; ticketId: string }> => {
    const eventId = (await ok(['event', 'create', ...eventFlags()])).trim();
    const ticketId = (await ok(['ticket', 'add', eventId, ...EARLY_BIRD_TICKET])).trim();
    return { eventId, ticketId };
  };
  return { harness, ok, eventWithTicket };
}
