// The sandbox's error envelope:
// {"status":"error","message":"<code>","description":"…","field":"…"} with a fitting HTTP status.
import { ERROR_CODE_MEANINGS, isErrorCode } from '../client/errors.js';

/** Codes that are not the service's: the sandbox's own answers for requests outside the API. */
const SANDBOX_ONLY_CODES = {
  NOT_FOUND: 'no such endpoint',
  WRONG_HOST: 'the Host header is not the address of this sandbox',
  CROSS_SITE: 'a form sent from another site may not change anything',
} as const;

export type SandboxErrorCode = keyof typeof ERROR_CODE_MEANINGS | keyof typeof SANDBOX_ONLY_CODES;

const HTTP_STATUS_BY_CODE: Partial<Record<SandboxErrorCode, number>> = {
  E001: 401,
  E020: 401,
  E008: 403,
  T008: 403,
  E007: 404,
  E012: 404,
  E019: 404,
  T007: 404,
  NOT_FOUND: 404,
  CROSS_SITE: 403,
  WRONG_HOST: 421,
  E005: 409,
  E006: 409,
  E009: 409,
  E027: 409,
  T010: 409,
  E023: 429,
  E011: 503,
  T005: 503,
  T006: 503,
};

function httpStatusFor(code: SandboxErrorCode): number {
  return HTTP_STATUS_BY_CODE[code] ?? 400;
}

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
    const description = init.description ?? meaningOf(code);
    super(`${code}: ${description}`);
    this.description = description;
    this.field = init.field;
    this.httpStatus = init.httpStatus ?? httpStatusFor(code);
    this.headers = init.headers ?? {};
  }
}

function meaningOf(code: SandboxErrorCode): string {
  if (isErrorCode(code)) return ERROR_CODE_MEANINGS[code];
  return SANDBOX_ONLY_CODES[code];
}

export interface ErrorEnvelope {
  status: 'error';
  message: string;
  description: string;
  field?: string;
}

export function errorEnvelope(error: SandboxError): ErrorEnvelope {
  return {
    status: 'error',
    message: error.code,
    description: error.description,
    ...(error.field !== undefined ? { field: error.field } : {}),
  };
}
