// `boxoffice report EVENT_ID` (E10): tickets sold per ticket type, then the event's totals.
import type { Command } from 'commander';
import { verbAction, type CommandContext, type EventIdOptions, type RunVerb } from '../../framework/context.js';
import { summarised } from '../summaries.js';
import { withSession } from '../../../session/session.js';
import { withPermissionExplained, notYourEvent } from '../../../session/permission.js';
import { writeJson, writeRows } from '../../output/index.js';
import { formatMoney } from '../../../util/count.js';
import type { EventApi } from '../../../client/event-api.js';
import type { Report } from '../../../client/schemas/index.js';

/** What the report's two amounts are (`amount` and `platformFee`), in lines that fit 80 columns. */
const MONEY_NAMES =
  'ticket sales: what the tickets sold for after discounts, fees and tax excluded\n' + 'platform fee: what buyers paid the platform on top of the ticket price';

type ReportRow = Report['tickets'][number];

export function registerReport(program: Command, context: CommandContext, run: RunVerb<EventIdOptions> = runReport): void {
  summarised(program.command('report'))
    .argument('<EVENT_ID>', 'event id')
    .addHelpText('after', `\nExample:\n  boxoffice report 12\n  boxoffice report 12 --json | jq .amount\n\n${MONEY_NAMES}\n`)
    .action(verbAction(context, run, (eventId: string) => ({ eventId })));
}

export async function runReport(options: EventIdOptions, context: CommandContext): Promise<void> {
  await withSession(context, {}, async (session) => {
    const report = await withPermissionExplained(notYourEvent(options.eventId, 'read its report'), () =>
      session.client.events.getReport({ eventId: options.eventId }),
    );
    if (context.globals().json) return writeJson(context.deps.io, report);
    const totalSold = report.tickets.reduce((sum, line) => sum + Number(line.tickets), 0);
    const total: ReportRow = {
      ticketId: 'total',
      ticketName: '',
      tickets: totalSold,
      platformFee: report.platformFee,
      cancel: report.cancel,
      amount: report.amount,
    };
    const onTerminal = context.deps.io.stdoutIsTTY;
    if (totalSold === 0 && onTerminal) context.deps.io.stderr.write(`no tickets sold yet for event ${options.eventId}\n`);
    // People read amounts with their currency; scripts (piped) get the numbers as the API sent them.
    const currencies = onTerminal ? await ticketCurrencies(session.client.events, options.eventId) : new Map<string, string>();
    const shared = new Set(currencies.values());
    const currencyOf = (row: ReportRow): string | undefined =>
      row === total ? (shared.size === 1 ? [...shared][0] : undefined) : (currencies.get(row.ticketId) ?? currencies.get(row.ticketName));
    const money = (row: ReportRow, amount: number | string | undefined) => (onTerminal ? formatMoney(amount, currencyOf(row)) : amount);
    await writeRows<ReportRow>(
      context,
      [
        { header: 'ticket', value: (row) => row.ticketId },
        { header: 'name', value: (row) => row.ticketName, shrink: 14 },
        { header: 'sold', value: (row) => row.tickets, alignRight: true },
        { header: 'platform fee', value: (row) => money(row, row.platformFee), alignRight: true },
        { header: 'cancelled', value: (row) => row.cancel, alignRight: true, dropOrder: 1 },
        { header: 'ticket sales', value: (row) => money(row, row.amount), alignRight: true },
      ],
      [...report.tickets, total],
    );
    if (onTerminal) context.deps.io.stderr.write(`\n${MONEY_NAMES}\n`);
  });
}

/** Each ticket's currency (the report carries none); empty when the tickets cannot be read. */
async function ticketCurrencies(events: Pick<EventApi, 'getTickets'>, eventId: string): Promise<Map<string, string>> {
  try {
    const { tickets } = await events.getTickets({ eventId });
    // A report line names its ticket by numeric id, by code (the live service), or by name alone.
    return new Map(
      tickets.flatMap((ticket) =>
        [String(ticket.id), String(ticket.ticketId ?? ticket.id), ticket.typeName].map((key): [string, string] => [key, ticket.currency]),
      ),
    );
  } catch {
    return new Map();
  }
}
