// What the checkin tests share: a sandbox event with orders, synced into a destination by the
// built CLI (as an organizer does before the doors open).
import { expect } from 'vitest';
import type { E2e, ProcessResult, RunOptions } from '../e2e/support/built-cli.js';
import { listedTickets, tool } from '../sync/support.js';

export interface SyncedEvent {
  eventId: string;
  tickets: { orderNo: string; ticketNo: string; status: string }[];
}

/** A new event with `orders` orders in the sandbox. */
export async function seededEvent(e2e: E2e, orders: number): Promise<SyncedEvent> {
  const [eventId] = ((await tool(e2e.sandbox, '/sandbox/seed', { events: '1', orders: String(orders) })).eventIds as string[]).map(String);
  return { eventId, tickets: listedTickets(e2e.sandbox, eventId) };
}

/** `attendees sync EVENT --to DEST` with the admin token (the seeded events are its). */
export async function syncInto(e2e: E2e, eventId: string, destination: string): Promise<void> {
  const result = await e2e.run(['attendees', 'sync', eventId, '--to', destination], { env: { BOXOFFICE_TOKEN: e2e.sandbox.tokens.admin } });
  expect(result.code, result.stderr).toBe(0);
}

/** `boxoffice checkin ARGV`, the token of the admin (the event's owner) in the environment. */
export function checkin(e2e: E2e, argv: readonly string[], options: RunOptions = {}): Promise<ProcessResult> {
  return e2e.run(['checkin', ...argv], { ...options, env: { BOXOFFICE_TOKEN: e2e.sandbox.tokens.admin, ...options.env } });
}
