// The live service names an event two ways: a code (`EKDJHH`) that the Event & Registration calls
// take, and a numeric id that the buyer-facing Publisher API takes (tickets too: `TKCIGJ`). The
// buyer commands accept either and map a code to the numeric id through the organizer's event
// list (E9) and ticket list (E8), which needs the organizer's token.
import { NotLoggedInError, NotFoundError, UsageError, withNotes } from '../../client/errors.js';
import type { EventApi } from '../../client/event-api.js';
import { ticketCodeOf, ticketMatches } from '../../client/fields/ticket.js';

function isNumericId(text: string): boolean {
  return /^\d+$/.test(text) && Number(text) >= 1;
}

/** The numeric ids the Publisher API takes for an event and tickets given in either form (numeric ones without a request). */
export async function resolveBuyerIds(
  events: Pick<EventApi, 'getAllEvents' | 'getTickets'>,
  eventGiven: string,
  ticketsGiven: readonly string[],
): Promise<{ eventId: string; ticketIds: number[] }> {
  const ticketCodes = ticketsGiven.filter((ticket) => !isNumericId(ticket));
  if (isNumericId(eventGiven) && ticketCodes.length === 0) return { eventId: eventGiven, ticketIds: ticketsGiven.map(Number) };
  const what = isNumericId(eventGiven) ? `ticket ${ticketCodes[0]}` : `event ${eventGiven}`;
  const list = await events.getAllEvents().catch((error: unknown) => {
    if (!(error instanceof NotLoggedInError)) throw error;
    throw new NotLoggedInError(
      `${what} is a code, and the buyer side takes the numeric id: give the numeric id (boxoffice event list shows both), ` +
        'or log in (boxoffice login, or BOXOFFICE_TOKEN) so that it can be looked up',
    );
  });
  const wanted = eventGiven.toUpperCase();
  const event = list.events.find((item) => item.eventId.toUpperCase() === wanted || String(item.id) === eventGiven);
  if (!event) {
    const description = `event ${eventGiven} is not among this account's events`;
    const notListed = new NotFoundError({ code: 'E007', httpStatus: 404, field: 'EVENT_ID', description });
    // The event list answered without it: the id is wrong, not the token (E007's other meaning).
    throw withNotes(notListed, { explanation: `event ${eventGiven} not found; list the events with boxoffice event list` });
  }
  // The numeric id beside the event's code, when the service sent one that differs.
  const listedId = event.id === undefined ? undefined : String(event.id);
  let eventId = listedId !== event.eventId ? listedId : undefined;
  eventId ??= isNumericId(event.eventId) ? event.eventId : undefined;
  if (eventId === undefined) {
    throw new UsageError(`event ${eventGiven}: the event list gives no numeric id for it, which the buyer side needs`, 'EVENT_ID');
  }
  if (ticketCodes.length === 0) return { eventId, ticketIds: ticketsGiven.map(Number) };
  const { tickets } = await events.getTickets({ eventId: event.eventId });
  const ticketIds = ticketsGiven.map((given) => {
    if (isNumericId(given)) return Number(given);
    const ticket = tickets.find((candidate) => ticketMatches(candidate, given));
    if (!ticket) {
      const known = tickets.map((candidate) => ticketCodeOf(candidate) ?? String(candidate.id)).join(', ') || 'none';
      throw new UsageError(`--ticket ${given}: event ${eventGiven} has no such ticket; its tickets: ${known}`, '--ticket');
    }
    return Number(ticket.id);
  });
  return { eventId, ticketIds };
}
