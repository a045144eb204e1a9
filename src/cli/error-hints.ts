// The client describes what to check in words of the service; the CLI names its own commands.
// These are the CLI's words for what the client's errors leave to the application: how to check
// a request whose outcome is unknown, and how to supply a missing credential.
import { ConnectionError, NotLoggedInError } from '../client/errors.js';

type Fields = Readonly<Record<string, unknown>>;

/** By operation: the command that shows whether the request took effect. */
const RECHECK_IN_COMMANDS: Readonly<Record<string, (request: Fields) => string>> = {
  E1: (request) => `Check whether event "${String(request.url)}" exists (boxoffice event list) before creating it again.`,
  E3: (request) => `Check whether ticket "${String(request.ticketName)}" exists (boxoffice ticket list ${String(request.eventId)}) before adding it again.`,
  E5: (request) =>
    `Check the discounts of ticket ${String(request.ticketId)} (boxoffice event details ${String(request.eventId)} lists them) before adding it again.`,
  E12: () => 'boxoffice bookings list --from-date TODAY --to-date TODAY',
};

const MISSING_CREDENTIAL: Readonly<Record<NonNullable<NotLoggedInError['missingCredential']>, string>> = {
  token: ' (run "boxoffice login", or set BOXOFFICE_TOKEN)',
  publisherKey: ': set BOXOFFICE_PUBLISHER_KEY, or store one in the profile (boxoffice config set publisherKey KEY)',
};

/** The error's own words, with the CLI's commands in its hints. */
export function messageWithCommands(error: Error): string {
  if (error instanceof ConnectionError && error.recheck) {
    const inCommands = RECHECK_IN_COMMANDS[error.recheck.operationId];
    if (inCommands) return `${error.failure} ${inCommands(error.recheck.request)}`;
  }
  if (error instanceof NotLoggedInError && error.missingCredential) {
    return `${error.message}${MISSING_CREDENTIAL[error.missingCredential]}`;
  }
  return error.message;
}
