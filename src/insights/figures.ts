// The figures of insights, counted from the rows of an attendee export as they stream past: a plain count of the rows, so a direct count of the export gives
// the same numbers. Memory holds one entry per day, ticket, city and distinct answer — never the rows, nor the order numbers: an export writes each order's
// rows together, so an order is a run of rows with one order number.
import { isCancelledStatus } from '../client/schemas/values.js';
import { FIXED_COLUMNS } from '../export/flatten.js';
import { dayRange, type figuresClock } from './dates.js';
import { roundMoney } from '../util/money.js';

/** A question with more distinct answers than this is free text: not charted. */
export const MAX_DISTINCT_ANSWERS = 12;
/** The terminal's sparkline covers this many days, up to today. */
const SPARKLINE_DAYS = 30;
const NOT_CHECKED_IN = new Set(['', 'no', '0', 'false', 'n']);
const FIXED = new Set<string>(FIXED_COLUMNS);

/** One exported row, keyed by column name (CSV header, JSON key). */
export type ExportRow = Readonly<Record<string, string | undefined>>;

/** `date`: yyyy-mm-dd in the figures' timezone. */
type DaySales = { date: string; orders: number; attendees: number; revenue: number };

type TicketSales = { ticket: string; attendees: number; revenue: number };

export type InsightsFigures = ReturnType<FiguresAccumulator['figures']>;

/** `counts`: null once the question has more than MAX_DISTINCT_ANSWERS distinct answers (free text). */
type QuestionTally = { answered: number; counts: Map<string, number> | null };

/** Heaviest first, then by name. */
function sortedDescending<T>(entries: Iterable<T>, key: (item: T) => [weight: number, name: string]): T[] {
  return [...entries].sort((a, b) => {
    const [[weightA, nameA], [weightB, nameB]] = [key(a), key(b)];
    return weightB - weightA || nameA.localeCompare(nameB);
  });
}

const ARRAY_INDEX = /^(?:0|[1-9]\d{0,9})$/;
const isArrayIndex = (key: string): boolean => ARRAY_INDEX.test(key) && Number(key) < 2 ** 32 - 1;

/**
 * Questions as a row object lists its keys: integer-like ones ("2") first, by value, then the rest in first-seen order. The rows of a file hold every column
 * from the first row on, those counted as they are exported only the columns known by then: both give this one order.
 */
function indexOrder(a: string, b: string): number {
  const [indexA, indexB] = [isArrayIndex(a), isArrayIndex(b)];
  if (indexA && indexB) return Number(a) - Number(b);
  return indexA === indexB ? 0 : indexA ? -1 : 1;
}

export class FiguresAccumulator {
  private orderCount = 0;
  private lastOrderNo: string | undefined;
  private attendees = 0;
  private revenue = 0;
  private cancelled = 0;
  private checkedIn = 0;
  private readonly days = new Map<string, DaySales>();
  /** Orders per hour while every sale is on one day; null after. */
  private hours: Map<string, number> | null = new Map();
  private readonly tickets = new Map<string, TicketSales>();
  private readonly cities = new Map<string, number>();
  private readonly questions = new Map<string, QuestionTally>();
  /** The order whose rows are arriving (its attendees counted on the day it was bought): its cost is shared among its rows once they are all in. */
  private open: { cost: number; day: DaySales; tickets: string[] } | undefined;

  constructor(private readonly clock: ReturnType<typeof figuresClock>) {}

  get orders(): number {
    return this.orderCount;
  }

  get lastOrder(): string | undefined {
    return this.lastOrderNo;
  }

