// The client says what to check in words of the service; the CLI's error formatting names the
// command to run instead, in the words users see.
import { describe, expect, it } from 'vitest';
import { ConnectionError, NotLoggedInError, type Recheck } from '../../src/client/errors.js';
import { EVENT_API_OPERATIONS } from '../../src/client/event-api.js';
import { formatError } from '../../src/cli/framework/error-message.js';
import * as sample from '../client/sample-requests.js';

function unknownOutcome(operation: string, recheck: Recheck): ConnectionError {
  return new ConnectionError(
    `${operation}: the connection to http://127.0.0.1:1 broke (ECONNRESET) after the request was sent, so the outcome is unknown and it was not repeated automatically.`,
    new Error('reset'),
    true,
    'http://127.0.0.1:1',
    recheck,
  );
}

describe('error hints', () => {
  it.each([
    [
      'E1',
      'E1 create event',
      EVENT_API_OPERATIONS.createEvent.checkHint!(sample.createEvent as never),
      sample.createEvent,
      `Check whether event "${sample.createEvent.url}" exists (boxoffice event list) before creating it again.`,
    ],
    [
      'E3',
      'E3 add ticket',
      EVENT_API_OPERATIONS.addTicket.checkHint!(sample.addTicket as never),
      sample.addTicket,
      `Check whether ticket "${sample.addTicket.ticketName}" exists (boxoffice ticket list ${sample.addTicket.eventId}) before adding it again.`,
    ],
    [
      'E5',
      'E5 add discount',
      EVENT_API_OPERATIONS.addDiscount.checkHint!(sample.addDiscount as never),
      sample.addDiscount,
      `Check the discounts of ticket ${sample.addDiscount.ticketId} (boxoffice event details ${sample.addDiscount.eventId} lists them) before adding it again.`,
    ],
  ])('%s: an unknown outcome names the command that shows it', (operationId, operation, hint, request, expected) => {
    const error = unknownOutcome(operation, { operationId, request: request as Record<string, unknown>, hint });
    const line = formatError(error);
    expect(line).toMatch(/^error: .*the outcome is unknown/);
    expect(line.endsWith(` ${expected}`)).toBe(true);
  });

  it('E12: the booking list command', () => {
    const error = unknownOutcome('E12 booking request', {
      operationId: 'E12',
      request: { orderNo: 'A1' },
      hint: 'Look for order A1 in the booking list before requesting it again.',
    });
    expect(formatError(error).endsWith(' boxoffice bookings list --from-date TODAY --to-date TODAY')).toBe(true);
  });

  it('a hint of an operation the CLI has no words for is left as the client gave it', () => {
    const error = unknownOutcome('P11 confirm order', { operationId: 'P11', request: {}, hint: 'Read order X with order-details (P12).' });
    expect(formatError(error).endsWith(' Read order X with order-details (P12).')).toBe(true);
  });

  it('a credential the client was not given: how to set it', () => {
    expect(formatError(new NotLoggedInError('not logged in: no access token for the Event & Registration API', 'token'))).toBe(
      'error: not logged in: no access token for the Event & Registration API (run "boxoffice login", or set BOXOFFICE_TOKEN)',
    );
    expect(formatError(new NotLoggedInError('no Publisher API key', 'publisherKey'))).toBe(
      'error: no Publisher API key: set BOXOFFICE_PUBLISHER_KEY, or store one in the profile (boxoffice config set publisherKey KEY)',
    );
    expect(formatError(new NotLoggedInError('not logged in (profile x): run boxoffice login'))).toBe('error: not logged in (profile x): run boxoffice login');
  });
});
