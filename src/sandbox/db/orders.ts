// Orders, their lines and attendees. A confirmed order takes the next position of its event's
// attendee list (1, 2, 3, … in purchase order): a batch of the list is an index range seek on
// (event_id, event_position), never an OFFSET scan.
import type { SandboxDatabase } from './index.js';
import { insertRow, prepared } from './statements.js';
import { roundMoney, sumMoney } from '../../util/money.js';

type OrderStatus = 'generated' | 'pending' | 'confirm' | 'fail';

export interface OrderRow {
  id: number;
  order_no: string;
  event_id: number;
  publisher_account_id: number | null;
  status: OrderStatus;
  quantity: number;
  ticket_cost: number;
  discount: number;
  platform_fee: number;
  processing_fee: number;
  service_tax: number;
  grand_total: number;
  paid_amount: number;
  currency: string;
  buyer_name: string | null;
  buyer_email: string | null;
  buyer_phone: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  address: string | null;
  zipcode: string | null;
  paid_by: string;
  reference_no: string | null;
  created_at: string;
  purchased_at: string | null;
  event_position: number | null;
}

export interface NewOrderLine {
  ticketId: number;
  quantity: number;
  unitPrice: number;
  discountId?: number | null;
  discountCode?: string | null;
  /** The line's whole discount and platform fee (not per ticket). */
  discountAmount?: number;
  platformFee?: number;
}

export interface NewAttendee {
  ticketId: number;
  name: string;
  email: string;
  phone?: string | null;
  /** fieldId: the attendee-form field (default_1…, q_<question id>). */
  answers?: readonly { fieldId?: string; label: string; value: string }[];
}

export interface NewOrder {
  eventId: number;
  /** The account whose publisher key placed the order; null for orders made by the sandbox. */
  publisherAccountId?: number | null;
  /** Default 'confirm': sold, and in the attendee list. */
  status?: OrderStatus;
  buyer: { name: string; email: string; phone?: string | null; city?: string | null };
  lines: readonly NewOrderLine[];
  /** Default: one per ticket, named after the buyer. */
  attendees?: readonly NewAttendee[];
  processingFee?: number;
  serviceTax?: number;
  currency?: string;
  /** When it was placed (and confirmed, when it is). */
  createdAt: Date;
}

/** In one transaction; holds or sells the tickets. */
export function insertOrder(db: SandboxDatabase, order: NewOrder): { orderNo: string } {
  return db.transaction(() => {
    const status = order.status ?? 'confirm';
    const quantity = order.lines.reduce((sum, line) => sum + line.quantity, 0);
    const lineAmounts = order.lines.map((line) => roundMoney(line.quantity * line.unitPrice - (line.discountAmount ?? 0)));
    const ticketCost = sumMoney(lineAmounts);
    const discount = sumMoney(order.lines.map((line) => line.discountAmount ?? 0));
    const platformFee = sumMoney(order.lines.map((line) => line.platformFee ?? 0));
    const processingFee = order.processingFee ?? 0;
    const serviceTax = order.serviceTax ?? 0;
    const grandTotal = sumMoney([ticketCost, platformFee, processingFee, serviceTax]);
    const nextId = (prepared(db, `SELECT COALESCE(MAX(id), 0) + 1 AS next FROM orders`).get() as { next: number }).next;
    const orderNo = `SBX${String(nextId).padStart(8, '0')}`;
    const buyer = order.buyer;
    insertRow(db, 'orders', {
      id: nextId,
      order_no: orderNo,
      event_id: order.eventId,
      publisher_account_id: order.publisherAccountId ?? null,
      status: 'generated',
      quantity,
      ticket_cost: ticketCost,
      discount,
      platform_fee: platformFee,
      processing_fee: processingFee,
      service_tax: serviceTax,
      grand_total: grandTotal,
      currency: order.currency ?? 'INR',
      buyer_name: buyer.name,
      buyer_email: buyer.email,
      buyer_phone: buyer.phone ?? null,
      city: buyer.city ?? null,
      created_at: order.createdAt.toISOString(),
    });
    const hold = prepared(db, `UPDATE tickets SET held_count = held_count + ? WHERE id = ?`);
    order.lines.forEach((line, index) => {
      insertRow(db, 'order_lines', {
        order_id: nextId,
        ticket_id: line.ticketId,
        quantity: line.quantity,
        unit_price: line.unitPrice,
        discount_id: line.discountId ?? null,
        discount_code: line.discountCode ?? null,
        discount_amount: line.discountAmount ?? 0,
        platform_fee: line.platformFee ?? 0,
        amount: lineAmounts[index],
      });
      hold.run(line.quantity, line.ticketId);
    });
    const attendees =
      order.attendees ??
      order.lines.flatMap((line) => Array.from({ length: line.quantity }, () => ({ ticketId: line.ticketId, name: buyer.name, email: buyer.email })));
    insertAttendees(db, nextId, orderNo, attendees);
    if (status === 'confirm') confirmOrder(db, nextId, order.createdAt, null);
    else if (status !== 'generated') setOrderStatus(db, nextId, status, null);
    return { orderNo };
  })();
}

