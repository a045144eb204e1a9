// Redaction at the source (after octokit's request-error), before a line is traced or attached to
// an error. Two nets: by name (a field, parameter, header or JSON key that holds a secret) and by
// value (the exact secrets this client was given, wherever they turn up, even in free text).
import type { MultipartFields } from './encode.js';

export const REDACTED = '[REDACTED]';

const SECRET_NAME =
  /token|secret|password|passwd|authorization|bookingkey|booking_key|publisherkey|publisher_key|api_?key|private_?key|^code$|code_verifier|^key$/i;

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** Values shorter than this are not scrubbed from free text: they would match by accident. */
const MIN_SECRET_LENGTH = 6;

export class Redactor {
  private readonly secrets: string[];

  constructor(secrets: Iterable<string | undefined> = []) {
    this.secrets = [...new Set([...secrets].filter((s): s is string => typeof s === 'string' && s.length >= MIN_SECRET_LENGTH))]
      // Longest first, so a secret containing another is replaced whole.
      .sort((a, b) => b.length - a.length);
  }

  with(more: Iterable<string | undefined>): Redactor {
    return new Redactor([...this.secrets, ...more]);
  }

  /** Free text with every known secret value (or its URL encoding) replaced. */
  text(value: string): string {
    let result = value;
    for (const secret of this.secrets) result = result.replaceAll(secret, REDACTED).replaceAll(encodeURIComponent(secret), REDACTED);
    return result;
  }

  /** A field's value: hidden whole when the name says secret, else scrubbed of known secrets. */
  field(name: string, value: string): string {
    return isSecretName(name) ? REDACTED : this.text(value);
  }

  /** A URL with secret query parameters, userinfo and embedded JSON (`data=`) redacted. */
  url(value: string): string {
    const url = URL.parse(value);
    if (!url) return this.text(value);
    // Brackets are not allowed in userinfo, so the marker there is a plain word.
    if (url.password) url.password = 'redacted';
    if (url.username) url.username = 'redacted';
    const params = [...url.searchParams.entries()];
    if (params.length > 0) {
      url.search = params
        .map(([name, text]) => {
          const shown = this.paramValue(name, text);
          return `${encodeURIComponent(name)}=${shown === REDACTED ? REDACTED : encodeURIComponent(shown)}`;
        })
        .join('&');
    }
    return this.text(url.toString());
  }

  /** A JSON-like value with secret keys hidden at every depth and known secrets scrubbed. */
  json(value: unknown): unknown {
    if (typeof value === 'string') return this.text(value);
    if (Array.isArray(value)) return value.map((item) => this.json(item));
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [key, isSecretName(key) && item !== null && item !== '' ? REDACTED : this.json(item)]),
      );
    }
    return value;
  }

  headers(headers: Readonly<Record<string, string | string[] | undefined>>): Record<string, string> {
    const result: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined) continue;
      const text = Array.isArray(value) ? value.join(', ') : value;
      result[name] = /^(authorization|proxy-authorization|cookie|set-cookie)$/i.test(name) ? redactAuthorization(text) : this.field(name, text);
    }
    return result;
  }

  private paramValue(name: string, text: string): string {
    if (isSecretName(name)) return REDACTED;
    return name === 'data' ? this.jsonText(text) : this.text(text);
  }

  /** A body as text for a trace line: JSON redacted by key, form bodies by field name. */
  body(body: MultipartFields | URLSearchParams | string | undefined): string {
    if (body === undefined) return '';
    if (typeof body === 'string') return this.jsonText(body);
    return JSON.stringify(Object.fromEntries([...body.entries()].map(([name, value]) => [name, this.field(name, value)])));
  }

  private jsonText(text: string): string {
    try {
      return JSON.stringify(this.json(JSON.parse(text)));
    } catch {
      return this.text(text);
    }
  }
}

/** Keeps the scheme of an Authorization value ("Bearer") and hides the credential. */
export function redactAuthorization(value: string): string {
  const scheme = /^(\w+)\s+\S/.exec(value);
  return scheme ? `${scheme[1]} ${REDACTED}` : REDACTED;
}
