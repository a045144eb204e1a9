// What reading an event's attendee list from the CLI shares: `attendees export`, `attendees sync`
// and `insights` read the same list with the same defaults.
export { DEFAULT_PREFETCH } from '../../../export/export-attendees.js';
export { attendeeListRefused } from '../../../session/permission.js';

export const DEFAULT_MAX_WAIT = '10m';
