// The built CLI against a default and a --quirks sandbox (docs/live-service.md): the buyer
// commands reach the Publisher API under the `/api` prefix an integration platform documents, and
// a ticket's capacity reads the same whether get-tickets' `quantity` is the total (default) or
// what is left as tickets sell (--quirks, as on the live service): `ticket list`, the read-back
// of `ticket update` and the sell-through of the MCP server's sales_insights.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2e } from '../e2e/support/built-cli.js';
import { eventFlags } from '../cli/support/harness.js';
import { connectMcp, unfenced } from '../mcp/support.js';

describe.each([
  ['default', false],
  ['--quirks', true],
] as const)('the built CLI against the %s sandbox', (_mode, quirks) => {
  let e2e: E2e;
  let eventId: string;
  let ticketId: string;
  beforeAll(async () => {
    e2e = await startE2e({ quirks });
    const created = await e2e.run(['event', 'create', ...eventFlags()]);
    expect(created.stderr).toBe('');
    eventId = created.stdout.trim();
    const ticket = await e2e.run([
      'ticket',
      'add',
      eventId,
      '--ticket-name',
      'General',
      '--price',
      '100',
      '--currency',
      'INR',
      '--quantity',
      '20',
      '--status',
      'active',
      '--service-fee',
      '1',
      '--allow-cancellation',
      'true',
    ]);
    expect(ticket.stderr).toBe('');
    ticketId = ticket.stdout.trim();
  }, 60_000);
  afterAll(() => e2e.close());

  /** The `quantity` column of `ticket list` (after the numeric id column the code form brings). */
  async function listedQuantity(): Promise<string> {
    const list = await e2e.run(['ticket', 'list', eventId]);
    expect(list.stderr).toBe('');
    return list.stdout.trim().split('\t')[quirks ? 5 : 4];
  }

  it('places an order through the Publisher API under /api (BOXOFFICE_PUBLISHER_URL ending in /api)', async () => {
    const order = await e2e.run(['--json', 'order', 'place', eventId, '--ticket', `${ticketId}:2`, '--fake'], {
      env: { BOXOFFICE_PUBLISHER_URL: `${e2e.sandbox.url}/api` },
    });
    expect(order.code, order.stderr).toBe(0);
    expect(JSON.parse(order.stdout)).toMatchObject({ confirmOrder: { orderStatus: 'confirm' } });
  }, 60_000);

  it('shows the 20 on sale in ticket list, 2 of them sold', async () => {
    const read = JSON.parse((await e2e.run(['--json', 'ticket', 'list', eventId])).stdout) as { tickets: { quantity: unknown; initialQuantity: unknown }[] };
    // As sent, in either mode: what is left, and the number on sale beside it.
    expect([Number(read.tickets[0].quantity), Number(read.tickets[0].initialQuantity)]).toEqual([18, 20]);
    expect(await listedQuantity()).toBe('20');
  }, 60_000);

  it('ticket update without --quantity sends back the 20 on sale, not what is left', async () => {
    const updated = await e2e.run(['ticket', 'update', eventId, ticketId, '--max-quantity', '8']);
    expect(updated.code, updated.stderr).toBe(0);
    const read = JSON.parse((await e2e.run(['--json', 'ticket', 'list', eventId])).stdout) as { tickets: Record<string, unknown>[] };
    expect([Number(read.tickets[0].initialQuantity), Number(read.tickets[0].maxQuantity)]).toEqual([20, 8]);
    expect(await listedQuantity()).toBe('20');
  }, 60_000);

  it('sales_insights gives the sell-through of the 20 on sale', async () => {
    const mcp = await connectMcp(e2e, ['mcp']);
    try {
      const result = await mcp.call('sales_insights', { eventId });
      expect(result.isError, result.text).toBe(false);
      expect((unfenced(result.data) as { sellThrough: unknown }).sellThrough).toEqual({
        tickets: [{ ticketId: expect.any(String), ticket: 'General', sold: 2, onSale: 20, share: 0.1 }],
        total: { sold: 2, onSale: 20, share: 0.1 },
      });
    } finally {
      await mcp.close();
    }
  }, 60_000);
});
