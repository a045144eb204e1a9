// Helpers for the sandbox's own tests: post form fields in either body encoding, and valid
// requests to vary.
import { expect } from 'vitest';
import type { SandboxClock } from '../../src/sandbox/context.js';

export const ENCODINGS = ['multipart', 'urlencoded'] as const;
export type Encoding = (typeof ENCODINGS)[number];

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

export function encode(fields: Record<string, string>, encoding: Encoding): FormData | URLSearchParams {
  if (encoding === 'urlencoded') return new URLSearchParams(fields);
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

export async function post(
  baseUrl: string,
  path: string,
  fields: Record<string, string>,
  options: { token?: string; encoding?: Encoding } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers,
    body: encode(fields, options.encoding ?? 'multipart'),
    redirect: 'manual',
  });
  const text = await response.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text };
  }
  return { status: response.status, body, headers: response.headers };
}

/** Asserts an error envelope with this code (and field, when given). */
export function expectError(answer: Answer, code: string, httpStatus?: number, field?: string): void {
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ status: 'error', message: code });
  expect(typeof answer.body.description).toBe('string');
  if (httpStatus !== undefined) expect(answer.status).toBe(httpStatus);
  if (field !== undefined) expect(answer.body.field).toBe(field);
}

export function expectSuccess(answer: Answer): Record<string, unknown> {
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ status: 'success' });
  expect(answer.status).toBe(200);
  return answer.body;
}

/** A clock the test moves by hand. */
export function manualClock(start: string): SandboxClock & { set(iso: string): void; advance(ms: number): void } {
  let now = new Date(start);
  return {
    now: () => new Date(now),
    set: (iso) => {
      now = new Date(iso);
    },
    advance: (ms) => {
      now = new Date(now.getTime() + ms);
    },
  };
}

/** Today is 2026-06-01 (10:00 UTC) in these tests. */
export const TEST_NOW = '2026-06-01T10:00:00.000Z';

let counter = 0;
export function uniqueSlug(prefix = 'event'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}`;
}

export function validEvent(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    eventType: 'public',
    type: 'ticketing',
    eventTitle: 'Summer Jazz Night',
    url: uniqueSlug(),
    segment: 'entertainment',
    category: 'music',
    topics: 'jazz',
    startDate: '2026-07-10',
    endDate: '2026-07-10',
    startTime: '18:00',
    endTime: '23:00',
    aboutEvent: '<p>An evening of <b>jazz</b>.</p>',
    listingImage: 'https://img.example/listing.png',
    headerImage: 'https://img.example/header.png',
    contactInfo: 'hello@jazz.example',
    city: 'Pune',
    country: 'India',
    ...overrides,
  };
}

export function validTicket(eventId: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    eventId,
    ticketName: 'General',
    ticketDescription: 'Standing',
    price: '500',
    currency: 'INR',
    quantity: '100',
    status: 'active',
    serviceFee: '1',
    allowCancellation: 'false',
    ...overrides,
  };
}

export function validDiscount(eventId: string, ticketId: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    eventId,
    ticketId,
    discountName: 'Early bird',
    discountCategory: 'flat',
    discount: '10',
    discountType: 'percentage',
    ...overrides,
  };
}

/** Drops the named fields from a request. */
export function without(fields: Record<string, string>, ...names: string[]): Record<string, string> {
  const copy = { ...fields };
  for (const name of names) delete copy[name];
  return copy;
}
