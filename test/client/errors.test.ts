// Every code of api-reference §7 maps to its class, its meaning and the CLI's exit code.
import { describe, expect, it } from 'vitest';
import { exitCodeFor } from '../../src/cli/framework/exit-codes.js';
import {
  ApiError,
  AuthError,
  CancelledError,
  ConflictError,
  ConnectionError,
  ERROR_CODE_MEANINGS,
  InvalidRequestError,
  NotFoundError,
  NotLoggedInError,
  PermissionError,
  RateLimitError,
  ResponseShapeError,
  ServerBusyError,
  SignatureError,
  UsageError,
  createApiError,
} from '../../src/client/errors.js';
import { errorFromResponse } from '../../src/client/http.js';
import { Redactor } from '../../src/client/redact.js';

type ErrorClass = abstract new (...args: never[]) => ApiError;

/** The expected class and exit code of every documented error code (cli-contract "Exit codes"). */
const EXPECTED: Record<string, [ErrorClass, number]> = {
  E001: [AuthError, 3],
  E002: [InvalidRequestError, 1],
  E003: [InvalidRequestError, 1],
  E004: [InvalidRequestError, 1],
  E005: [ConflictError, 1],
  E006: [ConflictError, 1],
  E007: [NotFoundError, 1],
  E008: [PermissionError, 3],
  E009: [ConflictError, 1],
  E010: [NotFoundError, 1],
  E011: [ServerBusyError, 1],
  E012: [NotFoundError, 1],
  E013: [InvalidRequestError, 1],
  E014: [InvalidRequestError, 1],
  E015: [InvalidRequestError, 1],
  E016: [InvalidRequestError, 1],
  E017: [InvalidRequestError, 1],
  E018: [InvalidRequestError, 1],
  E019: [NotFoundError, 1],
  E020: [AuthError, 3],
  E021: [InvalidRequestError, 1],
  E022: [SignatureError, 1],
  E023: [RateLimitError, 4],
  E024: [InvalidRequestError, 1],
  E025: [InvalidRequestError, 1],
  E026: [InvalidRequestError, 1],
  E027: [ConflictError, 1],
  E028: [NotFoundError, 1],
  D001: [InvalidRequestError, 1],
  T001: [InvalidRequestError, 1],
  T002: [InvalidRequestError, 1],
  T003: [InvalidRequestError, 1],
  T004: [InvalidRequestError, 1],
  T005: [ServerBusyError, 1],
  T006: [ServerBusyError, 1],
  T007: [NotFoundError, 1],
  T008: [NotFoundError, 1],
  T009: [InvalidRequestError, 1],
  T010: [ConflictError, 1],
};

const REFERENCE_CODES = [
  ...Array.from({ length: 28 }, (_, i) => `E${String(i + 1).padStart(3, '0')}`),
  'D001',
  ...Array.from({ length: 10 }, (_, i) => `T${String(i + 1).padStart(3, '0')}`),
];

describe('error codes of §7', () => {
  it('the table covers exactly the reference codes', () => {
    expect(Object.keys(ERROR_CODE_MEANINGS).sort()).toEqual([...REFERENCE_CODES].sort());
    expect(Object.keys(EXPECTED).sort()).toEqual([...REFERENCE_CODES].sort());
  });

  it.each(REFERENCE_CODES)('%s maps to its class, meaning and exit code', (code) => {
    const [ExpectedClass, exitCode] = EXPECTED[code];
    const error = createApiError({ code, httpStatus: 400, field: 'eventTitle', raw: { status: 'error', message: code } });
    expect(error).toBeInstanceOf(ExpectedClass);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe(code);
    expect(error.httpStatus).toBe(400);
    expect(error.field).toBe('eventTitle');
    expect(error.raw).toEqual({ status: 'error', message: code });
    expect(error.meaning).toBe(ERROR_CODE_MEANINGS[code as keyof typeof ERROR_CODE_MEANINGS]);
    expect(error.message).toBe(`error ${code}: ${error.meaning}: eventTitle`);
    expect(exitCodeFor(error)).toBe(exitCode);
  });

  it.each(REFERENCE_CODES)('%s in a body with HTTP 200 is read as that error', (code) => {
    const error = errorFromResponse(200, { status: 'error', message: code }, undefined, new Redactor());
    expect(error?.code).toBe(code);
    expect(error).toBeInstanceOf(EXPECTED[code][0]);
  });
});

