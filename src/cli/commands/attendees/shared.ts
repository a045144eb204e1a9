// What reading an event's attendee list from the CLI shares: `attendees export`, `attendees sync`
// and `insights` read the same list with the same defaults.

export const DEFAULT_MAX_WAIT = '10m';
export const DEFAULT_PREFETCH = 2;

/** What an E008 from the attendee list means, and how to get the token it needs. */
export const ADMIN_TOKEN_NEEDED =
  "the attendee list needs an administrator account's token: log in as that account (boxoffice login); " +
  'on the sandbox: export BOXOFFICE_TOKEN=$(boxoffice sandbox token --role admin)';
