// One error hierarchy for the whole tool: the service's codes choose the class, the class the
// CLI's exit code (src/cli/framework/exit-codes.ts).

/** The code given to a `{"success":"fail","message":"<text>"}` body, which carries none of its own. */
export const FAIL_CODE = 'fail';

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(DOCUMENTED_CODES, value);
}

/** What the work that met an error adds for whoever reports it, apart from the error's own words. */
export interface ErrorNotes {
  /** In place of the error's own words: what it means for that work. */
  explanation?: string;
  /** Before the error's own words (which follow in parentheses): what the failure leaves behind. */
  outcome?: string;
  /** After the error's own words, in parentheses: what was done about it, or how to check. */
  aftermath?: string;
  /** After the error's own words: what to do next, in the terms of the program reporting it (its commands, flags or parameters). */
  next?: string;
}

/** Names each class after its key: the bundle is minified, so a class's own identifier does not survive. */
export function nameErrorClasses(classes: Readonly<Record<string, abstract new (...args: never[]) => Error>>): void {
  for (const [name, errorClass] of Object.entries(classes)) errorClass.prototype.name = name;
}

/** Base of every error boxoffice raises on purpose. */
export class BoxofficeError extends Error {
  readonly notes: ErrorNotes = {};
}

/** `error` with `notes` added; anything that is no BoxofficeError is carried as the cause of one. */
export function withNotes(error: unknown, notes: ErrorNotes): BoxofficeError {
  const noted = error instanceof BoxofficeError ? error : new BoxofficeError(error instanceof Error ? error.message : String(error), { cause: error });
  Object.assign(noted.notes, notes);
  return noted;
}

/** A value was refused before any request was sent (flag, file or request field). */
export class UsageError extends BoxofficeError {
  constructor(
    message: string,
    /** The flag, request field or file path that is wrong, when there is one. */
    readonly field?: string,
  ) {
    super(message);
  }
}

export class NewerSchemaError extends UsageError {
  constructor(label: string, version: number, known: number) {
    super(`${label}: its schema is version ${version}, newer than this boxoffice knows (${known})`);
  }
}

/** The change cannot be made through the API at all (a discount whose id the service never gave). */
export class UnchangeableError extends BoxofficeError {}

/** The user cancelled (Ctrl-C, or a cancelled prompt). */
export class CancelledError extends BoxofficeError {
  constructor(message = 'cancelled') {
    super(message);
  }
}

/** Ctrl-C stopped work that left something at the service: the message says what, and how to go on. */
export class InterruptedWorkError extends CancelledError {}

/** "No" to a confirmation: nothing was done (exit 1; 130 stays Ctrl-C's). */
export class DeclinedError extends BoxofficeError {}

/** No usable token: not logged in, or the stored one has expired. */
export class NotLoggedInError extends BoxofficeError {
  constructor(
    message: string,
    /** The credential an operation needed and the client was not given, when the client raised it. */
    readonly missingCredential?: 'token' | 'publisherKey',
  ) {
    super(message);
  }
}

export type ApiErrorInit = Pick<ApiError, 'code' | 'httpStatus' | 'description' | 'field' | 'raw' | 'retryAfterMs'>;

/** The service answered with an error body (any HTTP status, including 200). */
export class ApiError extends BoxofficeError {
  declare readonly code: string;
  declare readonly httpStatus: number;
  declare readonly field?: string;
  declare readonly description?: string;
  /** The response body as received (redacted). */
  declare readonly raw?: unknown;
  declare readonly retryAfterMs?: number;

  constructor(init: ApiErrorInit) {
    super(formatApiErrorMessage(init));
    Object.assign(this, init);
  }

  get meaning(): string | undefined {
    return isErrorCode(this.code) ? ERROR_CODE_MEANINGS[this.code] : undefined;
  }
}

/** E001 / E020 (or an OAuth invalid_client / invalid_grant): the token, key or code is invalid, expired or unknown. */
export class AuthError extends ApiError {}

/** E008: the token is valid but may not do this (another organizer's event, or admin needed). */
export class PermissionError extends ApiError {}

/** The request was refused as invalid (missing fields, formats, business rules). */
export class InvalidRequestError extends ApiError {}

/** An id does not exist (event, ticket, discount, location, order). */
export class NotFoundError extends ApiError {}

/** The request clashes with existing state (url, subdomain taken, sold ticket, repeat order). */
export class ConflictError extends ApiError {}

/** E023 or HTTP 429: too many requests; `retryAfterMs` holds the server's hint when given. */
export class RateLimitError extends ApiError {}

/** E011, T005, T006 or HTTP 5xx: a passing failure on the service's side; retry later. */
export class ServerBusyError extends ApiError {}

/** E022: a booking response's secure code did not match (tampered or misrouted). */
export class SignatureError extends ApiError {}

/** How to find out whether a request that may have taken effect did: `hint` ends the error's message. */
export interface Recheck {
  /** E1, P11… */
  operationId: string;
  request: Readonly<Record<string, unknown>>;
  hint: string;
}

/** The network failed: no connection, reset, timeout. */
export class ConnectionError extends BoxofficeError {
  constructor(
    /** What failed; with `recheck`, the message adds its hint. */
    readonly failure: string,
    override readonly cause: unknown,
    /** True when the request may have reached the service (sent, then the connection broke). */
    readonly mayHaveTakenEffect: boolean,
    readonly origin?: string,
    /** Set when the outcome is unknown: how to check it. */
    readonly recheck?: Recheck,
  ) {
    super(recheck ? `${failure} ${recheck.hint}` : failure);
  }
}