describe('codes the reference does not list', () => {
  it.each([
    [401, AuthError, 3],
    [403, PermissionError, 3],
    [404, NotFoundError, 1],
    [409, ConflictError, 1],
    [429, RateLimitError, 4],
    [500, ServerBusyError, 1],
    [503, ServerBusyError, 1],
    [400, ApiError, 1],
  ] as const)('fall back by HTTP status %i', (status, ExpectedClass, exitCode) => {
    const error = createApiError({ code: 'X999', httpStatus: status, description: 'something new' });
    expect(error).toBeInstanceOf(ExpectedClass);
    expect(error.message).toBe('error X999: something new');
    expect(error.meaning).toBeUndefined();
    expect(exitCodeFor(error)).toBe(exitCode);
  });

  it('OAuth token errors that reject the credentials are AuthErrors (exit 3)', () => {
    for (const code of ['invalid_client', 'invalid_grant', 'unauthorized_client']) {
      expect(exitCodeFor(createApiError({ code, httpStatus: 400 }))).toBe(3);
    }
  });
});

describe('errors raised before or around the service', () => {
  it.each([
    [new UsageError('startTime: expected a time as HH:MM (24-hour)', 'startTime'), 2],
    [new NotLoggedInError('not logged in'), 3],
    [new CancelledError(), 130],
    [new ConnectionError('could not connect', new Error('ECONNREFUSED'), false), 1],
    [new ResponseShapeError('unexpected response', {}), 1],
  ] as const)('%s → exit %i', (error, exitCode) => {
    expect(exitCodeFor(error)).toBe(exitCode);
  });
});

describe('errorFromResponse', () => {
  const redactor = new Redactor(['very-secret-token']);

  it('is undefined for a success body', () => {
    expect(errorFromResponse(200, { status: 'success', message: 'S001', eventId: '1' }, undefined, redactor)).toBeUndefined();
  });

  it('reads code, description, field and Retry-After', () => {
    const error = errorFromResponse(429, { status: 'error', message: 'E023', description: 'slow down', field: 'x' }, 30_000, redactor);
    expect(error).toMatchObject({ code: 'E023', description: 'slow down', field: 'x', retryAfterMs: 30_000, httpStatus: 429 });
  });

  it('takes a code from `code` when `message` holds text', () => {
    const error = errorFromResponse(400, { status: 'error', code: 'E016', message: 'Ticket name required' }, undefined, redactor);
    expect(error).toMatchObject({ code: 'E016', description: 'Ticket name required' });
  });

  it('reads a code-like message without a status field as an error', () => {
    expect(errorFromResponse(200, { message: 'E007' }, undefined, redactor)?.code).toBe('E007');
  });

  it('an error body without a code is an error by its HTTP status', () => {
    const error = errorFromResponse(401, { status: 'error', message: 'Invalid token' }, undefined, redactor);
    expect(error).toBeInstanceOf(AuthError);
    expect(error?.message).toBe('error HTTP 401: Invalid token');
  });

  it('a non-2xx text body becomes the description, scrubbed of secrets', () => {
    const error = errorFromResponse(502, 'upstream said very-secret-token', undefined, redactor);
    expect(error).toBeInstanceOf(ServerBusyError);
    expect(error?.description).toBe('upstream said [REDACTED]');
  });
});

describe("the message keeps the service's own words", () => {
  it("prints the description when the body gives one, not the code's generic meaning", () => {
    const error = createApiError({
      code: 'E025',
      httpStatus: 400,
      description: 'code "LAUNCH20" is already used by another discount of this event',
      field: 'code',
    });
    expect(error.message).toBe('error E025: code "LAUNCH20" is already used by another discount of this event');
    expect(error.meaning).toBe('code required for a code discount');
  });

  it('names the field when the description does not', () => {
    expect(createApiError({ code: 'E013', httpStatus: 400, description: 'not a whole number', field: 'quantity' }).message).toBe(
      'error E013: not a whole number: quantity',
    );
  });

  it('falls back to the meaning of the code without a description (or a blank one), then to the HTTP status', () => {
    expect(createApiError({ code: 'E002', httpStatus: 200, field: 'eventTitle' }).message).toBe('error E002: mandatory fields missing: eventTitle');
    expect(createApiError({ code: 'E023', httpStatus: 429, description: '  ' }).message).toBe('error E023: too many requests from the caller (bot suspicion)');
    expect(createApiError({ code: 'HTTP 502', httpStatus: 502 }).message).toBe('error HTTP 502: HTTP 502');
  });
});

describe('errorFromResponse: any text beside the code', () => {
  it('is the description when the body has no description field', () => {
    const error = errorFromResponse(200, { status: 'error', message: 'E002', msg: 'eventTitle is longer than 200 characters' }, undefined, new Redactor());
    expect(error?.message).toBe('error E002: eventTitle is longer than 200 characters');
    const coded = errorFromResponse(200, { status: 'error', message: 'E002', error: 'E002' }, undefined, new Redactor());
    expect(coded?.message).toBe('error E002: mandatory fields missing');
  });
});
