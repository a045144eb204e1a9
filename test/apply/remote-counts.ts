// Reads the sandbox the way a test checks for duplicates: through the API where it can, and
// through the database for discounts (the API cannot list them).
import type { BoxofficeClient } from '../../src/client/index.js';
import type { startTestSandbox } from '../helpers/sandbox.js';

type Sandbox = Awaited<ReturnType<typeof startTestSandbox>>;
type Reader = Pick<BoxofficeClient, 'events'>;

export async function eventsWithUrl(client: Reader, url: string) {
  const { events } = await client.events.getAllEvents({});
  return events.filter((event) => event.actualUrl === url || event.url === url || String(event.url ?? '').endsWith(`/${url}`));
}

export async function ticketsOf(client: Reader, eventId: string) {
  return (await client.events.getTickets({ eventId })).tickets;
}

export async function discountCount(sandbox: Sandbox, eventId: string): Promise<number> {
  const row = sandbox.db.prepare('SELECT COUNT(*) AS count FROM discounts WHERE event_id = ?').get(Number(eventId)) as { count: number };
  return row.count;
}
