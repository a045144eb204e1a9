// The sandbox's error envelope:
// {"status":"error","message":"<code>","description":"…","field":"…"} with a fitting HTTP status.
import { documentedCodesOf, ERROR_CODE_MEANINGS, isErrorCode, RateLimitError, ServerBusyError } from '../client/errors.js';

/** Codes that are not the service's: the sandbox's own answers for requests outside the API. */
const SANDBOX_ONLY_CODES = {
  NOT_FOUND: 'no such endpoint',
  WRONG_HOST: 'the Host header is not the address of this sandbox',
  CROSS_SITE: 'a form sent from another site may not change anything',
} as const;

export type SandboxErrorCode = keyof typeof ERROR_CODE_MEANINGS | keyof typeof SANDBOX_ONLY_CODES;

/** The HTTP status of each code that is not a plain 400. */
const CODES_BY_HTTP_STATUS: readonly (readonly [number, readonly SandboxErrorCode[]])[] = [
  [401, ['E001', 'E020']],
  [403, ['E008', 'T008', 'CROSS_SITE']],
  [404, ['E007', 'E012', 'E019', 'T007', 'NOT_FOUND']],
  [409, ['E005', 'E006', 'E009', 'E027', 'T010']],
  [421, ['WRONG_HOST']],
  [429, documentedCodesOf(RateLimitError)],
  [503, documentedCodesOf(ServerBusyError)],
];
const HTTP_STATUS_BY_CODE = new Map(CODES_BY_HTTP_STATUS.flatMap(([status, codes]) => codes.map((code) => [code, status] as const)));

export interface SandboxErrorInit {
  /** Defaults to the code's documented meaning. */
  description?: string;
  /** The request field at fault (several: comma-separated). */
  field?: string;
  /** Overrides the status chosen by code. */
  httpStatus?: number;
  headers?: Record<string, string>;
}

/** Thrown by handlers and middleware; app.onError turns it into the envelope. */
export class SandboxError extends Error {
  override name = 'SandboxError';
  readonly description: string;
  readonly field?: string;
  readonly httpStatus: number;
  readonly headers: Record<string, string>;

  constructor(
    readonly code: SandboxErrorCode,
    init: SandboxErrorInit = {},
  ) {
    const description = init.description ?? (isErrorCode(code) ? ERROR_CODE_MEANINGS[code] : SANDBOX_ONLY_CODES[code]);
    super(`${code}: ${description}`);
    this.description = description;
    this.field = init.field;
    this.httpStatus = init.httpStatus ?? HTTP_STATUS_BY_CODE.get(code) ?? 400;
    this.headers = init.headers ?? {};
  }
}

/** E023 (HTTP 429) with Retry-After: the description says why, then how long to wait. */
export function tooManyRequests(reason: string, retryAfterSeconds: number): SandboxError {
  return new SandboxError('E023', { description: `${reason}; retry in ${retryAfterSeconds}s`, headers: { 'Retry-After': String(retryAfterSeconds) } });
}

/** A refused value of one field: the description names the field, then what is wrong with it. */
export function fieldError(field: string, problem: string, code: SandboxErrorCode = 'E002'): SandboxError {
  return new SandboxError(code, { description: `${field}: ${problem}`, field });
}

export function errorEnvelope(error: SandboxError) {
  return {
    status: 'error' as const,
    message: error.code,
    description: error.description,
    ...(error.field !== undefined ? { field: error.field } : {}),
  };
}
