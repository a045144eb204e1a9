// Orders through the Publisher API: generate (inventory held), attendee form, save attendees,
// confirm (sold) / pending (still held) / fail (released), and order details.
import type * as z from 'zod';
import type { FormField, saveAttendeeData } from '../../client/schemas/index.js';
import type { SandboxDatabase } from '../db/index.js';
import { insertOrder, saveAttendees, type AttendeeRow, type NewAttendee, type NewOrderLine, type OrderRow, orderLinesOf } from '../db/orders.js';
import { SandboxError, fieldError } from '../errors.js';
import { textFields } from '../text-fields.js';
import type { PricedCart, PricedLine } from '../pricing.js';
import type { CheckedLine } from './publisher-cart.js';
import { findTicket, listQuestions, ticketsLeft, type EventRow, type QuestionRow } from '../db/events.js';
import { roundMoney } from '../../util/money.js';

/**
 * P8: one `generated` order holding its tickets, after re-checking in its transaction that enough
 * are left. The buyer pays the passed platform fee per line, the passed gateway fee as the order's
 * processing fee, and the tax: the stored grand total is the cart's.
 */
export function generateOrder(
  db: SandboxDatabase,
  input: { event: EventRow; publisherAccountId: number; lines: readonly CheckedLine[]; priced: PricedCart; now: Date },
): OrderRow {
  const { event, publisherAccountId, lines, priced, now } = input;
  return db.transaction((): OrderRow => {
    lines.forEach((line, index) => {
      const left = ticketsLeft(findTicket(db, line.ticket.id) ?? line.ticket);
      if (left < line.quantity) {
        throw new SandboxError('T001', {
          description: `ticket ${line.ticket.id} (${line.ticket.name}): only ${left} left`,
          field: `data.tickets.${index}.quantity`,
          httpStatus: 409,
        });
      }
    });
    const passedPlatformFee = (line: PricedLine) => (line.processingFee > 0 ? line.platformFee : 0);
    const newLines: NewOrderLine[] = priced.lines.map((line, index) => ({
      ticketId: line.ticketId,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      discountId: line.discountId,
      discountCode: lines[index].discountCode || null,
      discountAmount: line.discount,
      platformFee: passedPlatformFee(line),
    }));
    const gatewayFee = priced.lines.reduce((sum, line) => sum + line.processingFee - passedPlatformFee(line), 0);
    const inserted = insertOrder(db, {
      eventId: event.id,
      publisherAccountId,
      status: 'generated',
      buyer: { name: '', email: '' },
      lines: newLines,
      attendees: [],
      processingFee: roundMoney(gatewayFee),
      serviceTax: priced.cart.serviceTax,
      currency: lines[0].ticket.currency,
      createdAt: now,
    });
    return findOrder(db, inserted.orderNo) as OrderRow;
  })();
}

function findOrder(db: SandboxDatabase, orderNo: string): OrderRow | undefined {
  return db.prepare(`SELECT * FROM orders WHERE order_no = ?`).get(orderNo) as OrderRow | undefined;
}

/** The order, if this publisher made it: T007 when unknown, T008 when another publisher's. */
export function orderOfPublisher(db: SandboxDatabase, orderNo: string, publisherAccountId: number): OrderRow {
  const order = findOrder(db, orderNo);
  if (!order) throw new SandboxError('T007', { description: `order does not exist: ${orderNo}`, field: 'orderNo' });
  if (order.publisher_account_id !== publisherAccountId) throw new SandboxError('T008', { field: 'orderNo' });
  return order;
}

/** attendee_<n> → the ticket it is for: the order's lines in order, one attendee per ticket. */
export function attendeeTicketIds(db: SandboxDatabase, orderId: number): number[] {
  return orderLinesOf(db, orderId).flatMap((line) => Array.from({ length: line.quantity }, () => line.ticket_id));
}

const DEFAULT_FORM_FIELDS: readonly FormField[] = [
  { id: 'default_1', type: 'Text', label: 'Name', description: 'Full name of the attendee', validation: '', mandatory: true },
  { id: 'default_2', type: 'Email', label: 'Email', description: 'Email address of the attendee', validation: 'email', mandatory: true },
  { id: 'default_3', type: 'Text', label: 'Mobile Number', description: 'Mobile number of the attendee', validation: 'phone', mandatory: false },
];

export function questionFieldId(question: Pick<QuestionRow, 'id'>): string {
  return `q_${question.id}`;
}

/** The form every attendee of the event fills: the three defaults, then the custom questions. */
export function formFields(db: SandboxDatabase, eventId: number): FormField[] {
  const custom = listQuestions(db, eventId).map((question) => ({
    id: questionFieldId(question),
    type: question.type,
    label: question.label,
    description: question.description,
    validation: question.validation,
    mandatory: question.mandatory === 1,
  }));
  return [...DEFAULT_FORM_FIELDS, ...custom];
}