/** A success response did not have the documented shape. */
export class ResponseShapeError extends BoxofficeError {
  constructor(
    message: string,
    readonly raw: unknown,
    /** The HTTP status of a body that was not JSON at all. */
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}

nameErrorClasses({ BoxofficeError, UsageError, NewerSchemaError, UnchangeableError, CancelledError, InterruptedWorkError, DeclinedError, NotLoggedInError });
nameErrorClasses({ ApiError, AuthError, PermissionError, InvalidRequestError, NotFoundError, ConflictError, RateLimitError, ServerBusyError, SignatureError });
nameErrorClasses({ ConnectionError, ResponseShapeError });

/** Every code the service documents: what it means, and the class of error it raises. */
const DOCUMENTED_CODES = {
  E001: ['invalid API key or private key', AuthError],
  E002: ['mandatory fields missing', InvalidRequestError],
  E003: ['end date-time must be later than start date-time', InvalidRequestError],
  E004: ['start date must be today or later', InvalidRequestError],
  E005: ['subdomain already used by another user', ConflictError],
  E006: ['URL already used by another event', ConflictError],
  E007: ["invalid event id, or an API key not valid for the requested API (the account holder's access token is needed)", NotFoundError],
  E008: ['key not valid for the given event id, or not valid for the requested API (administrator token needed)', PermissionError],
  E009: ['URL already used by another event', ConflictError],
  E010: ['invalid location id', NotFoundError],
  E011: ['unspecified failure; retry later', ServerBusyError],
  E012: ['invalid ticket id', NotFoundError],
  E013: ['quantity must be numeric', InvalidRequestError],
  E014: ['price must be numeric', InvalidRequestError],
  E015: ['quantity required', InvalidRequestError],
  E016: ['ticket name required', InvalidRequestError],
  E017: ['start time format incorrect', InvalidRequestError],
  E018: ['end time format incorrect', InvalidRequestError],
  E019: ['invalid discount id', NotFoundError],
  E020: ['invalid publisher key', AuthError],
  E021: ['category required', InvalidRequestError],
  E022: ['response private key does not match', SignatureError],
  E023: ['too many requests from the caller (bot suspicion)', RateLimitError],
  E024: ['URL required', InvalidRequestError],
  E025: ['code required for a code discount', InvalidRequestError],
  E026: ['from and to quantity required for a bulk discount', InvalidRequestError],
  E027: ['ticket already sold, so it cannot be updated', ConflictError],
  E028: ['discount does not belong to this event', NotFoundError],
  D001: ['discount amount required', InvalidRequestError],
  T001: ['invalid request; ticket missing', InvalidRequestError],
  T002: ['buyer billing information missing', InvalidRequestError],
  T003: ['invalid hash', InvalidRequestError],
  T004: ['no quantity selected', InvalidRequestError],
  T005: ['system busy; retry later', ServerBusyError],
  T006: ['retry after some time', ServerBusyError],
  T007: ['order does not exist', NotFoundError],
  T008: ['order number not valid for the given publisher key', NotFoundError],
  T009: ['date range must be at most 31', InvalidRequestError],
  T010: ['duplicate order number; already processed', ConflictError],
} as const;

export type ErrorCode = keyof typeof DOCUMENTED_CODES;

export const ERROR_CODE_MEANINGS: Readonly<Record<ErrorCode, string>> = Object.fromEntries(
  Object.entries(DOCUMENTED_CODES).map(([code, [meaning]]) => [code, meaning]),
) as Record<ErrorCode, string>;

/** The documented codes whose error is a `kind` (RateLimitError: E023), in the table's order. */
export function documentedCodesOf(kind: new (init: ApiErrorInit) => ApiError): ErrorCode[] {
  return (Object.keys(DOCUMENTED_CODES) as ErrorCode[]).filter((code) => DOCUMENTED_CODES[code][1] === kind);
}

/** The service's codes that mean "try again later": those of its rate-limit and busy errors. */
export const RETRYABLE_CODES: ReadonlySet<string> = new Set([...documentedCodesOf(RateLimitError), ...documentedCodesOf(ServerBusyError)]);

/** RFC 6749 §5.2 token-endpoint errors that mean "these credentials or this code are no good". */
const OAUTH_AUTH_ERRORS: ReadonlySet<string> = new Set(['invalid_client', 'invalid_grant', 'unauthorized_client']);

/** The error of an error answer: its class is its code's, or for an undocumented code its HTTP status's. */
export function createApiError(init: ApiErrorInit): ApiError {
  const { code, httpStatus } = init;
  if (isErrorCode(code)) return new DOCUMENTED_CODES[code][1](init);
  if (OAUTH_AUTH_ERRORS.has(code) || httpStatus === 401) return new AuthError(init);
  if (httpStatus === 403) return new PermissionError(init);
  if (httpStatus === 404) return new NotFoundError(init);
  if (httpStatus === 409) return new ConflictError(init);
  if (httpStatus === 429) return new RateLimitError(init);
  if (httpStatus >= 500) return new ServerBusyError(init);
  return new ApiError(init);
}

/** `error CODE: TEXT[: field]`: the service's own description (of this request), else the code's meaning. */
function formatApiErrorMessage(init: ApiErrorInit): string {
  const meaning = isErrorCode(init.code) ? ERROR_CODE_MEANINGS[init.code] : undefined;
  const description = init.description?.trim() ? init.description.trim() : undefined;
  const text = description ?? meaning ?? `HTTP ${init.httpStatus}`;
  if (init.code === FAIL_CODE) return `error: the service refused the request: ${text}`;
  const field = init.field && !text.includes(init.field) ? `: ${init.field}` : '';
  return `error ${init.code}: ${text}${field}`;
}
