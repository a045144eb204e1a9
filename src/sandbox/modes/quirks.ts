// `sandbox start --quirks`: the response shapes public clients of the live service have to cope
// with (cli-contract "Real-world tolerance"), served on purpose so that tests exercise them:
//   - error bodies come with HTTP 200 (the code stays in `message`; Retry-After is kept);
//   - every number in an API body is sent as numeric text (`12` → `"12"`, `4.5` → `"4.5"`);
//   - in the attendee list, `attendee` is an object keyed by batch position ("0", "1", …);
//   - each attendee entry's `details` is [] when empty and an object {label: value} otherwise;
//   - the attendee list counts as the live service appears to: offset fromRecord, and
//     toRecord − fromRecord records (so 51–100 skips one), at most 50 — applied by the E11
//     route itself (batchPositions in routes/reads.ts reads context.quirks).
import type { MiddlewareHandler } from 'hono';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every number, at any depth, as numeric text. */
export function numbersAsText(value: Json): Json {
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(numbersAsText);
  if (value !== null && typeof value === 'object') {
    const result: { [key: string]: Json } = {};
    for (const [key, inner] of Object.entries(value)) result[key] = numbersAsText(inner);
    return result;
  }
  return value;
}

/** An array as an object keyed by position ("0", "1", …). */
export function keyedByPosition(items: Json[]): { [key: string]: Json } {
  const keyed: { [key: string]: Json } = {};
  items.forEach((item, index) => {
    keyed[String(index)] = item;
  });
  return keyed;
}

function isRecord(value: Json | undefined): value is { [key: string]: Json } {
  return value !== null && value !== undefined && typeof value === 'object' && !Array.isArray(value);
}

/**
 * `details` [] when empty, else an object keyed by label. Accepts the array-of-{label, value}
 * form or an object already keyed by label.
 */
export function detailsQuirk(details: Json | undefined): Json {
  if (isRecord(details)) return Object.keys(details).length === 0 ? [] : details;
  if (!Array.isArray(details) || details.length === 0) return [];
  const keyed: { [key: string]: Json } = {};
  details.forEach((item, index) => {
    if (isRecord(item) && typeof item.label === 'string') keyed[item.label] = item.value ?? null;
    else keyed[String(index)] = item;
  });
  return keyed;
}

/** The attendee-list body (E11) in the live shapes: keyed records, details quirk. */
export function attendeeListQuirks(body: { [key: string]: Json }): { [key: string]: Json } {
  const records = body.attendee;
  if (!Array.isArray(records)) return body;
  const reshaped = records.map((record) => {
    if (!isRecord(record) || !Array.isArray(record.attendee)) return record;
    const entries = record.attendee.map((entry) =>
      isRecord(entry) ? { ...entry, details: detailsQuirk(entry.details) } : entry,
    );
    return { ...record, attendee: entries };
  });
  return { ...body, attendee: keyedByPosition(reshaped) };
}

function isQuirkPath(path: string): boolean {
  return path.startsWith('/api/') || path.startsWith('/publisher/');
}

/** Rewrites JSON API responses into the live shapes listed above. */
export function quirksMiddleware(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!isQuirkPath(c.req.path)) return;
    const response = c.res;
    if (!(response.headers.get('content-type') ?? '').includes('application/json')) return;
    let body: Json;
    try {
      body = (await response.clone().json()) as Json;
    } catch {
      return;
    }
    if (!isRecord(body)) return;
    let reshaped: Json = body;
    if (c.req.path === '/api/e/attendee-list' && body.status === 'success') reshaped = attendeeListQuirks(body);
    reshaped = numbersAsText(reshaped);
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    const status = body.status === 'error' ? 200 : response.status;
    // Cleared first: Hono's setter would otherwise merge the old response's headers back in.
    c.res = undefined;
    c.res = new Response(JSON.stringify(reshaped), { status, headers });
  };
}
