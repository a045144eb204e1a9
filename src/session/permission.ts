// E008 means different things for different calls; the command that made the call says which.
import { PermissionError } from '../client/errors.js';

/**
 * Notes for an E008 what it means for the call that received it (exit code unchanged: 3), e.g.
 * "event 12 belongs to another organizer; this token may not change it". Other errors pass through.
 */
export function explainPermission(error: unknown, explanation: string): unknown {
  if (error instanceof PermissionError) Object.assign(error.notes, { explanation });
  return error;
}

export function withPermissionExplained<T>(explanation: string, call: () => Promise<T>): Promise<T> {
  return call().catch((error: unknown) => {
    throw explainPermission(error, explanation);
  });
}

export function notYourEvent(eventId: string, action: string): string {
  return `event ${eventId} belongs to another organizer account; this token may not ${action} (log in as its organizer)`;
}

/** What an E008 from the attendee list means: the event is another account's (the owner's token reads it). */
export const attendeeListRefused = (eventId: string): string =>
  `event ${eventId} belongs to another account; its attendee list is read with that account's token (log in as it: boxoffice login)`;
