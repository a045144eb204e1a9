// `sandbox cancel-order|cancel-attendee|answer|remove-order` as users run them (the built CLI as a
// process, a real sandbox seeded with orders): what the attendee list then shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2e } from '../../../e2e/support/built-cli.js';
import { exportSnapshot, listedTickets, tool } from '../../../sync/support.js';
import { registerSandboxAttendeeTools } from '../../../../src/cli/commands/sandbox/attendee-tools.js';
import { parseVerb } from '../../support/verb.js';

let e2e: E2e;
let eventId: string;
beforeAll(async () => {
  e2e = await startE2e();
  eventId = String(((await tool(e2e.sandbox, '/sandbox/seed', { orders: '30' })).eventIds as string[])[0]);
});
afterAll(async () => e2e?.close());

describe('sandbox attendee tools', { timeout: 120_000 }, () => {
  it('cancels an order and an attendee, sets an answer and removes an order, as the attendee list then shows', async () => {
    const [first, second, third] = [...new Map(listedTickets(e2e.sandbox, eventId).map((ticket) => [ticket.orderNo, ticket])).values()].slice(-3);
    const env = { BOXOFFICE_SANDBOX_SECRET: e2e.sandbox.secret };
    const cancelOrder = await e2e.run(['sandbox', 'cancel-order', first.orderNo], { env });
    expect(cancelOrder.code, cancelOrder.stderr).toBe(0);
    expect(cancelOrder.stderr).toMatch(new RegExp(`^cancelled \\d attendee\\(s\\) of order ${first.orderNo}\\n$`));
    const answer = await e2e.run(['sandbox', 'answer', second.ticketNo, 'T-shirt size', 'XXL'], { env });
    expect(answer.stderr).toBe(`${second.ticketNo}: T-shirt size = XXL\n`);
    const cancelAttendee = await e2e.run(['sandbox', 'cancel-attendee', second.ticketNo], { env });
    expect(cancelAttendee.code, cancelAttendee.stderr).toBe(0);
    const remove = await e2e.run(['--json', 'sandbox', 'remove-order', third.orderNo], { env });
    expect(JSON.parse(remove.stdout)).toEqual({ status: 'success', orderNo: third.orderNo, removed: 1 });
    const listed = await exportSnapshot(e2e, eventId);
    const rows = [...listed.values()];
    expect(rows.filter((row) => row.orderNo === first.orderNo).every((row) => row.attendeeStatus === 'cancelled')).toBe(true);
    expect(rows.find((row) => row.ticketNo === second.ticketNo)).toMatchObject({ attendeeStatus: 'cancelled', 'answer:T-shirt size': 'XXL' });
    expect(rows.some((row) => row.orderNo === third.orderNo)).toBe(false);
  });

  it('names an order that does not exist', async () => {
    const result = await e2e.run(['sandbox', 'cancel-order', 'NOPE-1'], { env: { BOXOFFICE_SANDBOX_SECRET: e2e.sandbox.secret } });
    expect(result.stderr).toBe('error E002: no order NOPE-1 in an attendee list\n');
    expect(result.code).toBe(2);
  });

  it('refuses without the sandbox secret', async () => {
    const result = await e2e.run(['sandbox', 'answer', 'X-1', 'Company', 'Y'], { env: { BOXOFFICE_SANDBOX_SECRET: 'sbx_wrong_secret_value_123456' } });
    expect(result.stderr).toContain('refused the sandbox secret');
    expect(result.code).toBe(3);
  });
});

describe('sandbox attendee tools: flags → options', () => {
  const verb = { parent: ['sandbox'], names: ['cancel-order', 'cancel-attendee', 'answer', 'remove-order'], register: registerSandboxAttendeeTools };

  it('gives each verb its form fields from the arguments, and the sandbox address', async () => {
    const answer = await parseVerb(verb, ['sandbox', 'answer', 'TK-1', 'T-shirt size', 'XXL', '--url', 'http://127.0.0.1:5000']);
    expect(answer.code, answer.stderr).toBe(0);
    expect(answer.runs).toEqual([{ verb: 'answer', fields: { ticketNo: 'TK-1', label: 'T-shirt size', value: 'XXL' }, url: 'http://127.0.0.1:5000' }]);
    const cancel = await parseVerb(verb, ['sandbox', 'cancel-order', 'SBX1']);
    expect(cancel.runs).toEqual([{ verb: 'cancel-order', fields: { orderNo: 'SBX1' }, url: 'http://127.0.0.1:4010' }]);
  });

  it.each([
    [['sandbox', 'cancel-order'], 'ORDER_NO'],
    [['sandbox', 'remove-order', 'SBX1', '--url', 'mailto:x'], '--url'],
  ])('refuses %j with exit 2, naming %s, before running', async (argv, named) => {
    const parsed = await parseVerb(verb, argv);
    expect(parsed).toMatchObject({ code: 2, runs: [] });
    expect(parsed.stderr).toContain(named);
  });
});
