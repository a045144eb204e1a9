import { describe, expect, it } from 'vitest';
import { idCode, idFromCode } from '../../src/sandbox/id-codes.js';
import { buyerFailBody, codeFormIds, liveLibraryTicketFields, numbersAsText } from '../../src/sandbox/modes/quirks.js';
import { readableMultipart } from '../../src/sandbox/multipart.js';
import { detailsByLabel, liveBatchShape } from '../../src/sandbox/routes/live-attendee-list.js';

describe('response shapes', () => {
  it('turns every number into numeric text', () => {
    expect(numbersAsText({ a: 1, b: [2.5, 'x', true, null], c: { d: 0 } })).toEqual({ a: '1', b: ['2.5', 'x', true, null], c: { d: '0' } });
  });

  it('sends details as [] when empty and as an object keyed by label otherwise (every mode)', () => {
    expect(detailsByLabel([])).toEqual([]);
    expect(
      detailsByLabel([
        { label: 'Company', value: 'Acme' },
        { label: 'Phone', value: '99' },
      ]),
    ).toEqual({ Company: 'Acme', Phone: '99' });
  });

  it('sends the first attendee batch as an array, later ones keyed by absolute offset', () => {
    expect(liveBatchShape(['a', 'b'], 0)).toEqual(['a', 'b']);
    expect(liveBatchShape(['c', 'd'], 50)).toEqual({ 50: 'c', 51: 'd' });
    expect(liveBatchShape([], 100)).toEqual({});
  });

  it('names records by code where the live service does, the numeric id beside it in the lists', () => {
    expect(codeFormIds('/api/e/create', { status: 'success', message: 'S001', eventId: '1' })).toEqual({
      status: 'success',
      message: 'S001',
      eventId: 'EAAAAB',
    });
    expect(codeFormIds('/api/e/add-ticket', { ticketId: '27' })).toEqual({ ticketId: 'TAAABB' });
    expect(codeFormIds('/api/e/update-discount', { discountId: '2' })).toEqual({ discountId: 'DAAAAC' });
    expect(codeFormIds('/api/e/get-all-events', { events: [{ eventId: '3', eventTitle: 'x' }] })).toEqual({
      events: [{ eventId: 'EAAAAD', id: 3, eventTitle: 'x' }],
    });
    expect(codeFormIds('/api/e/get-tickets', { tickets: [{ id: 4, eventId: '3', ticketId: null }] })).toEqual({
      tickets: [{ id: 4, eventId: 'EAAAAD', ticketId: 'TAAAAE' }],
    });
  });

  it('codes round-trip, by kind only', () => {
    for (const id of [1, 25, 26, 27, 675, 12_345_678]) expect(idFromCode('event', idCode('event', id))).toBe(id);
    expect(idFromCode('ticket', idCode('event', 5))).toBeUndefined();
    expect(idFromCode('event', 'EKDJHH')).toBeGreaterThan(0);
    expect(idFromCode('event', '12')).toBeUndefined();
  });

  it('sends buyer-side errors as {success: "fail"}, keeping the key, rate-limit and busy codes', () => {
    expect(buyerFailBody({ status: 'error', message: 'E007', description: 'invalid event id: 9' })).toEqual({
      success: 'fail',
      message: 'invalid event id: 9',
    });
    expect(buyerFailBody({ status: 'error', message: 'E020', description: 'x' })).toEqual({ status: 'error', message: 'E020', description: 'x' });
  });
});

describe("requests as the service's own library builds them", () => {
  it('reads status=published on add-ticket as active, allowCancellation 1 / empty as true / false', () => {
    expect(liveLibraryTicketFields({ status: 'published', allowCancellation: '1' }, 'add')).toEqual({ status: 'active', allowCancellation: 'true' });
    expect(liveLibraryTicketFields({ status: 'published', allowCancellation: '' }, 'update')).toEqual({ status: 'published', allowCancellation: 'false' });
  });

  it('gives an empty-boundary multipart request the boundary its body opens with', async () => {
    const body = '--XyZ123\r\nContent-Disposition: form-data; name="eventId"\r\n\r\n7\r\n--XyZ123--\r\n';
    const request = new Request('http://x/api/e/get-event', { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=' }, body });
    const fixed = await readableMultipart(request, true);
    expect(fixed?.headers.get('content-type')).toBe('multipart/form-data; boundary=XyZ123');
    expect((await (fixed as Request).formData()).get('eventId')).toBe('7');
    const normal = new Request('http://x', { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=abc' }, body: '' });
    expect(await readableMultipart(normal, false)).toBeDefined();
    const refused = new Request('http://x', { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=' }, body });
    expect(await readableMultipart(refused, false)).toBeUndefined();
  });

  it('reads bare -- delimiter lines (an empty boundary in the body too) and form-data;name without a space', async () => {
    const body = '--\r\nContent-Disposition: form-data;name="eventId"\r\n\r\n7\r\n--\r\nContent-Disposition: form-data; name="x"\r\n\r\na--b\r\n----\r\n';
    const request = new Request('http://x/api/e/get-event', { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=' }, body });
    const form = await ((await readableMultipart(request, true)) as Request).formData();
    expect([...form]).toEqual([
      ['eventId', '7'],
      ['x', 'a--b'],
    ]);
    const tight = new Request('http://x', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=B' },
      body: '--B\r\nContent-Disposition: form-data;name="a"\r\n\r\n1\r\n--B--\r\n',
    });
    expect([...(await ((await readableMultipart(tight, false)) as Request).formData())]).toEqual([['a', '1']]);
  });
});
