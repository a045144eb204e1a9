// `sandbox start --quirks`: what public code shows of the live service where the reference leaves
// it open (docs/sandbox.md, "Operating modes"). Here: responses reshaped, the empty-boundary
// multipart, the live library's ticket fields and returnUrl; elsewhere: the attendee list
// (live-attendee-list.ts), `Authorization :` (lenient-head.ts), create-event's segment (writes.ts),
// the publisher key in the body (publisher-input.ts).
import type { MiddlewareHandler } from 'hono';
import { TICKET_STATUS_SYNONYMS_FOR_ADD } from '../../client/schemas/values.js';
import { idCode, type IdKind } from '../id-codes.js';
import type { FormFields } from '../request.js';
import { readableMultipart } from '../multipart.js';
import { isApiPath } from './index.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export function numbersAsText(value: Json): Json {
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(numbersAsText);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, numbersAsText(inner)]));
  return value;
}

function isRecord(value: Json | undefined): value is JsonObject {
  return value !== null && value !== undefined && typeof value === 'object' && !Array.isArray(value);
}

function numericId(value: Json | undefined): number | undefined {
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined;
  return id !== undefined && id > 0 ? id : undefined;
}

function withCode(body: JsonObject, field: string, kind: IdKind): JsonObject {
  const id = numericId(body[field]);
  return id === undefined ? body : { ...body, [field]: idCode(kind, id) };
}

function eachOf(body: JsonObject, field: string, reshape: (item: JsonObject) => JsonObject): JsonObject {
  const items = body[field];
  if (!Array.isArray(items)) return body;
  return { ...body, [field]: items.map((item) => (isRecord(item) ? reshape(item) : item)) };
}

/** Where the live service's responses name records by code: the path's success body reshaped. */
export function codeFormIds(path: string, body: JsonObject): JsonObject {
  switch (path) {
    case '/api/e/create':
    case '/api/e/update':
      return withCode(body, 'eventId', 'event');
    case '/api/e/add-ticket':
    case '/api/e/update-ticket':
      return withCode(body, 'ticketId', 'ticket');
    case '/api/e/add-discount':
    case '/api/e/update-discount':
      return withCode(body, 'discountId', 'discount');
    case '/api/e/get-all-events':
      // The numeric id beside the code, as get-all-events items carry both.
      return eachOf(body, 'events', (event) => ({ ...withCode(event, 'eventId', 'event'), id: numericId(event.eventId) ?? null }));
    case '/api/e/get-tickets':
      return eachOf(body, 'tickets', (ticket) => {
        const id = numericId(ticket.id);
        return { ...withCode(ticket, 'eventId', 'event'), ticketId: id === undefined ? null : idCode('ticket', id) };
      });
    case '/api/e/get-event': {
      const event = body.event;
      const id = isRecord(event) ? numericId(event.id) : undefined;
      return isRecord(event) && id !== undefined ? { ...body, event: { ...event, eventId: idCode('event', id) } } : body;
    }
    default:
      return body;
  }
}

/** Buyer-side errors a client must tell apart by their code: they keep the coded body. */
const CODED_BUYER_ERRORS: ReadonlySet<string> = new Set(['E020', 'E023', 'E011', 'T005', 'T006']);

/** A Publisher API error body as newer endpoints send it: {"success":"fail","message":"<text>"}. */
export function buyerFailBody(body: JsonObject): JsonObject {
  const code = typeof body.message === 'string' ? body.message : '';
  if (CODED_BUYER_ERRORS.has(code)) return body;
  const text = typeof body.description === 'string' && body.description !== '' ? body.description : code;
  return { success: 'fail', message: text };
}

/** add-ticket / update-ticket fields as the service's own library sends them, in the reference's words. */
export function liveLibraryTicketFields(fields: FormFields, operation: 'add' | 'update'): FormFields {
  const result = { ...fields };
  const status = result.status?.trim().toLowerCase();
  if (operation === 'add' && status !== undefined && TICKET_STATUS_SYNONYMS_FOR_ADD[status] !== undefined) {
    result.status = TICKET_STATUS_SYNONYMS_FOR_ADD[status];
  }
  const allow = result.allowCancellation?.trim();
  if (allow === '1') result.allowCancellation = 'true';
  else if (allow === '' || allow === '0') result.allowCancellation = 'false';
  return result;
}

/** /em/booking fields as older clients post them: the return address in `returnUrl`, `callbackUrl` empty. */
export function withReturnUrl(fields: FormFields): FormFields {
  const returnUrl = fields.returnUrl?.trim();
  if ((fields.callbackUrl ?? '').trim() !== '' || !returnUrl) return fields;
  return { ...fields, callbackUrl: returnUrl };
}

/** Reads the live library's multipart, and rewrites JSON API responses into the live shapes above. */
export function quirksMiddleware(): MiddlewareHandler {
  return async (c, next) => {
    const readable = await readableMultipart(c.req.raw, true);
    if (readable) c.req.raw = readable;
    await next();
    if (!isApiPath(c.req.path)) return;
    const response = c.res;
    if (!(response.headers.get('content-type') ?? '').includes('application/json')) return;
    let body: Json;
    try {
      body = (await response.clone().json()) as Json;
    } catch {
      return;
    }
    if (!isRecord(body)) return;
    const isError = body.status === 'error';
    let reshaped = isError ? body : codeFormIds(c.req.path, body);
    if (isError && c.req.path.startsWith('/publisher/')) reshaped = buyerFailBody(reshaped);
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    const status = isError ? 200 : response.status;
    // Cleared first: Hono's setter would otherwise merge the old response's headers back in.
    c.res = undefined;
    // The attendee list's numbers are JSON numbers, as in the 2020 capture (live-attendee-list.ts).
    const numbers = c.req.path === '/api/e/attendee-list' && !isError ? reshaped : numbersAsText(reshaped);
    c.res = new Response(JSON.stringify(numbers), { status, headers });
  };
}