/** T010 unless the order still waits for payment (attendees, a confirmation). */
export function assertOpen(order: OrderRow): void {
  if (order.status === 'confirm' || order.status === 'fail') {
    throw new SandboxError('T010', { description: `order ${order.order_no} was already processed (${order.status})`, field: 'orderNo' });
  }
}

type AttendeeAnswers = z.output<typeof saveAttendeeData>['attendees'];

/** An answer as stored: a MultiCheckbox list joined by ", ". */
function answerText(value: AttendeeAnswers[string][number]['value']): string {
  if (!Array.isArray(value)) return String(value).trim();
  return value
    .map((item) => String(item).trim())
    .filter((item) => item !== '')
    .join(', ');
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * P10: every attendee of the order present, every mandatory field answered, emails well
 * formed (E002 naming `attendee_<n>.<field id>`); answers to unknown field ids are ignored.
 * Replaces any attendees saved before; the buyer is attendee_1.
 */
export function saveAttendeeAnswers(db: SandboxDatabase, order: OrderRow, answers: AttendeeAnswers): void {
  const fields = formFields(db, order.event_id);
  const tickets = attendeeTicketIds(db, order.id);
  const expected = new Set(tickets.map((_, index) => `attendee_${index + 1}`));
  for (const key of Object.keys(answers)) {
    if (!expected.has(key)) {
      throw new SandboxError('E002', { description: `${key}: the order has ${tickets.length} attendee(s)`, field: `attendees.${key}` });
    }
  }
  const attendees: NewAttendee[] = tickets.map((ticketId, index) => {
    const key = `attendee_${index + 1}`;
    const given = answers[key];
    if (!given) throw new SandboxError('E002', { description: `mandatory fields missing: attendees.${key}`, field: `attendees.${key}` });
    const byId = new Map(given.map((answer) => [answer.id, answerText(answer.value)]));
    for (const field of fields) {
      const value = byId.get(field.id) ?? '';
      if (field.mandatory && value === '') {
        throw new SandboxError('E002', { description: `mandatory fields missing: ${key}.${field.id} (${field.label})`, field: `${key}.${field.id}` });
      }
      if (field.validation === 'email' && value !== '' && !EMAIL_PATTERN.test(value)) throw fieldError(`${key}.${field.id}`, 'not an email address');
    }
    return {
      ticketId,
      name: byId.get('default_1') ?? '',
      email: byId.get('default_2') ?? '',
      phone: byId.get('default_3') || null,
      answers: fields
        .slice(DEFAULT_FORM_FIELDS.length)
        .map((field) => ({ fieldId: field.id, label: field.label, value: byId.get(field.id) ?? '' }))
        .filter((answer) => answer.value !== ''),
    };
  });
  db.transaction(() => {
    saveAttendees(db, order.id, order.order_no, attendees);
    const buyer = attendees[0];
    db.prepare(`UPDATE orders SET buyer_name = ?, buyer_email = ?, buyer_phone = ? WHERE id = ?`).run(buyer.name, buyer.email, buyer.phone ?? null, order.id);
  })();
}

export function attendeesSaved(db: SandboxDatabase, orderId: number): boolean {
  return db.prepare(`SELECT 1 FROM attendees WHERE order_id = ? LIMIT 1`).get(orderId) !== undefined;
}

/** 2.9 order details. additionalInfo holds the custom questions' answers, keyed by label. */
export function buildOrderDetails(db: SandboxDatabase, order: OrderRow, eventTitle: string) {
  const attendees = db
    .prepare(
      `SELECT a.id, a.ticket_id, t.name AS ticket_name, a.ticket_no, a.name, a.email
       FROM attendees a JOIN tickets t ON t.id = a.ticket_id WHERE a.order_id = ? ORDER BY a.attendee_index`,
    )
    .all(order.id) as AttendeeRow[];
  const answersOf = db.prepare(`SELECT label, value FROM attendee_answers WHERE attendee_id = ? ORDER BY position`);
  return {
    eventId: order.event_id,
    eventName: eventTitle,
    orderNo: order.order_no,
    datePurchased: (order.purchased_at ?? order.created_at).slice(0, 10),
    quantity: order.quantity,
    ticketCost: order.ticket_cost,
    paidAmount: order.paid_amount,
    orderStatus: order.status,
    ...textFields(order, { buyerName: 'buyer_name', buyerEmail: 'buyer_email', buyerPhoneNo: 'buyer_phone' }),
    attendee: attendees.map((attendee) => ({
      ticketId: attendee.ticket_id,
      ticketName: attendee.ticket_name,
      ticketNo: attendee.ticket_no,
      seatNo: null,
      bibNo: null,
      attendeeName: attendee.name ?? '',
      attendeeEmailId: attendee.email ?? '',
      additionalInfo: Object.fromEntries((answersOf.all(attendee.id) as { label: string; value: string }[]).map((answer) => [answer.label, answer.value])),
    })),
  };
}
