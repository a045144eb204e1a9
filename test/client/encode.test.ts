import { FormDataEncoder } from 'form-data-encoder';
import { describe, expect, it } from 'vitest';
import {
  dataQuery,
  encodeRequest,
  fieldText,
  MultipartFields,
  multipartBody,
  toFormFields,
  toMultipartFields,
  toSearchParams,
} from '../../src/client/encode.js';

/**
 * Serialises a URL-encoded body the way it goes on the wire, and reads it back as a receiver
 * would. (Multipart bodies are encoded by the transport: test/client/body-encoding.test.ts.)
 */
async function wireFields(body: URLSearchParams): Promise<{ contentType: string; fields: Record<string, string> }> {
  const response = new Response(body);
  const contentType = response.headers.get('content-type') ?? '';
  const form = await response.formData();
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) fields[name] = String(value);
  return { contentType, fields };
}

describe('fieldText', () => {
  it('sends booleans as true/false, numbers as text, strings as they are', () => {
    expect(fieldText(true)).toBe('true');
    expect(fieldText(false)).toBe('false');
    expect(fieldText(0)).toBe('0');
    expect(fieldText(12.5)).toBe('12.5');
    expect(fieldText('')).toBe('');
    expect(fieldText('a b')).toBe('a b');
  });

  it('leaves undefined and null out', () => {
    expect(fieldText(undefined)).toBeUndefined();
    expect(fieldText(null)).toBeUndefined();
  });

  it('refuses a number that has no text form', () => {
    expect(() => fieldText(Number.NaN)).toThrow(/NaN/);
    expect(() => fieldText(Number.POSITIVE_INFINITY)).toThrow(/Infinity/);
  });
});

describe('form helpers', () => {
  const fields = { eventTitle: 'Launch', price: 0, allowCancellation: false, subdomain: undefined, note: null, blank: '' };

  it('toFormFields keeps order, omits undefined and null, keeps blanks', () => {
    expect(toFormFields(fields)).toEqual({ eventTitle: 'Launch', price: '0', allowCancellation: 'false', blank: '' });
    expect(Object.keys(toFormFields(fields))).toEqual(['eventTitle', 'price', 'allowCancellation', 'blank']);
  });

  it('toMultipartFields holds the same fields, in order, as text', () => {
    expect(toMultipartFields(fields).fields).toEqual([
      ['eventTitle', 'Launch'],
      ['price', '0'],
      ['allowCancellation', 'false'],
      ['blank', ''],
    ]);
  });

  it('toSearchParams is a urlencoded body with the same fields', async () => {
    const { contentType, fields: received } = await wireFields(toSearchParams(fields));
    expect(contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(received).toEqual({ eventTitle: 'Launch', price: '0', allowCancellation: 'false', blank: '' });
  });

  it('dataQuery is the JSON document, URL-encoded, in `data`', () => {
    const data = { eventId: 7, tickets: [{ ticketId: 3, quantity: 2, discountCode: 'A&B=1' }] };
    const query = dataQuery(data);
    expect(query.startsWith('data=')).toBe(true);
    expect(query).not.toContain('{');
    expect(query).not.toContain('&B');
    expect(JSON.parse(new URLSearchParams(query).get('data') ?? '')).toEqual(data);
  });
});

describe('encodeRequest', () => {
  it('multipart: POST with a multipart/form-data body', () => {
    const encoded = encodeRequest('multipart', '/api/e/create', { eventTitle: 'X', allowCancellation: true });
    expect(encoded.method).toBe('POST');
    expect(encoded.pathAndQuery).toBe('/api/e/create');
    expect(encoded.body).toBeInstanceOf(MultipartFields);
    expect((encoded.body as MultipartFields).fields).toEqual([
      ['eventTitle', 'X'],
      ['allowCancellation', 'true'],
    ]);
  });

  it('form: POST with an urlencoded body', async () => {
    const encoded = encodeRequest('form', '/publisher/events', { keyword: 'jazz night', page: 2, city: undefined });
    expect(encoded.method).toBe('POST');
    expect(encoded.body).toBeInstanceOf(URLSearchParams);
    expect(encoded.body?.toString()).toBe('keyword=jazz+night&page=2');
  });

  it('query: GET with query parameters and no body', () => {
    const encoded = encodeRequest('query', '/publisher/event-details', { eventId: '42' });
    expect(encoded).toEqual({ method: 'GET', pathAndQuery: '/publisher/event-details?eventId=42' });
  });

  it('query without fields has no question mark', () => {
    expect(encodeRequest('query', '/x', {}).pathAndQuery).toBe('/x');
  });

  it('data-query: POST with data in the query string and no body', () => {
    const encoded = encodeRequest('data-query', '/publisher/cart-calculation', { eventId: 1, tickets: [] });
    expect(encoded.method).toBe('POST');
    expect(encoded.body).toBeUndefined();
    const url = new URL(`http://h${encoded.pathAndQuery}`);
    expect(url.pathname).toBe('/publisher/cart-calculation');
    expect(JSON.parse(url.searchParams.get('data') ?? '')).toEqual({ eventId: 1, tickets: [] });
  });

  it('data-query-multipart: as data-query plus an empty multipart body', () => {
    const encoded = encodeRequest('data-query-multipart', '/publisher/generate-order', { eventId: 1, tickets: [] });
    expect(encoded.body).toBeInstanceOf(MultipartFields);
    expect((encoded.body as MultipartFields).fields).toEqual([]);
    expect(new URL(`http://h${encoded.pathAndQuery}`).searchParams.get('data')).toBe('{"eventId":1,"tickets":[]}');
  });

  it('none: POST without a body', () => {
    expect(encodeRequest('none', '/publisher/categories', {})).toEqual({ method: 'POST', pathAndQuery: '/publisher/categories' });
  });
});

describe('multipartBody', () => {
  const boundaryOf = (contentType: string): string => /boundary=(\S+)$/.exec(contentType)?.[1] ?? '';

  it.each([
    [
      'plain fields',
      [
        ['eventId', '100001'],
        ['fromRecord', '0'],
        ['toRecord', '50'],
      ],
    ],
    [
      'line breaks of every kind in values',
      [
        ['description', 'a\nb\r\nc\rd\n\n'],
        ['empty', ''],
      ],
    ],
    [
      'quotes and line breaks in names',
      [
        ['a"b', 'x'],
        ['c\r\nd', 'y'],
      ],
    ],
    ['unicode', [['name', 'Café – 東京 🎫']]],
    ['no fields', []],
  ] as const)('writes the bytes form-data-encoder writes: %s', (_, fields) => {
    const body = new MultipartFields(fields);
    const { text, contentType } = multipartBody(body);
    const boundary = boundaryOf(contentType);
    expect(boundary).toMatch(/^boxoffice-[a-z0-9]{16}$/);
    const encoder = new FormDataEncoder(body, boundary);
    expect(contentType).toBe(encoder.contentType);
    expect(Buffer.from(text, 'utf8')).toEqual(Buffer.concat([...encoder.values()] as Uint8Array[]));
  });

  it('makes a new boundary for every body', () => {
    const fields = new MultipartFields([['eventId', '1']]);
    expect(boundaryOf(multipartBody(fields).contentType)).not.toBe(boundaryOf(multipartBody(fields).contentType));
  });
});
