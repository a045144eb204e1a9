// The shared client (src/client) against the sandbox's Publisher API, with and without --quirks:
// every P-endpoint in the client's own encodings, parsed by the client's schemas, and the
// sandbox's coded refusals arriving as the client's error classes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, NotFoundError, AuthError, type BoxofficeClient } from '../../src/client/index.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { TEST_NOW, manualClock } from './api.js';
import { addQuestion, addTicket, createEvent } from './publisher-fixture.js';

describe.each([false, true])('the client against the Publisher API (quirks %s)', (quirks) => {
  let sandbox: TestSandbox;
  let client: BoxofficeClient;

  beforeAll(async () => {
    sandbox = await startTestSandbox({ clock: manualClock(TEST_NOW), quirks });
    client = createClient({ apiUrl: sandbox.url, publisherUrl: sandbox.url, authUrl: sandbox.url, publisherKey: sandbox.tokens.publisher });
  });
  afterAll(async () => {
    await client.close();
    await sandbox.close();
  });

  it('buys through P1–P12', async () => {
    const eventId = await createEvent(sandbox, { eventTitle: 'Client Conf' });
    const ticketId = await addTicket(sandbox, eventId, { price: '800', serviceFee: '3' });
    const size = await addQuestion(sandbox, eventId, { label: 'T-shirt size', mandatory: 'true' });

    expect((await client.publisher.segments({})).segments.length).toBeGreaterThan(0);
    expect(Object.keys((await client.publisher.categories()).categories)).toContain('music');
    expect(Object.keys((await client.publisher.topics()).topics)).toContain('entertainment');
    const found = await client.publisher.searchEvents({ keyword: 'Client Conf' });
    expect(found.events.map((event) => String(event.id))).toEqual([eventId]);
    expect((await client.publisher.eventDetails({ eventId })).events.title).toBe('Client Conf');
    expect((await client.publisher.ticketDetails({ eventId })).tickets[0].price).toBe(800);

    const request = { eventId: Number(eventId), tickets: [{ ticketId, quantity: 2, discountCode: '' }] };
    const { cart } = await client.publisher.cartCalculation(request);
    expect(cart).toMatchObject({ price: 1600, processingFee: 72, serviceTax: 12.96, grandTotal: 1684.96 });
    const order = await client.publisher.generateOrder(request);
    const orderNo = String(order.orderNo);
    const form = await client.publisher.attendeeForm({ orderNo });
    const attendees = Object.fromEntries(
      Object.entries(form.attendeeForm).map(([key, fields], index) => [
        key,
        fields.map((field) => ({
          id: field.id,
          label: field.label,
          value: { default_1: `Buyer ${index + 1}`, default_2: `buyer${index + 1}@example.test`, default_3: '', [size]: 'M' }[field.id] ?? '',
        })),
      ]),
    );
    await client.publisher.saveAttendee({ orderNo, attendees });
    expect((await client.publisher.confirmOrder({ orderNo, status: 'confirm', referenceNo: 'PAY-1' })).orderStatus).toBe('confirm');
    const details = await client.publisher.orderDetails({ orderNo });
    expect(details.orderDetails).toMatchObject({ quantity: 2, paidAmount: 1684.96, orderStatus: 'confirm' });
    expect(details.orderDetails.attendee[1].additionalInfo).toEqual({ 'T-shirt size': 'M' });
  });

  it("turns the sandbox's refusals into the client's error classes", async () => {
    if (quirks) {
      // The buyer side's {"success":"fail","message":…} bodies: an API error with the service's text.
      await expect(client.publisher.orderDetails({ orderNo: 'NOPE' })).rejects.toMatchObject({ name: 'ApiError', code: 'fail', httpStatus: 200 });
      await expect(client.publisher.eventDetails({ eventId: '424242' })).rejects.toMatchObject({ code: 'fail', description: 'invalid event id: 424242' });
    } else {
      await expect(client.publisher.orderDetails({ orderNo: 'NOPE' })).rejects.toBeInstanceOf(NotFoundError);
      await expect(client.publisher.eventDetails({ eventId: '424242' })).rejects.toMatchObject({ code: 'E007' });
    }
    const eventId = await createEvent(sandbox);
    const ticketId = await addTicket(sandbox, eventId);
    const order = await client.publisher.generateOrder({ eventId: Number(eventId), tickets: [{ ticketId, quantity: 1, discountCode: '' }] });
    const stranger = createClient({
      apiUrl: sandbox.url,
      publisherUrl: sandbox.url,
      authUrl: sandbox.url,
      publisherKey: sandbox.mintToken('publisher', 'stranger@example.test'),
    });
    const forged = createClient({ apiUrl: sandbox.url, publisherUrl: sandbox.url, authUrl: sandbox.url, publisherKey: 'sbx_pk_forged' });
    try {
      await expect(stranger.publisher.orderDetails({ orderNo: String(order.orderNo) })).rejects.toMatchObject({ code: quirks ? 'fail' : 'T008' });
      await expect(forged.publisher.categories()).rejects.toBeInstanceOf(AuthError);
    } finally {
      await stranger.close();
      await forged.close();
    }
  });
});
