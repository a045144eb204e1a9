// Runs every benchmark and prints one table with the machine it ran on.
//   npm run bench                     full sizes (100,000 orders), under ten minutes on 2 cores
//   npm run bench -- --quick          smaller sizes and fewer runs
//   npm run bench -- --smoke          the smallest sizes, one run, no warm-up: checks that it runs (the suite's test/bench/bench.test.ts)
//   npm run bench -- --only startup   a comma-separated subset
//   npm run bench -- --markdown       the table as Markdown (for bench/README.md)
import { cpus, totalmem, type as osType, release } from 'node:os';
import type { BenchModule, BenchSection, Figure } from './types.js';
import { startupBench } from './startup.js';
import { sandboxLoadBench } from './sandbox-load.js';
import { attendeeBatchesBench } from './attendee-batches.js';
import { exportBench } from './export.js';
import { seedBench } from './seed.js';
import { insightsBench } from './insights.js';
import { mcpBench } from './mcp.js';
import { syncBench } from './sync.js';
import { syncCpuBench } from './sync-cpu.js';
import { checkinBench } from './checkin.js';

const MODULES: Record<string, BenchModule> = {
  startup: startupBench,
  export: exportBench,
  'attendee-batches': attendeeBatchesBench,
  seed: seedBench,
  'sandbox-load': sandboxLoadBench,
  insights: insightsBench,
  mcp: mcpBench,
  sync: syncBench,
  'sync-cpu': syncCpuBench,
  checkin: checkinBench,
};

function parseArgs(argv: string[]) {
  const smoke = argv.includes('--smoke');
  const quick = smoke || argv.includes('--quick');
  const markdown = argv.includes('--markdown');
  const onlyIndex = argv.indexOf('--only');
  const only = onlyIndex >= 0 ? (argv[onlyIndex + 1] ?? '').split(',').filter(Boolean) : Object.keys(MODULES);
  const unknown = only.filter((name) => !(name in MODULES));
  if (unknown.length > 0) {
    throw new Error(`--only: unknown benchmark ${unknown.join(', ')} (known: ${Object.keys(MODULES).join(', ')})`);
  }
  return { quick, smoke, markdown, only };
}

/**
 * Settings that change what every Node process does as it starts, floor included: Node 20 reads
 * and parses the whole NODE_EXTRA_CA_CERTS bundle at start (~415M instructions, ~80 ms, five
 * times `node -e 0` without it), which would hide what the CLI costs behind a floor the
 * machine inflated. Every figure is measured without them, as a Node started by a user has none.
 */
const START_UP_SETTINGS = ['NODE_EXTRA_CA_CERTS', 'NODE_OPTIONS', 'NODE_COMPILE_CACHE', 'NODE_V8_COVERAGE'] as const;

/** Removes START_UP_SETTINGS from this process's environment, which every measured process inherits; returns those that were set. */
function clearStartUpSettings(env: NodeJS.ProcessEnv = process.env): string[] {
  const cleared = START_UP_SETTINGS.filter((name) => env[name] !== undefined);
  for (const name of cleared) delete env[name];
  return cleared;
}

export function machineLine(cleared: readonly string[] = []): string {
  const cpu = cpus();
  return (
    `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, ` +
    `${osType()} ${release()}, Node.js ${process.version}` +
    (cleared.length > 0 ? ` (measured without ${cleared.join(', ')})` : '')
  );
}

function formatFigure(figure: Figure): string[] {
  const value = `${figure.value} ${figure.unit}` + (figure.spread !== undefined ? ` (±${figure.spread})` : '');
  const ratio = figure.ratio !== undefined ? `${figure.ratio}x` : '';
  const verdict = targetedMeasure(figure) ? (meetsTarget(figure) ? 'met' : 'MISSED') : '';
  return [figure.name, value, ratio, figure.target ?? '', verdict, figure.note ?? ''];
}

/**
 * What a target limits: the figure's ratio ("≤ 2.5x", or a bare "≤ 1.3"), or its value when the
 * target is in the figure's unit ("≤ 75 MB"); undefined when the target is not checked here.
 */
function targetedMeasure(figure: Figure): { measured: number; limit: number; atMost: boolean } | undefined {
  const match = /^(≤|≥)\s*([\d.]+)\s*(\S*)$/.exec(figure.target ?? '');
  if (!match) return undefined;
  const measured = match[3] === figure.unit ? figure.value : match[3] === 'x' || match[3] === '' ? figure.ratio : undefined;
  return measured === undefined ? undefined : { measured, limit: Number(match[2]), atMost: match[1] === '≤' };
}

function meetsTarget(figure: Figure): boolean {
  const target = targetedMeasure(figure);
  if (!target) return true;
  return target.atMost ? target.measured <= target.limit : target.measured >= target.limit;
}

function render(sections: BenchSection[], markdown: boolean): string {
  const header = ['figure', 'median (spread)', 'ratio', 'target', '', 'note'];
  const lines: string[] = [];
  for (const section of sections) {
    const rows = section.figures.map(formatFigure);
    if (markdown) {
      lines.push(`**${section.section}**`, '', `| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`);
      for (const row of rows) lines.push(`| ${row.join(' | ')} |`);
      lines.push('');
    } else {
      const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column].length)));
      const pad = (row: string[]) =>
        row
          .map((cell, column) => cell.padEnd(widths[column]))
          .join('  ')
          .trimEnd();
      lines.push(section.section, pad(header), ...rows.map(pad), '');
    }
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const { quick, smoke, markdown, only } = parseArgs(process.argv.slice(2));
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const started = Date.now();
  const cleared = clearStartUpSettings();
  log(`machine: ${machineLine(cleared)}${quick ? ' (quick)' : ''}`);
  const sections: BenchSection[] = [];
  for (const name of only) {
    log(`running ${name} …`);
    sections.push(await MODULES[name]({ quick, smoke, log }));
  }
  process.stdout.write(
    `machine: ${machineLine(cleared)}${smoke ? ' (smoke run: sizes too small for the figures to mean anything)' : quick ? ' (quick run)' : ''}\n\n`,
  );
  process.stdout.write(render(sections, markdown));
  process.stdout.write(`\ntotal bench time: ${Math.round((Date.now() - started) / 1000)} s\n`);
  const missed = sections.flatMap((section) => section.figures).filter((figure) => !meetsTarget(figure));
  if (missed.length > 0) process.stdout.write(`targets missed: ${missed.map((figure) => figure.name).join(', ')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
