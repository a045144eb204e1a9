// `boxoffice attendees sync` on a large event (the built CLI as a child process, a SQLite
// destination): the reads a run after 10 new orders spends, counted by the sandbox itself, in
// both list orders; a full reconciliation's reads beside the export's; time and peak memory of
// the first (full) sync at 100,000 orders against 10,000 (quick: 10,000 against 1,000).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AttendeeListOrder, SandboxExtension } from '../src/sandbox/context.js';
import { insertOrder } from '../src/sandbox/db/orders.js';
import { defaultExtensions } from '../src/sandbox/app.js';
import { seedData } from '../src/sandbox/seed.js';
import { startSandbox } from '../src/sandbox/server.js';
import { measureNode, sandboxCliEnv, snapshotCli, type Measurement } from './export.js';
import { round } from './stats.js';
import type { BenchModule, Figure } from './types.js';

const NEW_ORDERS = 10;

function readCounter(): { extension: SandboxExtension; count(): number } {
  let reads = 0;
  return {
    extension: {
      name: 'bench-count-reads',
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

export const syncBench: BenchModule = async (options) => {
  const { log } = options;
  const sizes = options.smoke ? { large: 400, small: 100 } : options.quick ? { large: 10_000, small: 1_000 } : { large: 100_000, small: 10_000 };
  const largeLabel = sizes.large.toLocaleString('en');
  const smallLabel = sizes.small.toLocaleString('en');
  const figures: Figure[] = [];
  const scratch = mkdtempSync(join(tmpdir(), 'boxoffice-sync-bench-'));
  try {
    const cli = snapshotCli(scratch);
    for (const listOrder of ['oldest-first', 'newest-first'] as AttendeeListOrder[]) {
      const counter = readCounter();
      const sandbox = await startSandbox({
        port: 0,
        host: '127.0.0.1',
        dbPath: join(scratch, `sandbox-${listOrder}.db`),
        listOrder,
        extensions: [...defaultExtensions(), counter.extension],
      });
      try {
        const env = sandboxCliEnv(scratch, sandbox);
        const sizesHere =
          listOrder === 'oldest-first'
            ? ([
                ['large', sizes.large],
                ['small', sizes.small],
              ] as const)
            : ([['large', sizes.large]] as const);
        const full: Record<string, Measurement> = {};
        const exported: Record<string, Measurement> = {};
        for (const [label, orders] of sizesHere) {
          const [eventId] = seedData(sandbox.handle.context, { events: 1, orders }).eventIds;
          const database = join(scratch, `${listOrder}-${label}.db`);
          const sync = () => measureNode([cli, 'attendees', 'sync', eventId, '--to', database], env, scratch);
          let before = counter.count();
          full[label] = await sync();
          const fullReads = counter.count() - before;
          before = counter.count();
          exported[label] = await measureNode(
            [cli, 'attendees', 'export', eventId, '-o', join(scratch, `${listOrder}-${label}.csv`), '--prefetch', '0'],
            env,
            scratch,
          );
          const exportReads = counter.count() - before;
          log(
            `sync (${listOrder}): first sync of ${orders.toLocaleString('en')} orders: ${fullReads} reads, ${Math.round(full[label].wallMs)} ms, ` +
              `${Math.round(full[label].peakRssMb)} MB (export: ${exportReads} reads, ${Math.round(exported[label].peakRssMb)} MB)`,
          );
          if (label !== 'large') continue;
          const ticket = sandbox.db.prepare(`SELECT id FROM tickets WHERE event_id = ? ORDER BY id LIMIT 1`).get(Number(eventId)) as { id: number };
          for (let index = 0; index < NEW_ORDERS; index += 1) {
            insertOrder(sandbox.db, {
              eventId: Number(eventId),
              buyer: { name: `New ${index}`, email: `new.${index}@example.test` },
              lines: [{ ticketId: ticket.id, quantity: 1, unitPrice: 500 }],
              createdAt: new Date(),
            });
          }
          before = counter.count();
          const incremental = await sync();
          const incrementalReads = counter.count() - before;
          log(`sync (${listOrder}): ${NEW_ORDERS} new orders: ${incrementalReads} reads, ${Math.round(incremental.wallMs)} ms`);
          figures.push(
            {
              name: `sync after ${NEW_ORDERS} new orders, ${largeLabel}-order event, list ${listOrder}: reads`,
              value: incrementalReads,
              unit: 'reads',
              target: '≤ 2 reads',
              note: `${Math.round(incremental.wallMs)} ms`,
            },
            {
              name: `first (full) sync, ${largeLabel} orders, list ${listOrder}: reads vs the export's`,
              value: fullReads,
              unit: 'reads',
              ratio: round(fullReads / exportReads),
              target: '≤ 1.0x',
              note: `export: ${exportReads} reads; ${round(full[label].wallMs / 1000)} s`,
            },
          );
        }
        if (full.small && exported.small) {
          // Flat as the export's: the sync's growth from the small event to the large one is
          // compared with the export's growth between the same events.
          const syncGrowth = full.large.peakRssMb / full.small.peakRssMb;
          const exportGrowth = exported.large.peakRssMb / exported.small.peakRssMb;
          figures.push(
            {
              name: `first (full) sync, peak RSS at ${largeLabel} orders, vs the export's`,
              value: round(full.large.peakRssMb, 1),
              unit: 'MB',
              ratio: round(full.large.peakRssMb / exported.large.peakRssMb),
              ...(options.smoke ? {} : { target: '≤ 1.15x' }),
              note: `export: ${round(exported.large.peakRssMb, 1)} MB`,
            },
            {
              name: `first (full) sync, peak RSS growth ${smallLabel} → ${largeLabel} orders, vs the export's growth`,
              value: round(syncGrowth, 2),
              unit: '×',
              ratio: round(syncGrowth / exportGrowth),
              ...(options.smoke ? {} : { target: '≤ 1.1x' }),
              note: `sync ${round(full.small.peakRssMb, 1)} → ${round(full.large.peakRssMb, 1)} MB; export ${round(exported.small.peakRssMb, 1)} → ${round(exported.large.peakRssMb, 1)} MB`,
            },
          );
        }
      } finally {
        await sandbox.close();
      }
    }
    const scope = options.quick ? '; quick sizes' : '';
    return { section: `Attendee sync into SQLite (the built CLI as a child process, reads counted by the sandbox${scope})`, figures };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
};
