// The arrivals as CSV (csvLine neutralises formulas, as in every CSV of boxoffice) or one JSON array.
import { openCheckinDatabase } from '../../../checkin/database.js';
import { arrivals, type Arrival } from '../../../checkin/door.js';
import { writeFileAtomically } from '../../../util/atomic-file.js';
import { csvLine } from '../../../util/csv.js';
import { countOf } from '../../../util/count.js';
import type { CommandContext } from '../../framework/context.js';
import { printOut } from '../../../session/deps.js';
import { writeJson } from '../../output/index.js';
import type { CheckinExportOptions } from './export.js';

const COLUMNS: readonly (keyof Arrival)[] = ['checkedInAt', 'door', 'name', 'email', 'ticketName', 'ticketNo', 'orderNo'];

function arrivalsText(rows: readonly Arrival[], format: CheckinExportOptions['format']): string {
  if (format === 'json') return `${JSON.stringify(rows, null, 2)}\n`;
  return csvLine(COLUMNS) + rows.map((row) => csvLine(COLUMNS.map((column) => row[column]))).join('');
}

export async function runCheckinExport(options: CheckinExportOptions, context: CommandContext): Promise<void> {
  const { io } = context.deps;
  const db = await openCheckinDatabase(options.db, options.eventId);
  const rows = await arrivals(db, options.eventId).finally(() => db.close());
  const text = arrivalsText(rows, options.format);
  if (options.output === undefined) {
    printOut(io, text);
    return;
  }
  await writeFileAtomically(options.output, text);
  if (context.globals().json) writeJson(io, { eventId: options.eventId, output: options.output, format: options.format, arrivals: rows.length });
  io.stderr.write(`wrote ${countOf(rows.length, 'arrival')} of event ${options.eventId} to ${options.output} (${options.format}, owner-only)\n`);
}
