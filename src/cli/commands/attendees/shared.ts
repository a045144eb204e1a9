// What reading an event's attendee list from the CLI shares: `attendees export`, `attendees sync`
// and `insights` read the same list with the same defaults.

export const DEFAULT_MAX_WAIT = '10m';
export const DEFAULT_PREFETCH = 2;

/** What an E008 from the attendee list means: the event is another account's (the owner's token reads it). */
export const attendeeListRefused = (eventId: string): string =>
  `event ${eventId} belongs to another account; its attendee list is read with that account's token (log in as it: boxoffice login)`;

/** For tool descriptions: whose token reads an attendee list. */
export const ATTENDEE_LIST_TOKEN_NOTE = 'The attendee list is read with the token of the account that owns the event.';
