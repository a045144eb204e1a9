// Request encodings exactly as the service documents them. Booleans travel as "true"/"false",
// numbers as their text, empty strings as they are (E3's blank price means "any amount");
// undefined and null fields are left out.
export type FieldValue = string | number | boolean | null | undefined;
export type Fields = Readonly<Record<string, FieldValue>>;

/**
 * How an endpoint takes its input (the operation tables name each endpoint's): multipart/form-data or urlencoded
 * (`form`) body fields, GET query parameters, the request as URL-encoded JSON in the `data` query parameter (with an
 * empty multipart body too: `data-query-multipart`), or `none` (a POST without input).
 */
export type Encoding = 'multipart' | 'form' | 'query' | 'data-query' | 'data-query-multipart' | 'none';

/**
 * The text fields of a multipart/form-data body, encoded by the transport (multipartBody) when it
 * sends. Shaped as the FormData form-data-encoder reads, which the tests hold multipartBody to,
 * without a FormData class (and with it a second copy of undici, Node's own).
 */
export class MultipartFields {
  readonly [Symbol.toStringTag] = 'FormData';
  readonly fields: Array<[name: string, value: string]>;

  constructor(fields: ReadonlyArray<readonly [name: string, value: string]> = []) {
    this.fields = fields.map(([name, value]) => [name, value]);
  }

  append(name: string, value: string): void {
    this.fields.push([name, value]);
  }

  getAll(name: string): string[] {
    return this.fields.filter(([field]) => field === name).map(([, value]) => value);
  }

  entries(): IterableIterator<[string, string]> {
    return this.fields[Symbol.iterator]();
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }
}

const BOUNDARY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * The fields as a multipart/form-data body (RFC 7578), byte for byte as form-data-encoder writes
 * them. Written here because the export sends one per batch, and the encoder's per-part work
 * (each part encoded twice, its length counted first) cost more than the request itself.
 */
export function multipartBody(fields: MultipartFields, random: () => number = Math.random): { text: string; contentType: string } {
  let boundary = 'boxoffice-';
  for (let count = 0; count < 16; count += 1) boundary += BOUNDARY_ALPHABET[Math.floor(random() * BOUNDARY_ALPHABET.length)];
  let text = '';
  for (const [name, value] of fields.fields) {
    text += `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22')}"\r\n\r\n${value.replace(/\r\n|\r|\n/g, '\r\n')}\r\n`;
  }
  return { text: `${text}--${boundary}--\r\n\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The text a value travels as, or undefined when it is left out. */
export function fieldText(value: FieldValue): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`cannot encode ${value} as a field`);
    return String(value);
  }
  return value;
}

function fieldEntries(fields: Fields): Array<[string, string]> {
  return Object.entries(fields).flatMap(([name, value]) => {
    const text = fieldText(value);
    return text === undefined ? [] : [[name, text] as [string, string]];
  });
}

export function toFormFields(fields: Fields): Record<string, string> {
  return Object.fromEntries(fieldEntries(fields));
}

export function toMultipartFields(fields: Fields): MultipartFields {
  return new MultipartFields(fieldEntries(fields));
}

export function toSearchParams(fields: Fields): URLSearchParams {
  return new URLSearchParams(fieldEntries(fields));
}

/** `data=<URL-encoded JSON>` (P7, P8, P10). */
export function dataQuery(data: unknown): string {
  return new URLSearchParams({ data: JSON.stringify(data) }).toString();
}

function withQuery(path: string, query: string): string {
  return query ? `${path}?${query}` : path;
}

export function encodeRequest(
  encoding: Encoding,
  path: string,
  input: object,
): { method: 'GET' | 'POST'; pathAndQuery: string; body?: MultipartFields | URLSearchParams } {
  switch (encoding) {
    case 'multipart':
      return { method: 'POST', pathAndQuery: path, body: toMultipartFields(input as Fields) };
    case 'form':
      return { method: 'POST', pathAndQuery: path, body: toSearchParams(input as Fields) };
    case 'query':
      return { method: 'GET', pathAndQuery: withQuery(path, toSearchParams(input as Fields).toString()) };
    case 'data-query':
      return { method: 'POST', pathAndQuery: withQuery(path, dataQuery(input)) };
    case 'data-query-multipart':
      return { method: 'POST', pathAndQuery: withQuery(path, dataQuery(input)), body: new MultipartFields() };
    case 'none':
      return { method: 'POST', pathAndQuery: path };
  }
}
