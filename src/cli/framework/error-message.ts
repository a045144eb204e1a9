// The one line an error becomes on stderr: its own text, with the next step as a command where
// the CLI knows it (the client, a library, knows nothing of commands).
import {
  ApiError,
  AuthError,
  BoxofficeError,
  CancelledError,
  ConnectionError,
  InterruptedWorkError,
  NewerSchemaError,
  NotFoundError,
  NotLoggedInError,
  RateLimitError,
  ServerBusyError,
  UsageError,
} from '../../client/errors.js';
import type { WaitBudget } from '../../client/wait-budget.js';
import { isLoopbackHost } from '../../client/loopback.js';
import { networkErrorCode } from '../../client/retry.js';
import { formatDuration } from '../../util/duration.js';
import { HOURLY_READ_QUOTA, creationQuotasLine } from '../../client/live-quotas.js';
import { NotSyncedError } from '../../checkin/refused.js';
import { flagForField } from './fields.js';
import { notFoundMessage, type IdArguments } from '../../session/ids.js';

/** The command that was running, as far as it is known: its arguments by name, its group (`event` of `event update`), its --max-wait budget. */
export type Invocation = { args: IdArguments; group?: string; waited?: WaitBudget };

/** By operation: the command that shows whether the request took effect. */
const RECHECK_IN_COMMANDS: Readonly<Record<string, (request: Readonly<Record<string, unknown>>) => string>> = {
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

function messageWithCommands(error: Error): string {
  if (error instanceof ConnectionError && error.recheck) {
    const inCommands = RECHECK_IN_COMMANDS[error.recheck.operationId];
    if (inCommands) return `${error.failure} ${inCommands(error.recheck.request)}`;
  }
  if (error instanceof NotLoggedInError && error.missingCredential) {
    return `${error.message}${MISSING_CREDENTIAL[error.missingCredential]}`;
  }
  return error.message;
}

const SANDBOX_DEFAULT_PORT = '4010';

/** `interrupted`: Ctrl-C reached the process (SIGINT), whatever error the work then met. */
export function formatError(error: unknown, invocation?: Invocation, now: Date = new Date(), interrupted = false): string {
  if (interrupted || error instanceof CancelledError) return interruptionLine(error, interrupted);
  if (!(error instanceof Error)) return `error: ${String(error)}`;
  const message = withWorkNotes(error, messageWithCommands(error));
  if (error instanceof RateLimitError) return `${message}${waitedFor(invocation?.waited)}; ${retryAdvice(error, now, invocation?.waited)}`;
  if (error instanceof ServerBusyError && invocation?.waited) return `${message}${waitedFor(invocation.waited)}`;
  if (error instanceof NewerSchemaError) return `error: ${message}; upgrade boxoffice (npm install -g boxoffice)`;
  if (error instanceof NotSyncedError) return `error: ${message}; run boxoffice attendees sync ${error.eventId} --to ${error.destination} first`;
  if (error instanceof UsageError) return prefixed(withFlagName(message, error.field, invocation?.group));
  if (error instanceof AuthError) {
    // E001 / E020: the credential was refused (expired, revoked or mistyped).
    const hint =
      error.code === 'E020'
        ? 'check the Publisher API key (BOXOFFICE_PUBLISHER_KEY or config set publisherKey)'
        : 'the token was refused: run boxoffice login (or replace BOXOFFICE_TOKEN)';
    return `${message}; ${hint}`;
  }
  // A command that explained the service's error itself keeps its words.
  if (error instanceof NotFoundError && invocation && error.notes.explanation === undefined) {
    const notFound = notFoundMessage(error.code, invocation.args);
    if (notFound !== undefined) return `error ${error.code}: ${notFound}`;
  }
  if (error instanceof ConnectionError) {
    const refused = refusedMessage(error);
    if (refused !== undefined) return refused;
  }
  if (error instanceof BoxofficeError) return prefixed(message);
  return `error: ${message}`;
}

/** Ctrl-C, as SIGINT or at a prompt: what the stopped work left ("interrupted: …"), then what was undone (an order released). */
function interruptionLine(error: unknown, interrupted: boolean): string {
  const said =
    error instanceof InterruptedWorkError ? `interrupted: ${error.message}` : interrupted || !(error instanceof Error) ? 'interrupted' : error.message;
  const aftermath = error instanceof BoxofficeError ? error.notes.aftermath : undefined;
  return aftermath === undefined ? said : `${said} (${aftermath})`;
}

/** A request field the client refused (`endDate: …`), named by the flag that carries it (`--end-date: …`). */
function withFlagName(message: string, field: string | undefined, group: string | undefined): string {
  const flag = field !== undefined && group !== undefined ? flagForField(group, field) : undefined;
  return flag !== undefined && message.startsWith(`${field}: `) ? `${flag}${message.slice(field?.length)}` : message;
}

/** What the work that met the error noted (ErrorNotes): an explanation in place of its words, then next, outcome and aftermath around them. */
function withWorkNotes(error: Error, ownWords: string): string {
  if (!(error instanceof BoxofficeError)) return ownWords;
  const { explanation, outcome, aftermath, next } = error.notes;
  let words = ownWords;
  if (explanation !== undefined) words = error instanceof ApiError ? `error ${error.code}: ${explanation}` : explanation;
  if (next !== undefined) words = `${words}; ${next}`;
  if (outcome !== undefined) words = `${outcome} (${words})`;
  if (aftermath !== undefined) words = `${words} (${aftermath})`;
  return words;
}

function prefixed(message: string): string {
  return message.startsWith('error') ? message : `error: ${message}`;
}

/** Nothing listening at the address: on this machine, the command that starts the sandbox there. */
function refusedMessage(error: ConnectionError): string | undefined {
  if (error.origin === undefined || networkErrorCode(error.cause) !== 'ECONNREFUSED') return undefined;
  const address = new URL(error.origin);
  const lead = `error: nothing is listening at ${error.origin} (connection refused)`;
  if (!isLoopbackHost(address.hostname)) return `${lead}; check the address (boxoffice config list) and your network`;
  const port = address.port === '' || address.port === SANDBOX_DEFAULT_PORT ? '' : ` --port ${address.port}`;
  return `${lead}; is the sandbox running? boxoffice sandbox start${port}`;
}

/** "; still refused after waiting 40s of --max-wait 30s": the time the command's calls waited, in all. */
function waitedFor(budget: WaitBudget | undefined): string {
  if (budget === undefined) return '';
  return `; still refused after waiting ${formatDuration(budget.waitedMs)} of --max-wait ${formatDuration(budget.maxWaitMs)}`;
}

/** When to try again after E023: the service's Retry-After as a time and a span, else what the live quotas imply. */
function retryAdvice(error: RateLimitError, now: Date, budget: WaitBudget | undefined): string {
  if (error.retryAfterMs === undefined) {
    return `the service gave no time: retry in a few minutes (the live service allows about ${HOURLY_READ_QUOTA} read calls an hour and ${creationQuotasLine()})`;
  }
  const at = new Date(now.getTime() + error.retryAfterMs).toISOString().slice(0, 16).replace('T', ' ');
  const wait = budget === undefined ? 'let a command that can wait do so with --max-wait' : 'run it again with a longer --max-wait';
  return `retry after ${at} UTC (in ${formatDuration(Math.ceil(error.retryAfterMs / 1000) * 1000)}), or ${wait}`;
}
