// Reads for the Publisher API (P4–P6 and the cart): events as buyers see them, their tickets, discounts.
import type * as z from 'zod';
import type { eventSearchRequest } from '../../client/schemas/index.js';
import type { SandboxDatabase } from '../db/index.js';
import type { DiscountRow, EventRow, TicketRow } from '../db/events.js';

/** Tickets a buyer can see: deleted and cancelled ones are hidden. */
export function visibleTickets(db: SandboxDatabase, eventId: number): TicketRow[] {
  return db.prepare(`SELECT * FROM tickets WHERE event_id = ? AND status IN ('active', 'published', 'pause') ORDER BY id`).all(eventId) as TicketRow[];
}

export function discountsOfEvent(db: SandboxDatabase, eventId: number): DiscountRow[] {
  return db.prepare(`SELECT * FROM discounts WHERE event_id = ? ORDER BY id`).all(eventId) as DiscountRow[];
}

export type EventSearch = z.output<typeof eventSearchRequest>;

const SEARCH_PAGE_SIZE = 20;

export interface SearchRow extends EventRow {
  min_price: number;
  currency: string | null;
}

/** SQL conditions joined by AND, with the values their placeholders bind in order. */
class Conditions {
  readonly params: (string | number)[] = [];
  constructor(readonly clauses: string[] = []) {}

  add(clause: string, ...params: (string | number)[]): void {
    this.clauses.push(clause);
    this.params.push(...params);
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * P4: public, published events matching every filter given, SEARCH_PAGE_SIZE a page.
 * minPrice is the lowest price among the event's buyable tickets (0 without any).
 */
export function searchEvents(db: SandboxDatabase, search: EventSearch): SearchRow[] {
  const where = new Conditions([`e.status = 'published'`, `e.event_type = 'public'`]);
  const keyword = search.keyword?.trim();
  if (keyword) where.add(`(e.title LIKE ? ESCAPE '\\' OR e.about LIKE ? ESCAPE '\\')`, `%${escapeLike(keyword)}%`, `%${escapeLike(keyword)}%`);
  if (search.city?.trim()) where.add(`e.city = ? COLLATE NOCASE`, search.city.trim());
  if (search.category?.trim()) where.add(`e.category = ? COLLATE NOCASE`, search.category.trim());
  if (search.fromDate) where.add(`e.end_date >= ?`, search.fromDate);
  if (search.toDate) where.add(`e.start_date <= ?`, search.toDate);
  const topics = (search.topics ?? '')
    .split(',')
    .map((topic) => topic.trim().toLowerCase())
    .filter(Boolean);
  if (topics.length > 0) {
    const oneTopic = `(',' || REPLACE(LOWER(COALESCE(e.topics, '')), ' ', '') || ',') LIKE ? ESCAPE '\\'`;
    where.add(`(${topics.map(() => oneTopic).join(' OR ')})`, ...topics.map((topic) => `%,${escapeLike(topic.replace(/ /g, ''))},%`));
  }
  const having = new Conditions();
  if (search.price === 'free') having.add('min_price = 0');
  if (search.price === 'paid') having.add('min_price > 0');
  if (search.fromPrice !== undefined) having.add('min_price >= ?', search.fromPrice);
  if (search.toPrice !== undefined) having.add('min_price <= ?', search.toPrice);
  const order =
    search.sortBy === 'popularity'
      ? 'e.confirmed_orders DESC, e.start_date, e.id'
      : search.sortBy === 'latest'
        ? 'e.created_on DESC, e.id DESC'
        : 'e.start_date, e.start_time, e.id';
  const page = Math.max(1, search.page ?? 1);
  const sql = `
    SELECT * FROM (
      SELECT e.*,
        COALESCE((SELECT MIN(COALESCE(t.price, 0)) FROM tickets t
                  WHERE t.event_id = e.id AND t.status IN ('active', 'published')), 0) AS min_price,
        (SELECT t.currency FROM tickets t WHERE t.event_id = e.id ORDER BY t.id LIMIT 1) AS currency
      FROM events e
      WHERE ${where.clauses.join(' AND ')}
    ) e
    ${having.clauses.length ? `WHERE ${having.clauses.join(' AND ')}` : ''}
    ORDER BY ${order}
    LIMIT ? OFFSET ?`;
  return db.prepare(sql).all(...where.params, ...having.params, SEARCH_PAGE_SIZE, (page - 1) * SEARCH_PAGE_SIZE) as SearchRow[];
}

/** Categories that have at least one published event of the given visibility and type (P1 filters). */
export function categoriesWithEvents(db: SandboxDatabase, filter: { eventType?: string; type?: string }): Set<string> {
  const where = new Conditions([`status = 'published'`]);
  if (filter.eventType) where.add('event_type = ?', filter.eventType);
  if (filter.type) where.add('type = ?', filter.type);
  const rows = db.prepare(`SELECT DISTINCT category FROM events WHERE ${where.clauses.join(' AND ')}`).all(...where.params) as { category: string }[];
  return new Set(rows.map((row) => row.category));
}
