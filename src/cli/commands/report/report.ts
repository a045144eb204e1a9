// `boxoffice report EVENT_ID` (E10): tickets sold per ticket type, then the event's totals.
import type { Command } from 'commander';
import type { CommandContext } from '../../context.js';
import { summaryOf } from '../summaries.js';
import { withSession } from '../../session.js';
import { withPermissionExplained, notYourEvent } from '../../permission.js';
import { writeJson, writeRows } from '../../output/index.js';

export interface ReportOptions {
  eventId: string;
}

interface ReportRow {
  ticketId: string;
  ticketName: string;
  sold: number | string;
  platformFee?: number | string;
  cancel?: number | string;
  amount?: number | string;
}

export function registerReport(program: Command, context: CommandContext): void {
  program
    .command('report')
    .description(summaryOf('report'))
    .argument('<EVENT_ID>', 'event id')
    .addHelpText('after', '\nExample:\n  boxoffice report 12\n  boxoffice report 12 --json | jq .amount')
    .action(async (eventId: string) => {
      await runReport({ eventId }, context);
    });
}

export async function runReport(options: ReportOptions, context: CommandContext): Promise<void> {
  await withSession(context, {}, async (session) => {
    const report = await withPermissionExplained(notYourEvent(options.eventId, 'read its report'), () =>
      session.client.events.getReport({ eventId: options.eventId }),
    );
    if (context.globals().json) return writeJson(context.deps.io, report);
    const lines: ReportRow[] = report.tickets.map((line) => ({
      ticketId: line.ticketId,
      ticketName: line.ticketName,
      sold: line.tickets,
      platformFee: line.platformFee,
      cancel: line.cancel,
      amount: line.amount,
    }));
    const totalSold = report.tickets.reduce((sum, line) => sum + Number(line.tickets), 0);
    const total: ReportRow = {
      ticketId: 'total',
      ticketName: '',
      sold: totalSold,
      platformFee: report.platformFee,
      cancel: report.cancel,
      amount: report.amount,
    };
    if (totalSold === 0 && context.deps.io.stdoutIsTTY) {
      context.deps.io.stderr.write(`no tickets sold yet for event ${options.eventId}\n`);
    }
    await writeRows<ReportRow>(context.deps, [
      { header: 'ticket', value: (row) => row.ticketId },
      { header: 'name', value: (row) => row.ticketName },
      { header: 'sold', value: (row) => row.sold, alignRight: true },
      { header: 'platform fee', value: (row) => row.platformFee, alignRight: true },
      { header: 'cancelled', value: (row) => row.cancel, alignRight: true },
      { header: 'amount', value: (row) => row.amount, alignRight: true },
    ], [...lines, total]);
  });
}
