// Seeding: generated events, tickets, discounts, custom questions and confirmed orders (1–4
// attendees each, with custom answers), written in-process through the db layer in ONE
// transaction with prepared statements — 100,000 orders take seconds, not minutes.
// The data looks like a sales campaign: purchase times spread over the SALES_WEEKS weeks before
// now (in list order, busier towards the end), a few attendees cancelled or late-cancelled
// (`lcancelled`, as the live service calls it), a few checked in, a few who left the form empty,
// and answers with a realistic spread (T-shirt sizes, dietary needs).
//
//   POST /sandbox/seed   (sandbox-only; what `boxoffice sandbox seed` calls)
//   events (opt, 1..1000, default 1), orders (opt, 0..1,000,000, default 100, spread over the
//   events round-robin), account (opt, default organizer@sandbox.local, created on first use),
//   seed (opt, integer, default 1: the same seed gives the same names and answers)
//   → {"status":"success","eventIds":["…"],"orders":N,"attendees":M}
//
// `sandbox start --seed demo` loads the `demo` data set: two events with every discount kind
// and custom questions, and 25 confirmed orders.
import { randomBytes } from 'node:crypto';
import * as z from 'zod';
import { integer } from '../client/schemas/common.js';
import type { SandboxApp, SandboxContext, SandboxExtension } from './context.js';
import { ensureOrganizerAccount } from './db/accounts.js';
import { addQuestions, insertDiscount, insertEvent, insertTicket, type QuestionRow } from './db/events.js';
import { SANDBOX_ENDPOINTS, ORGANIZER_EMAIL } from './fixtures.js';
import { seededRandom } from './modes/faults.js';
import { readForm, validate } from './request.js';
import { questionFieldId } from './routes/publisher-orders.js';
import { utcDate } from './time.js';

const MAX_SEED_EVENTS = 1000;
const MAX_SEED_ORDERS = 1_000_000;

export interface SeedOptions {
  events: number;
  orders: number;
  account?: string;
  seed?: number;
}

export interface SeedResult {
  eventIds: string[];
  orders: number;
  attendees: number;
}

