// What the attendees sync tests share: the export and the destination read as maps from the
// stable key to the attendee's state, mutations of the sandbox while syncs run, and a receiver
// of forwarded changes that checks signatures and counts deliveries by their signed change id.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { openSqlite } from '../../src/util/sqlite.js';
import { insertOrder } from '../../src/sandbox/db/orders.js';
import type { TestSandbox } from '../helpers/sandbox.js';
import type { SandboxExtension } from '../../src/sandbox/context.js';
import type { E2e } from '../e2e/support/built-cli.js';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { FIXED_COLUMNS } from '../../src/export/flatten.js';
import { columnOf, isoOf, stateOfColumns } from '../../src/sync/columns.js';
import { openDestination, upsertRows } from '../../src/sync/destination.js';

// The export's fixed columns: the sync's rows are compared with a fresh export's.
const FIXED = FIXED_COLUMNS;

/** key → the attendee's columns, answers flattened in as `answer:LABEL` (empty answers left out). */
export type Snapshot = Map<string, Record<string, string>>;

function keyOf(row: Record<string, string>, index: number): string {
  return row.ticketNo.trim() === '' ? `${row.orderNo}#${index}` : `${row.orderNo}/${row.ticketNo}`;
}

/** A state from the change feed or the table (fixed columns + answers object) as a flat record. */
function flatState(state: Record<string, unknown>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const column of FIXED) flat[column] = String(state[column] ?? '');
  const answers = (state.answers ?? {}) as Record<string, string>;
  for (const [label, value] of Object.entries(answers)) if (value !== '') flat[`answer:${label}`] = value;
  return flat;
}

/** `attendees export --format ndjson` as a snapshot. */
export async function exportSnapshot(e2e: E2e, eventId: string, timeoutMs?: number): Promise<Snapshot> {
  const result = await e2e.run(['attendees', 'export', eventId, '--format', 'ndjson'], { env: { BOXOFFICE_TOKEN: e2e.sandbox.tokens.admin }, timeoutMs });
  if (result.code !== 0) throw new Error(`export failed: ${result.stderr}`);
  const snapshot: Snapshot = new Map();
  const perOrder = new Map<string, number>();
  for (const line of result.stdout.split('\n')) {
    if (line.trim() === '') continue;
    const row = JSON.parse(line) as Record<string, string>;
    const index = (perOrder.get(row.orderNo) ?? 0) + 1;
    perOrder.set(row.orderNo, index);
    const flat: Record<string, string> = {};
    for (const column of FIXED) flat[column] = row[column];
    for (const [name, value] of Object.entries(row)) if (!(FIXED as readonly string[]).includes(name) && value !== '') flat[`answer:${name}`] = value;
    snapshot.set(keyOf(row, index), flat);
  }
  return snapshot;
}

/** The rows of a SQLite destination that are in the list (not removed), as a snapshot. */
export function sqliteSnapshot(path: string, eventId: string): Snapshot {
  const db = openSqlite(path);
  try {
    const rows = db.prepare(`SELECT * FROM boxoffice_attendees WHERE event_id = ? AND removed_at IS NULL`).all(eventId) as Record<string, unknown>[];
    return new Map(rows.map((row) => [String(row.attendee_key), tableState(row)]));
  } finally {
    db.close();
  }
}

/** A table row as the attendee's state: its typed columns read back as the export's text (src/sync/columns.ts). */
export function tableState(row: Record<string, unknown>): Record<string, string> {
  return flatState(stateOfColumns(row) as unknown as Record<string, unknown>);
}

