// Events, tickets, discounts and custom questions.
import type { SandboxDatabase } from './index.js';
import { insertRow, prepared, updateRow } from './statements.js';

/** A schedule or sale window: yyyy-mm-dd dates and HH:MM times. */
export interface Span {
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
}

/** 'yyyy-mm-dd HH:MM' of a ticket's or discount's start and end. */
export function saleWindow(row: Span): { startsAt: string; endsAt: string } {
  return { startsAt: `${row.start_date} ${row.start_time.slice(0, 5)}`, endsAt: `${row.end_date} ${row.end_time.slice(0, 5)}` };
}

export interface EventRow extends Span {
  id: number;
  owner_id: number;
  event_type: string;
  type: string;
  title: string;
  url: string;
  subdomain: string | null;
  segment: string | null;
  category: string;
  topics: string | null;
  about: string;
  listing_image: string;
  header_image: string;
  contact_info: string;
  country: string | null;
  state: string | null;
  city: string | null;
  postal: string | null;
  address: string | null;
  status: string;
  created_on: string;
  updated_on: string;
  confirmed_orders: number;
}

export type EventFields = Omit<EventRow, 'id' | 'owner_id' | 'status' | 'created_on' | 'updated_on' | 'confirmed_orders'>;

export function insertEvent(db: SandboxDatabase, ownerId: number, fields: EventFields, now: Date): number {
  return insertRow(db, 'events', { ...fields, owner_id: ownerId, created_on: now.toISOString(), updated_on: now.toISOString() });
}

export function updateEventRow(db: SandboxDatabase, id: number, fields: Omit<EventFields, 'segment' | 'topics'>, now: Date): void {
  updateRow(db, 'events', id, { ...fields, updated_on: now.toISOString() });
}

export function findEvent(db: SandboxDatabase, id: number): EventRow | undefined {
  return prepared(db, `SELECT * FROM events WHERE id = ?`).get(id) as EventRow | undefined;
}

export function listEventsOwnedBy(db: SandboxDatabase, ownerId: number): EventRow[] {
  return prepared(db, `SELECT * FROM events WHERE owner_id = ? ORDER BY id`).all(ownerId) as EventRow[];
}

export function urlTaken(db: SandboxDatabase, url: string, exceptId?: number): boolean {
  return prepared(db, `SELECT 1 FROM events WHERE url = ? AND id IS NOT ?`).get(url, exceptId ?? null) !== undefined;
}

/** Whether an event of another account already uses this subdomain. */
export function subdomainTakenByOther(db: SandboxDatabase, subdomain: string, ownerId: number): boolean {
  return prepared(db, `SELECT 1 FROM events WHERE subdomain = ? AND owner_id <> ?`).get(subdomain, ownerId) !== undefined;
}

export interface TicketRow extends Span {
  id: number;
  event_id: number;
  name: string;
  description: string | null;
  price: number | null;
  currency: string;
  quantity: number;
  initial_quantity: number;
  status: string;
  min_quantity: number;
  max_quantity: number;
  service_fee: number;
  allow_cancellation: number;
  shipping_charge: number | null;
  shipping_charge_type: string | null;
  sold_count: number;
  held_count: number;
  created_on: string;
  updated_on: string;
}

/** Tickets left to sell: neither sold nor held by an open order. */
export function ticketsLeft(ticket: TicketRow): number {
  return Math.max(0, ticket.quantity - ticket.sold_count - ticket.held_count);
}

export type TicketFields = Omit<TicketRow, 'id' | 'event_id' | 'initial_quantity' | 'sold_count' | 'held_count' | 'created_on' | 'updated_on'>;

export function insertTicket(db: SandboxDatabase, eventId: number, fields: TicketFields, now: Date): number {
  const at = now.toISOString();
  return insertRow(db, 'tickets', { ...fields, event_id: eventId, initial_quantity: fields.quantity, created_on: at, updated_on: at });
}

export function updateTicketRow(db: SandboxDatabase, id: number, fields: TicketFields, now: Date): void {
  updateRow(db, 'tickets', id, { ...fields, updated_on: now.toISOString() });
}

export function findTicket(db: SandboxDatabase, id: number): TicketRow | undefined {
  return prepared(db, `SELECT * FROM tickets WHERE id = ?`).get(id) as TicketRow | undefined;
}

export function listTickets(db: SandboxDatabase, eventId: number): TicketRow[] {
  return prepared(db, `SELECT * FROM tickets WHERE event_id = ? ORDER BY id`).all(eventId) as TicketRow[];
}

export interface DiscountRow extends Span {
  id: number;
  event_id: number;
  ticket_id: number;
  name: string | null;
  category: 'flat' | 'bulk' | 'code';
  amount: number;
  type: 'fixed' | 'percentage';
  usage_limit: number;
  from_quantity: number | null;
  to_quantity: number | null;
  code: string | null;
  used_count: number;
  created_on: string;
  updated_on: string;
}

export type DiscountFields = Omit<DiscountRow, 'id' | 'event_id' | 'ticket_id' | 'used_count' | 'created_on' | 'updated_on'>;

export function insertDiscount(db: SandboxDatabase, eventId: number, ticketId: number, fields: DiscountFields, now: Date): number {
  const at = now.toISOString();
  return insertRow(db, 'discounts', { ...fields, event_id: eventId, ticket_id: ticketId, created_on: at, updated_on: at });
}

export function updateDiscountRow(db: SandboxDatabase, id: number, fields: DiscountFields, now: Date): void {
  updateRow(db, 'discounts', id, { ...fields, updated_on: now.toISOString() });
}

export function findDiscount(db: SandboxDatabase, id: number): DiscountRow | undefined {
  return prepared(db, `SELECT * FROM discounts WHERE id = ?`).get(id) as DiscountRow | undefined;
}

export function discountCodeTaken(db: SandboxDatabase, eventId: number, code: string, exceptId?: number): boolean {
  return prepared(db, `SELECT 1 FROM discounts WHERE event_id = ? AND code = ? AND id IS NOT ?`).get(eventId, code, exceptId ?? null) !== undefined;
}

export interface QuestionRow {
  id: number;
  event_id: number;
  label: string;
  type: string;
  description: string;
  validation: string;
  mandatory: number;
  position: number;
}

export interface NewQuestion {
  label: string;
  type?: string;
  description?: string;
  validation?: string;
  mandatory?: boolean;
}

/** Appends custom attendee-form questions to an event (after its existing ones). */
export function addQuestions(db: SandboxDatabase, eventId: number, questions: readonly NewQuestion[]): number[] {
  const { last } = prepared(db, `SELECT COALESCE(MAX(position), 0) AS last FROM event_questions WHERE event_id = ?`).get(eventId) as { last: number };
  return questions.map((question, index) =>
    insertRow(db, 'event_questions', {
      event_id: eventId,
      label: question.label,
      type: question.type ?? 'Text',
      description: question.description ?? '',
      validation: question.validation ?? '',
      mandatory: question.mandatory ? 1 : 0,
      position: last + index + 1,
    }),
  );
}

export function listQuestions(db: SandboxDatabase, eventId: number): QuestionRow[] {
  return prepared(db, `SELECT * FROM event_questions WHERE event_id = ? ORDER BY position`).all(eventId) as QuestionRow[];
}