  add(row: ExportRow): void {
    const orderNo = row.orderNo ?? '';
    const ticket = row.ticketName || row.ticketId || '(unnamed ticket)';
    if (this.lastOrderNo !== orderNo) {
      this.closeOrder();
      this.openOrder(row);
    }
    this.attendees += 1;
    if (this.open) {
      this.open.day.attendees += 1;
      this.open.tickets.push(ticket);
    }
    const sales = this.tickets.get(ticket) ?? { ticket, attendees: 0, revenue: 0 };
    sales.attendees += 1;
    this.tickets.set(ticket, sales);
    if (isCancelledStatus(row.attendeeStatus)) this.cancelled += 1;
    if (!NOT_CHECKED_IN.has((row.checkin ?? '').trim().toLowerCase())) this.checkedIn += 1;
    for (const column in row) {
      if (FIXED.has(column)) continue;
      let tally = this.questions.get(column);
      if (tally === undefined) {
        tally = { answered: 0, counts: new Map<string, number>() };
        this.questions.set(column, tally);
      }
      const answer = (row[column] ?? '').trim();
      if (answer === '') continue;
      tally.answered += 1;
      if (!tally.counts) continue;
      tally.counts.set(answer, (tally.counts.get(answer) ?? 0) + 1);
      if (tally.counts.size > MAX_DISTINCT_ANSWERS) tally.counts = null;
    }
  }

  private openOrder(row: ExportRow): void {
    const orderNo = row.orderNo ?? '';
    const amount = Number(row.orderCost ?? '');
    const cost = Number.isFinite(amount) ? amount : 0;
    const dateHour = this.clock.hourOf(row.purchaseDate ?? '');
    const [date, hour] = [dateHour.slice(0, 10), dateHour.slice(11, 13)];
    if (hour.length !== 2 || (this.days.size > 0 && !this.days.has(date))) this.hours = null;
    this.hours?.set(hour, (this.hours.get(hour) ?? 0) + 1);
    const day = this.days.get(date) ?? { date, orders: 0, attendees: 0, revenue: 0 };
    this.days.set(date, day);
    day.orders += 1;
    day.revenue += cost;
    this.revenue += cost;
    const city = (row.city ?? '').trim();
    this.cities.set(city, (this.cities.get(city) ?? 0) + 1);
    this.open = { cost, day, tickets: [] };
    this.orderCount += 1;
    this.lastOrderNo = orderNo;
  }

  /** Shares the open order's cost among its tickets (rows of one order arrive together). */
  private closeOrder(): void {
    const open = this.open;
    this.open = undefined;
    if (!open || open.tickets.length === 0) return;
    const share = open.cost / open.tickets.length;
    for (const ticket of open.tickets) {
      const sales = this.tickets.get(ticket);
      if (sales) sales.revenue += share;
    }
  }

  /**
   * `revenue`: each order's cost once; `hourly`: orders per hour with sales ("00" to "23") while every sale is on one
   * day (and has a time), else null; `recent`: orders per day over the SPARKLINE_DAYS days up to today; `cities`: ""
   * for no city; `answers`: null for free text. Most first, but days in date order and questions in first-seen order.
   */
  figures() {
    this.closeOrder();
    const share = (count: number): number => (this.attendees === 0 ? 0 : Math.round((count / this.attendees) * 10_000) / 10_000);
    const daily = [...this.days.values()].sort((a, b) => a.date.localeCompare(b.date)).map((day) => ({ ...day, revenue: roundMoney(day.revenue) }));
    const recentDays = dayRange(this.clock.today(), SPARKLINE_DAYS);
    return {
      totals: {
        orders: this.orders,
        attendees: this.attendees,
        revenue: roundMoney(this.revenue),
        cancelled: this.cancelled,
        cancelledShare: share(this.cancelled),
        checkedIn: this.checkedIn,
        checkedInShare: share(this.checkedIn),
      },
      daily,
      hourly: this.hours === null ? null : [...this.hours].sort(([a], [b]) => a.localeCompare(b)).map(([hour, orders]) => ({ hour, orders })),
      recent: {
        from: recentDays[0],
        to: recentDays[recentDays.length - 1],
        orders: recentDays.map((date) => this.days.get(date)?.orders ?? 0),
      },
      tickets: sortedDescending(this.tickets.values(), (item) => [item.attendees, item.ticket]).map((item) => ({ ...item, revenue: roundMoney(item.revenue) })),
      cities: sortedDescending(this.cities, ([city, orders]) => [orders, city]).map(([city, orders]) => ({ city, orders })),
      questions: [...this.questions]
        .sort(([a], [b]) => indexOrder(a, b))
        .map(([question, tally]) => ({
          question,
          answered: tally.answered,
          answers: tally.counts && sortedDescending(tally.counts, ([answer, count]) => [count, answer]).map(([answer, attendees]) => ({ answer, attendees })),
        })),
    };
  }
}
