// The CPU of a first `attendees sync` against its floor: the CPU (user + system, GNU time) of the
// built CLI syncing an event of a few thousand attendees into a new destination, divided by the
// CPU of `attendees export` of the same event plus a bulk load of the export's rows into the same
// database (SQLite: `sqlite3 .import --csv`; PostgreSQL: `psql \copy`). Both sides read the
// same sandbox one batch at a time; the client's CPU is measured, not the sandbox's or the
// PostgreSQL server's. Target ≤ 2x (issue #44's "Writes by the batch").
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultExtensions } from '../src/sandbox/app.js';
import { seedData } from '../src/sandbox/seed.js';
import { startSandbox } from '../src/sandbox/server.js';
import { startTestPostgres } from '../test/helpers/postgres.js';
import { measureNode, sandboxCliEnv, snapshotCli, type Measurement } from './export.js';
import { median, round, spread } from './stats.js';
import type { BenchModule, Figure } from './types.js';

const TIME = '/usr/bin/time';

/** A program the floor needs, found on PATH (.ci/run installs sqlite3, psql with postgresql, and GNU time). */
function required(program: string): string {
  try {
    return execFileSync('sh', ['-c', `command -v ${program}`], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(`the sync CPU benchmark needs ${program} on PATH (apt-get install ${program === 'psql' ? 'postgresql-client' : program})`);
  }
}

/** The CSV's header as a table of text columns, for psql's \copy into it. */
function createTableFor(csv: string, table: string): string {
  const header = readFileSync(csv, 'utf8').split('\n', 1)[0];
  const columns = header.split(',').map((name) => `"${name.replace(/^"|"$/g, '').replace(/"/g, '""')}" text`);
  return `CREATE TABLE ${table} (${columns.join(', ')})`;
}

interface Side {
  sync: Measurement[];
  floor: { export: Measurement; load: Measurement }[];
}

function figureOf(destination: string, attendees: number, side: Side, smoke: boolean): Figure {
  const syncCpu = median(side.sync.map((run) => run.cpuMs));
  const floorCpu = median(side.floor.map((run) => run.export.cpuMs + run.load.cpuMs));
  return {
    name: `first sync of ${attendees.toLocaleString('en')} attendees into ${destination}: CPU vs export + bulk load`,
    value: round(syncCpu),
    unit: 'ms CPU',
    spread: round(spread(side.sync.map((run) => run.cpuMs))),
    ratio: round(syncCpu / floorCpu),
    ...(smoke ? {} : { target: '≤ 2x' }),
    note:
      `export ${round(median(side.floor.map((run) => run.export.cpuMs)))} + load ${round(median(side.floor.map((run) => run.load.cpuMs)))} ms CPU; ` +
      `sync ${round(median(side.sync.map((run) => run.wallMs)) / 1000, 1)} s wall`,
  };
}

export const syncCpuBench: BenchModule = async (options) => {
  const { log } = options;
  if (!existsSync(TIME)) throw new Error(`the sync CPU benchmark needs GNU time at ${TIME} (apt-get install time)`);
  const sqlite3 = required('sqlite3');
  const psql = required('psql');
  const orders = options.smoke ? 100 : options.quick ? 1_000 : 2_000;
  const runs = options.smoke || options.quick ? 1 : 3;
  const scratch = mkdtempSync(join(tmpdir(), 'boxoffice-sync-cpu-'));
  const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', dbPath: join(scratch, 'sandbox.db'), extensions: defaultExtensions() });
  const postgres = await startTestPostgres();
  try {
    const cli = snapshotCli(scratch);
    const env = sandboxCliEnv(scratch, sandbox);
    const { eventIds, attendees } = seedData(sandbox.handle.context, { events: 1, orders });
    const [eventId] = eventIds;
    const measure = (args: string[], program?: string) => measureNode(args, env, scratch, true, program);
    const databaseUrl = (database: string) => postgres.url.replace(/\/postgres$/, `/${database}`);
    const psqlAt = (database: string, command: string) => measure([databaseUrl(database), '-q', '-v', 'ON_ERROR_STOP=1', '-c', command], psql);
    const sides: Record<'SQLite' | 'PostgreSQL', Side> = { SQLite: { sync: [], floor: [] }, PostgreSQL: { sync: [], floor: [] } };
    for (let run = 0; run < runs; run += 1) {
      const csv = join(scratch, `export-${run}.csv`);
      const exported = await measure([cli, 'attendees', 'export', eventId, '-o', csv, '--prefetch', '0']);
      sides.SQLite.floor.push({ export: exported, load: await measure([join(scratch, `import-${run}.db`), `.import --csv ${csv} attendees`], sqlite3) });
      sides.SQLite.sync.push(await measure([cli, 'attendees', 'sync', eventId, '--to', join(scratch, `sync-${run}.db`)]));
      for (const database of [`copy_${run}`, `sync_${run}`]) await psqlAt('postgres', `CREATE DATABASE ${database}`);
      await psqlAt(`copy_${run}`, createTableFor(csv, 'attendees'));
      sides.PostgreSQL.floor.push({ export: exported, load: await psqlAt(`copy_${run}`, `\\copy attendees FROM '${csv}' CSV HEADER`) });
      sides.PostgreSQL.sync.push(await measure([cli, 'attendees', 'sync', eventId, '--to', databaseUrl(`sync_${run}`)]));
      log(
        `sync-cpu: run ${run + 1}/${runs}: export ${round(exported.cpuMs)} ms CPU; SQLite sync ${round(sides.SQLite.sync[run].cpuMs)}, ` +
          `.import ${round(sides.SQLite.floor[run].load.cpuMs)}; PostgreSQL sync ${round(sides.PostgreSQL.sync[run].cpuMs)}, \\copy ${round(sides.PostgreSQL.floor[run].load.cpuMs)} ms CPU`,
      );
    }
    return {
      section: `First attendee sync, CPU against export + bulk load (the built CLI; GNU time, user + system; ${runs === 1 ? '1 run' : `median of ${runs} runs`})`,
      figures: (['SQLite', 'PostgreSQL'] as const).map((destination) => figureOf(destination, attendees, sides[destination], options.smoke === true)),
    };
  } finally {
    await sandbox.close();
    await postgres.close();
    rmSync(scratch, { recursive: true, force: true });
  }
};
