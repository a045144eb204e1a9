import { describe, expect, it } from 'vitest';
import { MultipartFields } from '../../src/client/encode.js';
import { REDACTED, Redactor, isSecretName, redactAuthorization } from '../../src/client/redact.js';

const TOKEN = 'tok_organizer_1234567890';
const SECRET = 'sandbox-client-secret';

describe('isSecretName', () => {
  it.each([
    'token',
    'access_token',
    'refresh_token',
    'client_secret',
    'bookingKey',
    'booking_key',
    'publisherKey',
    'Authorization',
    'code',
    'code_verifier',
    'password',
    'apiKey',
    'key',
  ])('%s is secret', (name) => expect(isSecretName(name)).toBe(true));

  it.each(['eventTitle', 'discountCode', 'orderNo', 'message', 'eventId', 'status', 'code_challenge'])('%s is not secret', (name) => {
    expect(isSecretName(name)).toBe(false);
  });
});

describe('Redactor', () => {
  const redactor = new Redactor([TOKEN, SECRET, undefined]);

  it('scrubs known secret values from free text, also URL-encoded', () => {
    expect(redactor.text(`sent ${TOKEN} and ${SECRET}`)).toBe(`sent ${REDACTED} and ${REDACTED}`);
    const withSpecial = new Redactor(['a+b/c=secret']);
    expect(withSpecial.text(`x=${encodeURIComponent('a+b/c=secret')}`)).toBe(`x=${REDACTED}`);
  });

  it('does not scrub very short values, which would match by accident', () => {
    expect(new Redactor(['ab']).text('about')).toBe('about');
  });

  it('hides secret query parameters and userinfo in URLs, keeps the rest', () => {
    const url = redactor.url('https://user:pw@example.test/a/account/oauth/token?code=abc123&client_secret=s&state=xyz');
    expect(url).toBe(`https://redacted:redacted@example.test/a/account/oauth/token?code=${REDACTED}&client_secret=${REDACTED}&state=xyz`);
  });

  it('redacts inside the JSON of a data= parameter', () => {
    const data = JSON.stringify({ orderNo: 'O1', bookingKey: 'bk-secret-value' });
    const url = redactor.url(`http://127.0.0.1/publisher/save-attendee?data=${encodeURIComponent(data)}`);
    const shown = JSON.parse(new URL(url).searchParams.get('data') ?? '');
    expect(shown).toEqual({ orderNo: 'O1', bookingKey: REDACTED });
  });

  it('redacts JSON by key at every depth and scrubs known values in strings', () => {
    const body = {
      access_token: 'abc',
      token_type: 'Bearer',
      nested: [{ client_secret: 'x', note: `token is ${TOKEN}` }],
      empty: { token: '' },
      count: 3,
    };
    expect(redactor.json(body)).toEqual({
      access_token: REDACTED,
      token_type: REDACTED,
      nested: [{ client_secret: REDACTED, note: `token is ${REDACTED}` }],
      empty: { token: '' },
      count: 3,
    });
  });

  it('redacts the Authorization header but keeps its scheme', () => {
    expect(redactor.headers({ authorization: `Bearer ${TOKEN}`, accept: 'application/json', 'proxy-authorization': 'Basic dXNlcjpwYXNz' })).toEqual({
      authorization: `Bearer ${REDACTED}`,
      accept: 'application/json',
      'proxy-authorization': `Basic ${REDACTED}`,
    });
    expect(redactAuthorization('opaque')).toBe(REDACTED);
  });

  it('redacts form bodies by field name', () => {
    const form = new MultipartFields([
      ['bookingKey', 'bk-123456'],
      ['orderNo', 'A1'],
    ]);
    const params = new URLSearchParams({ client_id: 'boxoffice-cli', client_secret: SECRET, code: 'c0de', code_verifier: 'v' });
    expect(JSON.parse(redactor.body(form))).toEqual({ bookingKey: REDACTED, orderNo: 'A1' });
    expect(JSON.parse(redactor.body(params))).toEqual({ client_id: 'boxoffice-cli', client_secret: REDACTED, code: REDACTED, code_verifier: REDACTED });
  });

  it('redacts a JSON text body, and a non-JSON one by known values', () => {
    expect(redactor.body('{"access_token":"zzz"}')).toBe(`{"access_token":"${REDACTED}"}`);
    expect(redactor.body(`<html>${TOKEN}</html>`)).toBe(`<html>${REDACTED}</html>`);
    expect(redactor.body(undefined)).toBe('');
  });

  it('with() adds secrets without forgetting the old ones', () => {
    const more = redactor.with(['another-secret']);
    expect(more.text(`${TOKEN} another-secret`)).toBe(`${REDACTED} ${REDACTED}`);
    expect(redactor.text('another-secret')).toBe('another-secret');
  });
});
