// Runs `boxoffice insights` once its flags are checked. An export file (--from) is read here with
// nothing else loaded; a read of the service (and --watch) is in ./live-run.ts.
import { basename } from 'node:path';
import { machineTimezone } from '../../../insights/dates.js';
import { FiguresAccumulator } from '../../../insights/figures.js';
import { withSmallHeap } from '../../../util/heap.js';
import { figuresClock } from '../../../insights/clock.js';
import { readExportRows } from '../../../insights/read-export.js';
import type { InsightsReport } from '../../../insights/report.js';
import type { CommandContext } from '../../context.js';
import type { InsightsOptions } from './shared.js';
import { showReport } from './show.js';
import { runLiveInsights } from './live-run.js';
import { confirmReplace } from '../../replace-file.js';

async function fromFile(options: InsightsOptions & { from: NonNullable<InsightsOptions['from']> }, context: CommandContext): Promise<void> {
  const { deps } = context;
  const timezone = options.timezone ?? machineTimezone();
  const now = deps.clock.now();
  const figures = new FiguresAccumulator(figuresClock(timezone, undefined, () => now.getTime()));
  for await (const row of readExportRows(options.from.path, options.from.format, deps.signal)) figures.add(row);
  const report: InsightsReport = {
    eventId: options.eventId ?? null,
    title: options.eventId === undefined ? basename(options.from.path) : `Event ${options.eventId}`,
    currency: options.currency ?? null,
    timezone,
    generatedAt: now.toISOString(),
    source: { kind: 'file', file: options.from.path },
    figures: figures.figures(),
    sales: null,
  };
  await showReport(report, options, context, null);
}

export async function runInsights(options: InsightsOptions, context: CommandContext): Promise<void> {
  // Asked before anything is read: a read of the service costs its quota.
  if (options.output !== undefined && options.destination === 'file' && !options.force) {
    await confirmReplace(options.output, context, 'nothing read');
  }
  const from = options.from;
  return withSmallHeap(() =>
    from !== undefined ? fromFile({ ...options, from }, context) : runLiveInsights({ ...options, eventId: options.eventId as string }, context),
  );
}