export interface FeedChange {
  id: string;
  type: string;
  attendeeKey: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** `snapshot` with the changes applied in order (what a consumer of the feed would hold). */
export function applyFeed(snapshot: Snapshot, changes: readonly FeedChange[]): Snapshot {
  const result: Snapshot = new Map(snapshot);
  for (const change of changes) {
    if (change.after === null) result.delete(change.attendeeKey);
    else result.set(change.attendeeKey, flatState(change.after));
  }
  return result;
}

const canonical = (state: Record<string, string>): string => JSON.stringify(Object.entries(state).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** The keys missing from or extra in `table`, and those whose state differs, at most `limit` (a large snapshot's quick comparison). */
export function snapshotDifferences(table: Snapshot, exported: Snapshot, limit = 10): string[] {
  const differences: string[] = [];
  for (const [key, state] of exported) {
    const row = table.get(key);
    if (row === undefined) differences.push(`missing ${key}`);
    else if (canonical(row) !== canonical(state)) differences.push(`different ${key}: ${canonical(row)} ≠ ${canonical(state)}`);
  }
  for (const key of table.keys()) if (!exported.has(key)) differences.push(`extra ${key}`);
  return differences.slice(0, limit);
}

export function sortedEntries(snapshot: Snapshot): [string, Record<string, string>][] {
  return [...snapshot].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** What the sandbox's tool endpoints answer (behind the sandbox secret). */
export async function tool(sandbox: TestSandbox, endpoint: string, fields: Record<string, string>): Promise<Record<string, unknown>> {
  const response = await fetch(`${sandbox.url}${endpoint}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { authorization: `Bearer ${sandbox.secret}` },
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (body.status !== 'success') throw new Error(`${endpoint}: ${JSON.stringify(body)}`);
  return body;
}

/** Places `count` confirmed orders of 1–2 attendees with answers in the event, purchased now. */
export function placeOrders(sandbox: TestSandbox, eventId: string, count: number, tag: string): string[] {
  const ticket = sandbox.db.prepare(`SELECT id FROM tickets WHERE event_id = ? ORDER BY id LIMIT 1`).get(Number(eventId)) as { id: number };
  const orderNos: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const quantity = 1 + (index % 2);
    const placed = insertOrder(sandbox.db, {
      eventId: Number(eventId),
      buyer: { name: `Buyer ${tag}-${index}`, email: `buyer.${tag}.${index}@example.test` },
      lines: [{ ticketId: ticket.id, quantity, unitPrice: 500 }],
      attendees: Array.from({ length: quantity }, (_, seat) => ({
        ticketId: ticket.id,
        name: `Guest ${tag}-${index}-${seat}`,
        email: `guest.${tag}.${index}.${seat}@example.test`,
        answers: [
          { label: 'Company', value: `Company ${tag}` },
          { label: 'T-shirt size', value: 'M' },
        ],
      })),
      createdAt: new Date(),
    });
    orderNos.push(placed.orderNo);
  }
  return orderNos;
}

/** Order numbers and ticket numbers of the event's attendee list (to pick from for changes). */
export function listedTickets(sandbox: TestSandbox, eventId: string): { orderNo: string; ticketNo: string; status: string }[] {
  return sandbox.db
    .prepare(
      `SELECT o.order_no AS orderNo, a.ticket_no AS ticketNo, a.status AS status FROM orders o JOIN attendees a ON a.order_id = o.id
       WHERE o.event_id = ? AND o.event_position IS NOT NULL ORDER BY o.event_position, a.attendee_index`,
    )
    .all(Number(eventId)) as { orderNo: string; ticketNo: string; status: string }[];
}

export interface Receiver {
  url: string;
  /** Every delivery received, in order, duplicates included. */
  received: FeedChange[];
  /** Distinct changes by their signed id, in first-received order. */
  distinct(): FeedChange[];
  /** Deliveries refused for a bad signature. */
  badSignatures: number;
  /** Called on each delivery before it is answered; return false to leave it unanswered (the connection is destroyed). */
  onDelivery?: (change: FeedChange, count: number) => boolean;
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A receiver of --forward-to that verifies the signature and de-duplicates on the signed change id. */
export async function startReceiver(secret: () => string): Promise<Receiver> {
  const receiver: Receiver = {
    url: '',
    received: [],
    badSignatures: 0,
    distinct: () => {
      const seen = new Map<string, FeedChange>();
      for (const change of receiver.received) if (!seen.has(change.id)) seen.set(change.id, change);
      return [...seen.values()];
    },
    close: async () => undefined,
  };
  const server: Server = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      const signature = String(request.headers['boxoffice-signature'] ?? '');
      const changeId = verifiedChangeId(secret(), signature, body, Math.floor(Date.now() / 1000));
      if (changeId === undefined) {
        receiver.badSignatures += 1;
        response.writeHead(400).end();
        return;
      }
      const change = JSON.parse(body) as FeedChange;
      if (changeId !== change.id) {
        response.writeHead(400).end();
        return;
      }
      receiver.received.push(change);
      if (receiver.onDelivery && !receiver.onDelivery(change, receiver.received.length)) {
        request.socket.destroy();
        return;
      }
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  receiver.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}

/** A sandbox extension counting the attendee-list requests the sandbox answers. */
export function readCounter(): { extension: SandboxExtension; count(): number } {
  let reads = 0;
  return {
    extension: {
      name: 'count-attendee-list-reads',
      middleware: (app) => {
        app.use('/api/e/attendee-list', async (_c, next) => {
          reads += 1;
          await next();
        });
      },
    },
    count: () => reads,
  };
}

/** boxoffice_attendees as schema versions 1 to 3 made it (the release before typed columns): every column text. */
const TEXT_ATTENDEES = `CREATE TABLE boxoffice_attendees (
  event_id TEXT NOT NULL,
  attendee_key TEXT NOT NULL,
${FIXED.map((column) => `  ${columnOf(column)} TEXT NOT NULL,`).join('\n')}
  answers TEXT NOT NULL,
  cancelled INTEGER NOT NULL,
  removed_at TEXT,
  first_seen TEXT NOT NULL,
  last_changed TEXT NOT NULL,
  seen_pass BIGINT NOT NULL,
  PRIMARY KEY (event_id, attendee_key)
)`;

/**
 * Turns a synced destination into what the release before typed columns left (schema version 3):
 * the same rows written as that release wrote them (the export's text, the answers as JSON
 * text, ISO 8601 times), no view; outbox, cursors and state as they are.
 */
export async function toTextSchema(destination: string): Promise<void> {
  const db = await openDestination(destination);
  try {
    await db.transaction(async () => {
      for (const statement of [
        'DROP VIEW boxoffice_attendees_coming',
        'ALTER TABLE boxoffice_attendees RENAME TO typed_attendees',
        'DROP INDEX boxoffice_attendees_order',
        TEXT_ATTENDEES,
        'CREATE INDEX boxoffice_attendees_order ON boxoffice_attendees (event_id, order_no)',
      ]) {
        await db.run(statement);
      }
      for (const row of await db.all<Record<string, unknown>>('SELECT * FROM typed_attendees')) {
        const { answers, ...fixed } = stateOfColumns(row);
        const bookkeeping = {
          cancelled: row.cancelled === true || Number(row.cancelled) === 1 ? 1 : 0,
          removed_at: isoOf(row.removed_at),
          first_seen: isoOf(row.first_seen),
          last_changed: isoOf(row.last_changed),
          seen_pass: Number(row.seen_pass),
        };
        const text = Object.fromEntries(Object.entries(fixed).map(([column, value]) => [columnOf(column), value]));
        await upsertRows(
          db,
          'boxoffice_attendees',
          [],
          [{ event_id: String(row.event_id), attendee_key: String(row.attendee_key), ...text, answers: JSON.stringify(answers), ...bookkeeping }],
        );
      }
      await db.run('DROP TABLE typed_attendees');
      await db.run(`UPDATE boxoffice_sync_meta SET value = '3' WHERE name = 'schema_version'`);
    });
  } finally {
    await db.close();
  }
}

/** The change id that `header` signs with `body` and `secret`, as a receiver checks it (docs/sync.md "A receiver"); undefined when the signature does not hold or is over 300 s old. */
function verifiedChangeId(secret: string, header: string, body: string, nowSeconds: number): string | undefined {
  const parts = new Map(header.split(',').map((part) => [part.slice(0, part.indexOf('=')).trim(), part.slice(part.indexOf('=') + 1).trim()] as const));
  const timestamp = Number(parts.get('t'));
  const changeId = parts.get('id') ?? '';
  if (!Number.isInteger(timestamp) || changeId === '' || Math.abs(nowSeconds - timestamp) > 300) return undefined;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${changeId}.${body}`).digest('hex'));
  const given = Buffer.from(parts.get('v1') ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected) ? changeId : undefined;
}
