// The field tables as the built CLI uses them, run as a process against a sandbox: what `apply`
// sends is kept in the one store the update verbs read (the service never returns a ticket's
// serviceFee or a discount), and a request field the client's schema refuses is named by its flag.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startE2e, type E2e } from './support/built-cli.js';

let e2e: E2e;
let eventId: string;
let tickets: Record<string, string>;
let discounts: Record<string, string>;

beforeAll(async () => {
  e2e = await startE2e();
  const state = join(e2e.dir, 'conference.state.json');
  const file = join(ROOT, 'test/apply/fixtures/conference.yaml');
  const applied = await e2e.run(['apply', file, '--state', state, '--yes'], { env: { TEST_EVENT_URL: 'field-table' } });
  expect(applied.stderr).not.toMatch(/^error/m);
  expect(applied.code).toBe(0);
  const written = JSON.parse(await readFile(state, 'utf8')) as {
    event: { id: string };
    tickets: Record<string, { id: string }>;
    discounts: Record<string, { id: string }>;
  };
  eventId = written.event.id;
  tickets = Object.fromEntries(Object.entries(written.tickets).map(([key, ticket]) => [key, ticket.id]));
  discounts = Object.fromEntries(Object.entries(written.discounts).map(([key, discount]) => [key, discount.id]));
}, 120_000);

afterAll(async () => e2e?.close());

describe('the field tables in the built CLI', () => {
  it('ticket update and discount update after apply: what apply sent is known, no flag for it needed', async () => {
    const ticket = await e2e.run(['--no-input', 'ticket', 'update', eventId, tickets.general, '--price', '2700']);
    expect(ticket.stderr).toBe('');
    expect(ticket.code).toBe(0);
    const row = e2e.sandbox.db.prepare('SELECT price, service_fee FROM tickets WHERE id = ?').get(Number(tickets.general)) as Record<string, unknown>;
    expect(row).toMatchObject({ price: 2700, service_fee: 3 });

    const discount = await e2e.run(['--no-input', 'discount', 'update', eventId, discounts['launch-code'], '--discount', '25']);
    expect(discount.stderr).toBe('');
    expect(discount.code).toBe(0);
  }, 60_000);

  it('a field the client refuses is named by its flag, and the update is not sent', async () => {
    const before = e2e.sandbox.db.prepare('SELECT min_quantity, max_quantity FROM tickets WHERE id = ?').get(Number(tickets.general));
    const result = await e2e.run(['--no-input', 'ticket', 'update', eventId, tickets.general, '--min-quantity', '5', '--max-quantity', '2']);
    expect(result).toMatchObject({ code: 2, stdout: '', stderr: 'error: --max-quantity: must not be less than minQuantity\n' });
    expect(e2e.sandbox.db.prepare('SELECT min_quantity, max_quantity FROM tickets WHERE id = ?').get(Number(tickets.general))).toEqual(before);
  }, 60_000);
});
