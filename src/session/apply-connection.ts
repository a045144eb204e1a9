// What `boxoffice apply` and the MCP server's apply_setup run apply on: the profile's session.
import type { ApplyRunOptions } from '../apply/run.js';
import { publicDiscounts } from '../apply/plan.js';
import { openSentStore } from './config/sent.js';
import type { CommandContext } from './context.js';
import { openSession } from './session.js';

/** Automatic discounts are looked up with the Publisher API where the profile has a key; `close` ends the session. */
export async function applyConnection(
  context: CommandContext,
  maxWaitMs: number | undefined,
): Promise<{ connection: Awaited<ReturnType<ApplyRunOptions['connect']>>; close(): Promise<void> }> {
  const session = await openSession(context, { maxWaitMs });
  const { publisher } = session.client;
  const listDiscounts = session.profile.publisherKey
    ? async (eventId: string) => publicDiscounts((await publisher.ticketDetails({ eventId })).tickets)
    : undefined;
  const sent = await openSentStore(session.store, session.profileName);
  return {
    connection: { client: { events: session.client.events, listDiscounts, sent }, apiUrl: session.profile.apiUrl as string },
    close: () => session.client.close(),
  };
}
