// `boxoffice sandbox cancel-order|cancel-attendee|answer|remove-order`: change attendees of a
// running sandbox as an organizer's back office would (src/sandbox/routes/sandbox-tools.ts), so that
// what `attendees sync` reports can be rehearsed.
import type { Command } from 'commander';
import { verbAction, type CommandContext, type RunVerb } from '../../framework/context.js';
import { printOut } from '../../../session/deps.js';
import { postToSandboxTool, SANDBOX_URL_HELP, sandboxUrl } from './shared.js';

interface ToolVerb {
  /** The verb, and the tool it posts to (/sandbox/NAME). */
  name: string;
  args: [name: string, description: string, formField: string][];
  description: string;
  example: string;
  /** What was done, from the answer. */
  done(answer: Record<string, unknown>): string;
}

const VERBS: ToolVerb[] = [
  {
    name: 'cancel-order',
    args: [['<ORDER_NO>', 'the order whose attendees to cancel', 'orderNo']],
    description: 'cancel every attendee of an order (the order stays in the attendee list)',
    example: 'boxoffice sandbox cancel-order SBX00000012',
    done: (answer) => `cancelled ${String(answer.cancelled)} attendee(s) of order ${String(answer.orderNo)}`,
  },
  {
    name: 'cancel-attendee',
    args: [['<TICKET_NO>', 'the ticket number of the attendee to cancel', 'ticketNo']],
    description: 'cancel one attendee, named by ticket number',
    example: 'boxoffice sandbox cancel-attendee SBX00000012-2',
    done: (answer) => `cancelled ${String(answer.cancelled)} attendee (${String(answer.ticketNo)})`,
  },
  {
    name: 'answer',
    args: [
      ['<TICKET_NO>', 'the ticket number of the attendee', 'ticketNo'],
      ['<LABEL>', 'the form question, e.g. "T-shirt size"', 'label'],
      ['<VALUE>', 'the new answer', 'value'],
    ],
    description: "set one attendee's answer to a form question",
    example: "boxoffice sandbox answer SBX00000012-1 'T-shirt size' XL",
    done: (answer) => `${String(answer.ticketNo)}: ${String(answer.label)} = ${String(answer.value)}`,
  },
  {
    name: 'remove-order',
    args: [['<ORDER_NO>', 'the order to take out of the attendee list', 'orderNo']],
    description: "take an order out of its event's attendee list (as a refund that erases it would)",
    example: 'boxoffice sandbox remove-order SBX00000012',
    done: (answer) => `removed order ${String(answer.orderNo)} from the attendee list`,
  },
];

interface ToolOptions {
  verb: string;
  fields: Record<string, string>;
  url: string;
}

export function registerSandboxAttendeeTools(group: Command, context: CommandContext, run: RunVerb<ToolOptions> = runTool): void {
  for (const verb of VERBS) {
    const command = group.command(verb.name).description(verb.description);
    for (const [name, description] of verb.args) command.argument(name, description);
    command
      .option('--url <url>', SANDBOX_URL_HELP)
      .addHelpText('after', `\nExample:\n  ${verb.example}\n`)
      .action(
        verbAction(context, run, (...params: unknown[]) => {
          const flags = params[verb.args.length] as { url?: string };
          const fields = Object.fromEntries(verb.args.map(([, , field], index) => [field, params[index] as string]));
          return { verb: verb.name, fields, url: sandboxUrl(flags.url, context.deps.env) };
        }),
      );
  }
}

async function runTool(options: ToolOptions, context: CommandContext): Promise<void> {
  const verb = VERBS.find((known) => known.name === options.verb);
  if (!verb) throw new Error(`no sandbox tool ${options.verb}`);
  const answer = await postToSandboxTool(options.url, verb.name, new URLSearchParams(options.fields), context);
  const { io } = context.deps;
  if (context.globals().json) printOut(io, `${JSON.stringify(answer)}\n`);
  else io.stderr.write(`${verb.done(answer)}\n`);
}
