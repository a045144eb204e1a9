// Helpers for the Publisher API tests: calls in the reference's encodings, an event with
// tickets, and the whole purchase flow.
import { encode, expectSuccess, post, validEvent, validTicket, type Answer, type Encoding } from './api.js';
import type { TestSandbox } from '../helpers/sandbox.js';
import { idFromCode, type IdKind } from '../../src/sandbox/id-codes.js';

export interface PublisherCall {
  /** Query parameters (P5/P6), or `data` for P7/P8/P10. */
  query?: Record<string, string>;
  /** Form fields of the body (P1–P4, P9, P11, P12). */
  fields?: Record<string, string>;
  method?: 'GET' | 'POST';
  key?: string;
  encoding?: Encoding;
}

export async function publisher(sandbox: TestSandbox, path: string, call: PublisherCall = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  const key = call.key ?? sandbox.tokens.publisher;
  if (key !== '') headers.authorization = `Bearer ${key}`;
  const query = call.query ? `?${new URLSearchParams(call.query).toString()}` : '';
  const method = call.method ?? 'POST';
  const response = await fetch(`${sandbox.url}/publisher/${path}${query}`, {
    method,
    headers,
    body: method === 'GET' ? undefined : encode(call.fields ?? {}, call.encoding ?? 'multipart'),
  });
  const text = await response.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text };
  }
  return { status: response.status, body, headers: response.headers };
}

/** `data` for P7/P8/P10, as the query string carries it. */
export function data(document: unknown): Record<string, string> {
  return { data: JSON.stringify(document) };
}

export interface CartLine {
  ticketId: number;
  quantity: number;
  discountCode?: string;
}

export function cart(eventId: string, lines: CartLine[]) {
  return data({ eventId: Number(eventId), tickets: lines.map((line) => ({ discountCode: '', ...line })) });
}

export async function organizer(sandbox: TestSandbox, path: string, fields: Record<string, string>, token = sandbox.tokens.organizer) {
  return post(sandbox.url, path, fields, { token });
}

/** The numeric id behind an acknowledgement's id, which --quirks sends in code form. */
function numericId(kind: IdKind, value: unknown): string {
  const text = String(value);
  return /^\d+$/.test(text) ? text : String(idFromCode(kind, text));
}

export async function createEvent(sandbox: TestSandbox, overrides: Record<string, string> = {}): Promise<string> {
  return numericId('event', expectSuccess(await organizer(sandbox, '/api/e/create', validEvent(overrides))).eventId);
}

export async function addTicket(sandbox: TestSandbox, eventId: string, overrides: Record<string, string> = {}): Promise<number> {
  return Number(numericId('ticket', expectSuccess(await organizer(sandbox, '/api/e/add-ticket', validTicket(eventId, overrides))).ticketId));
}

export async function addQuestion(sandbox: TestSandbox, eventId: string, fields: Record<string, string>): Promise<string> {
  return String(expectSuccess(await organizer(sandbox, '/sandbox/questions', { eventId, ...fields })).fieldId);
}

export async function generate(sandbox: TestSandbox, eventId: string, lines: CartLine[], key?: string): Promise<string> {
  return String(expectSuccess(await publisher(sandbox, 'generate-order', { query: cart(eventId, lines), key })).orderNo);
}

/** Answers for every attendee_<n> of the order's form: the defaults and any extra by field id. */
export async function answerAll(
  sandbox: TestSandbox,
  orderNo: string,
  extra: Record<string, string> = {},
): Promise<Record<string, { id: string; label: string; value: string }[]>> {
  const form = expectSuccess(await publisher(sandbox, 'attendee-form', { fields: { orderNo } })).attendeeForm as Record<
    string,
    { id: string; label: string }[]
  >;
  const attendees: Record<string, { id: string; label: string; value: string }[]> = {};
  for (const [key, fields] of Object.entries(form)) {
    const n = key.replace('attendee_', '');
    const values: Record<string, string> = {
      default_1: `Person ${n}`,
      default_2: `person${n}.${orderNo.toLowerCase()}@example.test`,
      default_3: `+91 98000 0000${n}`,
      ...extra,
    };
    attendees[key] = fields.map((field) => ({ id: field.id, label: field.label, value: values[field.id] ?? '' }));
  }
  return attendees;
}

export async function saveAll(sandbox: TestSandbox, orderNo: string, extra: Record<string, string> = {}): Promise<void> {
  const attendees = await answerAll(sandbox, orderNo, extra);
  expectSuccess(await publisher(sandbox, 'save-attendee', { query: data({ orderNo, attendees }) }));
}

export async function confirm(sandbox: TestSandbox, orderNo: string, status: 'confirm' | 'pending' | 'fail'): Promise<Answer> {
  return publisher(sandbox, 'confirm-order', { fields: { orderNo, status, referenceNo: `REF-${orderNo}-${status}` } });
}

/** Generate → save attendees → confirm; returns the order number. */
export async function buy(sandbox: TestSandbox, eventId: string, lines: CartLine[], extra: Record<string, string> = {}): Promise<string> {
  const orderNo = await generate(sandbox, eventId, lines);
  await saveAll(sandbox, orderNo, extra);
  expectSuccess(await confirm(sandbox, orderNo, 'confirm'));
  return orderNo;
}

/** Tickets left as P6 shows them. */
export async function ticketsLeft(sandbox: TestSandbox, eventId: string, ticketId: number): Promise<number> {
  const body = expectSuccess(await publisher(sandbox, 'ticket-details', { method: 'GET', query: { eventId } }));
  const ticket = (body.tickets as { id: number; quantity: number }[]).find((entry) => entry.id === ticketId);
  if (!ticket) throw new Error(`ticket ${ticketId} not listed`);
  return ticket.quantity;
}
