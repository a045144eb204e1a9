import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/client/errors.js';
import { addTicketRequest, bookingRequest, eventIdRequest, reportResponse } from '../../src/client/schemas/index.js';
import { parseRequest, parseResponse } from '../../src/client/validate.js';
import * as sample from './sample-requests.js';

function message(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a UsageError');
}

describe('parseRequest', () => {
  it.each([
    [{ quantity: 'abc' }, 'quantity: expected a whole number'],
    [{ quantity: 2.5 }, 'quantity: expected a whole number'],
    [{ price: 'free' }, 'price: expected a number (0 for free) or blank for any amount'],
    [{ allowCancellation: 'yes' }, 'allowCancellation: expected true or false'],
    [{ serviceFee: 4 }, 'serviceFee: expected 1, 2 or 3'],
    [{ currency: 'EUR' }, 'currency: expected one of INR, USD'],
    [{ status: 'published' }, 'status: expected one of active, delete'],
    [{ minQuantity: 5, maxQuantity: 2 }, 'maxQuantity: must not be less than minQuantity'],
    [{ eventId: '  ' }, 'eventId: must not be empty'],
    [{ eventId: true }, 'eventId: expected an id (text or a whole number)'],
  ])('%o → %s', (change, expected) => {
    expect(message(() => parseRequest(addTicketRequest, { ...sample.addTicket, ...change }))).toBe(expected);
  });

  it('names the field of a missing value as required', () => {
    const { currency: _omitted, ...rest } = sample.addTicket;
    expect(message(() => parseRequest(addTicketRequest, rest))).toBe('currency: is required');
  });

  it('returns the parsed request with text turned into values', () => {
    const parsed = parseRequest(addTicketRequest, { ...sample.addTicket, quantity: '7', allowCancellation: 'true', serviceFee: '3', price: '12.5' });
    expect(parsed).toMatchObject({ quantity: 7, allowCancellation: true, serviceFee: 3, price: 12.5 });
  });

  it('takes a missing request as an empty one', () => {
    expect(message(() => parseRequest(eventIdRequest, undefined))).toBe('eventId: is required');
  });

  it('fills in documented defaults', () => {
    expect(parseRequest(bookingRequest, { amount: '10', orderNo: 'A', bookingKey: 'k', callbackUrl: 'https://x.test/cb' })).toMatchObject({
      amount: 10,
      currency: 'INR',
      pg: 'pg2',
    });
  });
});

describe('parseResponse', () => {
  it("reads a body alike on a schema's first parse (no compiled fast path) and on later ones", () => {
    const body = { status: 'success', amount: '12.5', tickets: { 0: { ticketId: 7, ticketName: 'General', tickets: '3' } } };
    const first = parseResponse(reportResponse, body, 'get-report');
    expect(first).toMatchObject({ amount: 12.5, tickets: [{ ticketId: '7', tickets: 3 }] });
    expect(parseResponse(reportResponse, body, 'get-report')).toEqual(first);
  });
});