/** Replaces the order's attendees (attendee_1 … in the given order) and their answers. */
export function saveAttendees(db: SandboxDatabase, orderId: number, orderNo: string, attendees: readonly NewAttendee[]): void {
  db.transaction(() => {
    prepared(db, `DELETE FROM attendee_answers WHERE attendee_id IN (SELECT id FROM attendees WHERE order_id = ?)`).run(orderId);
    prepared(db, `DELETE FROM attendees WHERE order_id = ?`).run(orderId);
    insertAttendees(db, orderId, orderNo, attendees);
  })();
}

function insertAttendees(db: SandboxDatabase, orderId: number, orderNo: string, attendees: readonly NewAttendee[]): void {
  attendees.forEach((attendee, index) => {
    const attendeeId = insertRow(db, 'attendees', {
      order_id: orderId,
      ticket_id: attendee.ticketId,
      attendee_index: index + 1,
      ticket_no: `${orderNo}-${index + 1}`,
      name: attendee.name,
      email: attendee.email,
      phone: attendee.phone ?? null,
    });
    for (const [index, answer] of (attendee.answers ?? []).entries()) insertAnswer(db, attendeeId, index + 1, answer.label, answer.value, answer.fieldId);
  });
}

/** Stores one answer of an attendee at `position`; without a form field id, as `answer_<position>`. */
export function insertAnswer(db: SandboxDatabase, attendeeId: number, position: number, label: string, value: string, fieldId = `answer_${position}`): void {
  insertRow(db, 'attendee_answers', { attendee_id: attendeeId, position, field_id: fieldId, label, value });
}

export function orderLinesOf(db: SandboxDatabase, orderId: number) {
  return prepared(db, `SELECT ticket_id, quantity FROM order_lines WHERE order_id = ? ORDER BY id`).all(orderId) as { ticket_id: number; quantity: number }[];
}

/** The order, when it is still generated or pending (callers check that first: a bug otherwise). */
function openOrder(db: SandboxDatabase, orderId: number): Pick<OrderRow, 'event_id' | 'status'> {
  const order = prepared(db, `SELECT event_id, status FROM orders WHERE id = ?`).get(orderId) as Pick<OrderRow, 'event_id' | 'status'> | undefined;
  if (!order) throw new Error(`order ${orderId} does not exist`);
  if (order.status === 'confirm' || order.status === 'fail') throw new Error(`order ${orderId} is already ${order.status}`);
  return order;
}

/** Held tickets become sold, discounts count as used; returns the order's new position in its event's attendee list. */
export function confirmOrder(db: SandboxDatabase, orderId: number, purchasedAt: Date, referenceNo: string | null): number {
  return db.transaction((): number => {
    const order = openOrder(db, orderId);
    const sell = prepared(db, `UPDATE tickets SET held_count = held_count - ?, sold_count = sold_count + ? WHERE id = ?`);
    for (const line of orderLinesOf(db, orderId)) sell.run(line.quantity, line.quantity, line.ticket_id);
    prepared(
      db,
      `UPDATE discounts SET used_count = used_count + 1
       WHERE id IN (SELECT DISTINCT discount_id FROM order_lines WHERE order_id = ? AND discount_id IS NOT NULL)`,
    ).run(orderId);
    const { position } = prepared(db, `UPDATE events SET confirmed_orders = confirmed_orders + 1 WHERE id = ? RETURNING confirmed_orders AS position`).get(
      order.event_id,
    ) as { position: number };
    const { seq } = prepared(db, `SELECT COALESCE(MAX(purchase_seq), 0) + 1 AS seq FROM orders`).get() as { seq: number };
    prepared(
      db,
      `UPDATE orders SET status = 'confirm', purchased_at = ?, purchase_seq = ?, event_position = ?, paid_amount = grand_total,
         reference_no = COALESCE(?, reference_no)
       WHERE id = ?`,
    ).run(purchasedAt.toISOString(), seq, position, referenceNo, orderId);
    return position;
  })();
}

/** Pending: tickets stay held; fail: held tickets are released. */
export function setOrderStatus(db: SandboxDatabase, orderId: number, status: 'pending' | 'fail', referenceNo: string | null): void {
  db.transaction(() => {
    openOrder(db, orderId);
    if (status === 'fail') {
      const release = prepared(db, `UPDATE tickets SET held_count = held_count - ? WHERE id = ?`);
      for (const line of orderLinesOf(db, orderId)) release.run(line.quantity, line.ticket_id);
    }
    prepared(db, `UPDATE orders SET status = ?, reference_no = COALESCE(?, reference_no) WHERE id = ?`).run(status, referenceNo, orderId);
  })();
}

/** Fails the open orders created before `createdBefore` (as a live service's payment window ends); returns how many. */
export function releaseExpiredOrders(db: SandboxDatabase, createdBefore: Date): number {
  const expired = prepared(db, `SELECT id FROM orders WHERE status IN ('generated', 'pending') AND created_at < ?`).all(createdBefore.toISOString()) as {
    id: number;
  }[];
  for (const { id } of expired) setOrderStatus(db, id, 'fail', null);
  return expired.length;
}

