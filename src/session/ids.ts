// The id arguments (EVENT_ID, TICKET_ID, DISCOUNT_ID): what each names, the command that lists
// them, and the check before anything is sent. The service's documented ids are whole numbers; the
// live service also names events, tickets and discounts by codes such as EKDJHH (docs/live-service.md).
import { UsageError } from '../client/errors.js';

/** EVENT_ID → "12". */
export type IdArguments = Readonly<Record<string, string | undefined>>;

/** Each id's noun, and the command that lists the valid ones (none for discounts). */
const ID_KINDS: Readonly<Record<string, { noun: string; listCommand(args: IdArguments): string | undefined }>> = {
  EVENT_ID: { noun: 'event', listCommand: () => 'boxoffice event list' },
  TICKET_ID: { noun: 'ticket', listCommand: (args) => `boxoffice ticket list ${args.EVENT_ID ?? 'EVENT_ID'}` },
  DISCOUNT_ID: { noun: 'discount', listCommand: () => undefined },
};

/** The service's "no such id" codes, and the argument holding the id each is about. */
const NOT_FOUND_ARGUMENT: Readonly<Record<string, string>> = { E007: 'EVENT_ID', E012: 'TICKET_ID', E019: 'DISCOUNT_ID', E028: 'DISCOUNT_ID' };

/** A whole number from 1 (leading zeros aside), or a code: capital letters and digits, a letter first. */
const ID_PATTERN = /^(?:0*[1-9]\d*|[A-Z][A-Z0-9]*)$/;

function listHint(argument: string, args: IdArguments): string | undefined {
  const kind = ID_KINDS[argument];
  const command = kind?.listCommand(args);
  return command === undefined ? undefined : `list the ${kind.noun}s with ${command}`;
}

/** Refuses (exit 2, nothing sent) an id argument that cannot be an id, such as `event get abc`. */
export function checkIdArguments(args: IdArguments): void {
  for (const [argument, value] of Object.entries(args)) {
    const kind = ID_KINDS[argument];
    if (!kind || value === undefined || ID_PATTERN.test(value.trim())) continue;
    const hint = listHint(argument, args);
    throw new UsageError(
      `${argument} ${JSON.stringify(value)} is not ${kind.noun === 'event' ? 'an' : 'a'} ${kind.noun} id (ids are whole numbers from 1 such as 12, or codes such as EKDJHH)${hint ? `; ${hint}` : ''}`,
      argument,
    );
  }
}

/** "ticket 34 not found in event 12; list the tickets with boxoffice ticket list 12", for a "no such id" code with the id known. */
export function notFoundMessage(code: string, args: IdArguments): string | undefined {
  const argument = NOT_FOUND_ARGUMENT[code];
  const value = argument === undefined ? undefined : args[argument];
  if (argument === undefined || value === undefined) return undefined;
  // E007: since 2015 the service's own library gives it two meanings, an invalid event id or a key
  // not valid for the API called. Whether the event list works and lists the event tells them apart.
  if (code === 'E007') {
    const eventId = value.trim();
    return (
      `event ${eventId} not found, or the token is not valid for this API (the service's E007 means either); ` +
      `to tell them apart run boxoffice event list: if it fails or lists event ${eventId}, the token is the problem ` +
      `(log in with the account holder's access token: boxoffice login); if it works without event ${eventId}, the id is wrong`
    );
  }
  const { noun } = ID_KINDS[argument];
  const where = argument !== 'EVENT_ID' && args.EVENT_ID !== undefined ? ` in event ${args.EVENT_ID}` : '';
  const hint = listHint(argument, args);
  return `${noun} ${value.trim()} not found${where}${hint ? `; ${hint}` : ''}`;
}