const FIRST_NAMES = ['Asha', 'Ravi', 'Meera', 'Karan', 'Priya', 'Arjun', 'Neha', 'Vikram', 'Ananya', 'Rahul', 'Sara', 'Tom', 'Lena', 'Omar', 'Yuki', 'Ines'];
const LAST_NAMES = ['Sharma', 'Iyer', 'Khan', 'Patel', 'Das', 'Nair', 'Mehta', 'Rao', 'Smith', 'Garcia', 'Müller', 'Tanaka'];
const CITIES = ['Bengaluru', 'Mumbai', 'Delhi', 'Chennai', 'Pune', 'Hyderabad', 'Kolkata'];
const COMPANIES = ['Acme Corp', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark Industries', 'Wayne Enterprises'];
const JOB_TITLES = ['Engineer', 'Designer', 'Product Manager', 'Founder', 'Student', 'Analyst', 'Marketer'];
/** Values with weights: M and L are the usual sizes, most people need no special meal. */
const SIZES: readonly (readonly [string, number])[] = [
  ['XS', 3],
  ['S', 12],
  ['M', 30],
  ['L', 28],
  ['XL', 18],
  ['XXL', 9],
];
const DIETARY_NEEDS: readonly (readonly [string, number])[] = [
  ['None', 55],
  ['Vegetarian', 22],
  ['Vegan', 8],
  ['Gluten-free', 6],
  ['Halal', 5],
  ['Jain', 4],
];
/** Attendee statuses and check-ins as the live service reports them. */
const STATUSES: readonly (readonly [string, number])[] = [
  ['attending', 92],
  ['cancelled', 6],
  ['lcancelled', 2],
];
const CHECKED_IN_SHARE = 0.15;
/** Attendees who saved the attendee form without an answer (their `details` come back empty). */
const EMPTY_DETAILS_SHARE = 0.1;
/** Seeded purchases are spread over this many weeks before now. */
const SALES_WEEKS = 6;
const CATEGORIES = ['technology', 'business', 'music', 'workshop', 'sports', 'food'] as const;

const SEED_QUESTIONS = [
  { label: 'Company', mandatory: true },
  { label: 'Job title', mandatory: false },
  { label: 'T-shirt size', type: 'Dropdown', mandatory: false },
  { label: 'Dietary needs', type: 'Dropdown', mandatory: false },
];

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

interface SeededTicket {
  id: number;
  price: number;
}

interface SeededEvent {
  id: number;
  tickets: SeededTicket[];
  questions: Pick<QuestionRow, 'id' | 'label'>[];
}

/** Generates the data set described at the top of this file. */
export function seedData(context: SandboxContext, options: SeedOptions): SeedResult {
  const { db } = context;
  const now = context.clock.now();
  const today = utcDate(now);
  const salesStart = addDays(today, -SALES_WEEKS * 7);
  const random = seededRandom(options.seed ?? 1);
  const run = randomBytes(4).toString('hex');
  const ordersPerEvent = Math.ceil(options.orders / Math.max(1, options.events));
  // enough stock for every order at 4 tickets of the same kind
  const stock = Math.max(100, ordersPerEvent * 4);

  return db.transaction((): SeedResult => {
    const account = ensureOrganizerAccount(db, options.account ?? ORGANIZER_EMAIL, now);
    const events: SeededEvent[] = [];
    for (let index = 0; index < options.events; index += 1) {
      const startDate = addDays(today, 30 + index);
      const category = CATEGORIES[index % CATEGORIES.length];
      const city = CITIES[index % CITIES.length];
      const eventId = insertEvent(
        db,
        account.id,
        {
          event_type: 'public',
          type: 'ticketing',
          title: `Seeded ${category} event ${index + 1}`,
          url: `seed-${run}-${index + 1}`,
          subdomain: null,
          segment: 'seeded',
          category,
          topics: null,
          start_date: startDate,
          start_time: '10:00',
          end_date: addDays(startDate, 1),
          end_time: '18:00',
          about: `<p>Generated by sandbox seed (${run}).</p>`,
          listing_image: 'https://images.sandbox.local/listing.png',
          header_image: 'https://images.sandbox.local/header.png',
          contact_info: account.email,
          country: 'India',
          state: '',
          city,
          postal: '560001',
          address: `${index + 1} Seed Street`,
        },
        now,
      );
      const ticket = (name: string, price: number, serviceFee: number) =>
        insertTicket(
          db,
          eventId,
          {
            name,
            description: `${name} admission`,
            price,
            currency: 'INR',
            quantity: stock,
            status: 'active',
            start_date: salesStart,
            start_time: '00:00',
            end_date: startDate,
            end_time: '09:00',
            min_quantity: 1,
            max_quantity: 10,
            service_fee: serviceFee,
            allow_cancellation: 0,
            shipping_charge: null,
            shipping_charge_type: null,
          },
          now,
        );
      const general = ticket('General', 500, 2);
      const vip = ticket('VIP', 1500, 3);
      const discount = (
        category: 'flat' | 'bulk' | 'code',
        fields: { amount: number; type: 'fixed' | 'percentage'; from?: number; to?: number; code?: string },
      ) =>
        insertDiscount(
          db,
          eventId,
          category === 'flat' ? vip : general,
          {
            name: `${category} discount`,
            category,
            amount: fields.amount,
            type: fields.type,
            start_date: today,
            start_time: '00:00',
            end_date: startDate,
            end_time: '09:00',
            usage_limit: stock,
            from_quantity: fields.from ?? null,
            to_quantity: fields.to ?? null,
            code: fields.code ?? null,
          },
          now,
        );
      discount('flat', { amount: 100, type: 'fixed' });
      discount('bulk', { amount: 10, type: 'percentage', from: 3, to: 10 });
      discount('code', { amount: 20, type: 'percentage', code: `EARLY${index + 1}` });
      const questionIds = addQuestions(db, eventId, SEED_QUESTIONS);
      events.push({
        id: eventId,
        tickets: [
          { id: general, price: 500 },
          { id: vip, price: 1500 },
        ],
        questions: questionIds.map((id, position) => ({ id, label: SEED_QUESTIONS[position].label })),
      });
    }

    const attendeeCount = insertConfirmedOrders(context, events, options.orders, run, random);
    return { eventIds: events.map((event) => String(event.id)), orders: options.orders, attendees: attendeeCount };
  })();
}

/**
 * Bulk path for confirmed orders: the same rows and invariants as insertOrder + confirmOrder in
 * db/orders.ts (sold tickets, the event's next attendee-list position, the global purchase
 * sequence), but with one prepared statement per table and the counters updated once per
 * event at the end, instead of per order. Runs inside the caller's transaction.
 */
function insertConfirmedOrders(context: SandboxContext, events: readonly SeededEvent[], orders: number, run: string, random: () => number): number {
  const { db } = context;
  if (events.length === 0 || orders === 0) return 0;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const pickWeighted = (items: readonly (readonly [string, number])[]): string => {
    let left = random() * items.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [value, weight] of items) {
      left -= weight;
      if (left < 0) return value;
    }
    return items[items.length - 1][0];
  };
  const nowMs = context.clock.now().getTime();
  const spanMs = SALES_WEEKS * 7 * 86_400_000;
  // Orders keep list order = purchase order: the i-th order's time grows with i. The square root
  // packs more orders into the later days, as sales pick up towards an event.
  const purchasedAt = (index: number): string => new Date(nowMs - spanMs + Math.floor(spanMs * Math.sqrt((index + 1) / orders))).toISOString();
  const ids = db
    .prepare(
      `SELECT COALESCE((SELECT MAX(id) FROM orders), 0) AS lastId,
            COALESCE((SELECT MAX(purchase_seq) FROM orders), 0) AS lastSeq,
            COALESCE((SELECT MAX(id) FROM attendees), 0) AS lastAttendee`,
    )
    .get() as { lastId: number; lastSeq: number; lastAttendee: number };
  const insertOrderRow = db.prepare(
    `INSERT INTO orders (id, order_no, event_id, publisher_account_id, status, quantity, ticket_cost, discount, platform_fee,
       processing_fee, service_tax, grand_total, paid_amount, currency, buyer_name, buyer_email, buyer_phone, city, country,
       reference_no, created_at, purchased_at, purchase_seq, event_position)
     VALUES (?, ?, ?, NULL, 'confirm', ?, ?, 0, ?, 0, 0, ?, ?, 'INR', ?, ?, ?, ?, 'India', ?, ?, ?, ?, ?)`,
  );
  const insertLine = db.prepare(
    `INSERT INTO order_lines (order_id, ticket_id, quantity, unit_price, discount_amount, platform_fee, amount) VALUES (?, ?, ?, ?, 0, ?, ?)`,
  );
  const insertAttendee = db.prepare(
    `INSERT INTO attendees (id, order_id, ticket_id, attendee_index, ticket_no, name, email, phone, checkin, status)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertAnswer = db.prepare(`INSERT INTO attendee_answers (attendee_id, position, field_id, label, value) VALUES (?, ?, ?, ?, ?)`);
  const positions = new Map<number, number>();
  const sold = new Map<number, number>();
  for (const event of events) {
    const row = db.prepare(`SELECT confirmed_orders FROM events WHERE id = ?`).get(event.id) as { confirmed_orders: number };
    positions.set(event.id, row.confirmed_orders);
  }
  const fieldIds = new Map(events.map((event) => [event.id, event.questions.map((question) => questionFieldId(question))]));
  const runTag = run.toUpperCase();
  let attendeeId = ids.lastAttendee;
  let attendees = 0;
  for (let index = 0; index < orders; index += 1) {
    const event = events[index % events.length];
    const ticket = event.tickets[random() < 0.75 ? 0 : 1];
    const quantity = 1 + Math.floor(random() * 4);
    const orderId = ids.lastId + index + 1;
    const orderNo = `SEED${runTag}${String(index + 1).padStart(7, '0')}`;
    const position = (positions.get(event.id) ?? 0) + 1;
    positions.set(event.id, position);
    sold.set(ticket.id, (sold.get(ticket.id) ?? 0) + quantity);
    const cost = ticket.price * quantity;
    const platformFee = Math.round(cost * 2.5) / 100;
    const people = Array.from({ length: quantity }, (_, seat) => {
      const first = pick(FIRST_NAMES);
      const last = pick(LAST_NAMES);
      return {
        name: `${first} ${last}`,
        email: `${first}.${last}.${index + 1}.${seat + 1}@example.test`.toLowerCase(),
        phone: `+9198${String(Math.floor(random() * 1e8)).padStart(8, '0')}`,
      };
    });
    const buyer = people[0];
    const at = purchasedAt(index);
    insertOrderRow.run(
      orderId,
      orderNo,
      event.id,
      quantity,
      cost,
      platformFee,
      cost + platformFee,
      cost + platformFee,
      buyer.name,
      buyer.email,
      buyer.phone,
      pick(CITIES),
      `SEEDREF${index + 1}`,
      at,
      at,
      ids.lastSeq + index + 1,
      position,
    );
    insertLine.run(orderId, ticket.id, quantity, ticket.price, platformFee, cost);
    const questionFields = fieldIds.get(event.id) ?? [];
    people.forEach((person, seat) => {
      attendeeId += 1;
      const status = pickWeighted(STATUSES);
      const checkin = status === 'attending' && random() < CHECKED_IN_SHARE ? 'yes' : 'no';
      insertAttendee.run(attendeeId, orderId, ticket.id, seat + 1, `${orderNo}-${seat + 1}`, person.name, person.email, person.phone, checkin, status);
      if (random() < EMPTY_DETAILS_SHARE) return;
      const answers = [pick(COMPANIES), pick(JOB_TITLES), pickWeighted(SIZES), pickWeighted(DIETARY_NEEDS)];
      for (const [answer, value] of answers.entries()) insertAnswer.run(attendeeId, answer + 1, questionFields[answer], event.questions[answer].label, value);
    });
    attendees += quantity;
  }
  const setPosition = db.prepare(`UPDATE events SET confirmed_orders = ? WHERE id = ?`);
  for (const [eventId, position] of positions) setPosition.run(position, eventId);
  const addSold = db.prepare(`UPDATE tickets SET sold_count = sold_count + ? WHERE id = ?`);
  for (const [ticketId, count] of sold) addSold.run(count, ticketId);
  return attendees;
}

const seedRequest = z.object({
  events: integer
    .pipe(
      z
        .number()
        .int()
        .min(1, { message: 'expected 1 or more' })
        .max(MAX_SEED_EVENTS, { message: `at most ${MAX_SEED_EVENTS}` }),
    )
    .default(1),
  orders: integer
    .pipe(
      z
        .number()
        .int()
        .min(0, { message: 'expected 0 or more' })
        .max(MAX_SEED_ORDERS, { message: `at most ${MAX_SEED_ORDERS}` }),
    )
    .default(100),
  account: z.email({ message: 'expected an email address' }).optional(),
  seed: integer
    .pipe(
      z
        .number()
        .int()
        .min(0)
        .max(2 ** 32 - 1),
    )
    .default(1),
});

function registerSeedRoutes(app: SandboxApp, context: SandboxContext): void {
  app.post(SANDBOX_ENDPOINTS.seed, async (c) => {
    const request = validate(seedRequest, await readForm(c));
    const result = seedData(context, request);
    return c.json({ status: 'success', ...result });
  });
}

/** A small data set to rehearse with (`sandbox start --seed demo`). */
function seedDemo(context: SandboxContext): string[] {
  return seedData(context, { events: 2, orders: 25, seed: 1 }).eventIds;
}

export function seedExtension(): SandboxExtension {
  return {
    name: 'seed',
    routes: registerSeedRoutes,
    seeds: { demo: seedDemo },
  };
}