type ListedOrder = OrderRow & { purchased_at: string; event_position: number };

export interface AttendeeRow {
  id: number;
  ticket_id: number;
  ticket_name: string;
  ticket_no: string;
  name: string | null;
  email: string | null;
}

interface AttendeeListAttendee extends AttendeeRow {
  checkin: string;
  status: string;
  answers: { label: string; value: string }[];
}

export interface AttendeeListEntry {
  order: ListedOrder;
  attendees: AttendeeListAttendee[];
}

/** Confirmed orders at positions first..last (1-based, inclusive): three range queries a batch, grouped here. */
export function attendeeListRange(db: SandboxDatabase, eventId: number, first: number, last: number): AttendeeListEntry[] {
  if (last < first) return [];
  const range = [eventId, first, last] as const;
  const orders = prepared(db, `SELECT * FROM orders WHERE event_id = ? AND event_position BETWEEN ? AND ? ORDER BY event_position`).all(
    ...range,
  ) as ListedOrder[];
  const attendees = prepared(
    db,
    `SELECT a.order_id, a.id, a.ticket_id, t.name AS ticket_name, a.ticket_no, a.name, a.email, a.checkin, a.status
     FROM orders o JOIN attendees a ON a.order_id = o.id JOIN tickets t ON t.id = a.ticket_id
     WHERE o.event_id = ? AND o.event_position BETWEEN ? AND ? ORDER BY a.order_id, a.attendee_index`,
  ).all(...range) as (Omit<AttendeeListAttendee, 'answers'> & { order_id: number })[];
  const answers = prepared(
    db,
    `SELECT q.attendee_id, q.label, q.value
     FROM orders o JOIN attendees a ON a.order_id = o.id JOIN attendee_answers q ON q.attendee_id = a.id
     WHERE o.event_id = ? AND o.event_position BETWEEN ? AND ? ORDER BY q.attendee_id, q.position`,
  ).all(...range) as { attendee_id: number; label: string; value: string }[];

  const answersByAttendee = groupBy(answers, (answer) => answer.attendee_id);
  const attendeesByOrder = groupBy(
    attendees.map((row) => Object.assign(row, { answers: answersByAttendee.get(row.id) ?? [] })),
    (attendee) => attendee.order_id,
  );
  return orders.map((order) => ({ order, attendees: attendeesByOrder.get(order.id) ?? [] }));
}

/** Map.groupBy (ES2024, beyond the project's lib). */
function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

export interface ReportLine {
  ticketId: number;
  ticketName: string;
  sold: number;
  amount: number;
  platformFee: number;
  cancelled: number;
}

export function salesReport(db: SandboxDatabase, eventId: number): ReportLine[] {
  return prepared(
    db,
    `SELECT t.id AS ticketId, t.name AS ticketName,
       COALESCE(s.sold, 0) AS sold, COALESCE(s.amount, 0) AS amount, COALESCE(s.platformFee, 0) AS platformFee,
       (SELECT COUNT(*) FROM attendees a JOIN orders o ON o.id = a.order_id
         WHERE a.ticket_id = t.id AND o.status = 'confirm' AND a.status IN ('cancelled', 'lcancelled')) AS cancelled
     FROM tickets t
     LEFT JOIN (
       SELECT l.ticket_id, SUM(l.quantity) AS sold, SUM(l.amount) AS amount, SUM(l.platform_fee) AS platformFee
       FROM order_lines l JOIN orders o ON o.id = l.order_id
       WHERE o.event_id = ? AND o.status = 'confirm'
       GROUP BY l.ticket_id
     ) s ON s.ticket_id = t.id
     WHERE t.event_id = ? ORDER BY t.id`,
  ).all(eventId, eventId) as ReportLine[];
}

/**
 * The live-like ticket number of each attendee (1-based, per event): its rank by id among every
 * attendee of the event, listed or not, so that no number moves when another order leaves the list.
 */
export function eventTicketNumbers(db: SandboxDatabase, eventId: number, attendeeIds: readonly number[]): Map<number, number> {
  const numbers = new Map<number, number>();
  if (attendeeIds.length === 0) return numbers;
  const lowest = Math.min(...attendeeIds);
  const highest = Math.max(...attendeeIds);
  const before = (
    prepared(db, `SELECT COUNT(*) AS count FROM orders o JOIN attendees a ON a.order_id = o.id WHERE o.event_id = ? AND a.id < ?`).get(eventId, lowest) as {
      count: number;
    }
  ).count;
  const span = prepared(db, `SELECT a.id FROM attendees a JOIN orders o ON o.id = a.order_id WHERE a.id BETWEEN ? AND ? AND o.event_id = ? ORDER BY a.id`).all(
    lowest,
    highest,
    eventId,
  ) as { id: number }[];
  for (const [index, { id }] of span.entries()) numbers.set(id, before + index + 1);
  return numbers;
}
