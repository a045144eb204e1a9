// `boxoffice sandbox seed`: asks a running sandbox (POST /sandbox/seed) to generate events and
// confirmed orders in-process, and prints the new event ids, one a line.
import type { Command } from 'commander';
import { BoxofficeError } from '../../../client/errors.js';
import { wholeNumber } from '../../framework/params.js';
import { verbAction, type CommandContext, type RunVerb } from '../../framework/context.js';
import { printOut } from '../../../session/deps.js';
import { postToSandboxTool, SANDBOX_URL_HELP, sandboxUrl } from './shared.js';

const MAX_EVENTS = 1000;
const MAX_ORDERS = 1_000_000;

interface SeedOptions {
  events: number;
  orders: number;
  account?: string;
  url: string;
}

export function registerSandboxSeed(group: Command, context: CommandContext, run: RunVerb<SeedOptions> = runSeed): void {
  group
    .command('seed')
    .description('fill a running sandbox with generated events and confirmed orders; prints the new event ids')
    .option('--events <n>', `events to create (1–${MAX_EVENTS})`, '1')
    .option('--orders <n>', `confirmed orders, 1–4 attendees each, spread over the events (0–${MAX_ORDERS})`, '100')
    .option('--account <email>', 'the organizer account that owns the events (default: organizer@sandbox.local)')
    .option('--url <url>', SANDBOX_URL_HELP)
    .addHelpText(
      'after',
      '\nExamples:\n  boxoffice sandbox seed\n  boxoffice sandbox seed --events 3 --orders 100000\n' +
        '  EVENT=$(boxoffice sandbox seed --orders 500 | head -n1)\n',
    )
    .action(
      verbAction(context, run, (flags: { events: string; orders: string; account?: string; url?: string }) => ({
        events: wholeNumber(flags.events, '--events', 1, MAX_EVENTS),
        orders: wholeNumber(flags.orders, '--orders', 0, MAX_ORDERS),
        account: flags.account,
        url: sandboxUrl(flags.url, context.deps.env),
      })),
    );
}

async function runSeed(options: SeedOptions, context: CommandContext): Promise<void> {
  const { io } = context.deps;
  const body = new URLSearchParams({ events: String(options.events), orders: String(options.orders) });
  if (options.account !== undefined) body.set('account', options.account);
  const started = context.deps.clock.now().getTime();
  const answer = await postToSandboxTool(options.url, 'seed', body, context);
  if (!Array.isArray(answer.eventIds)) throw new BoxofficeError(`error: ${options.url} answered without event ids (is it a boxoffice sandbox?)`);
  if (context.globals().json) {
    printOut(io, `${JSON.stringify(answer)}\n`);
    return;
  }
  for (const id of answer.eventIds) printOut(io, `${String(id)}\n`);
  const seconds = ((context.deps.clock.now().getTime() - started) / 1000).toFixed(1);
  io.stderr.write(`seeded ${answer.eventIds.length} event(s), ${String(answer.orders)} order(s), ${String(answer.attendees)} attendee(s) in ${seconds}s\n`);
}
