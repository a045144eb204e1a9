// What reading an event's attendee list from the CLI shares: `attendees export` and `insights`
// read the same list with the same defaults.

export const DEFAULT_MAX_WAIT = '10m';
export const DEFAULT_PREFETCH = 2;
