// `boxoffice sandbox cancel-order|cancel-attendee|answer|remove-order`: change attendees of a
// running sandbox as an organizer's back office would (src/sandbox/attendee-tools.ts), so that
// what `attendees sync` reports can be rehearsed. Each needs the sandbox secret (secret.ts).
import type { Command } from 'commander';
import type { CommandContext, RunVerb } from '../../context.js';
import { SANDBOX_URL_HELP, sandboxUrl } from './url.js';
import { postToSandboxTool } from './tool-request.js';

/** Must match ATTENDEE_TOOL_ENDPOINTS in src/sandbox/attendee-tools.ts (kept here so the verbs stay light). */
const ENDPOINTS = {
  cancelOrder: '/sandbox/cancel-order',
  cancelAttendee: '/sandbox/cancel-attendee',
  answer: '/sandbox/answer',
  removeOrder: '/sandbox/remove-order',
} as const;

interface ToolVerb {
  name: string;
  args: [name: string, description: string][];
  description: string;
  endpoint: string;
  /** The form fields from the arguments, in order. */
  fields: string[];
  example: string;
  /** What was done, from the answer. */
  done(answer: Record<string, unknown>): string;
}

const VERBS: ToolVerb[] = [
  {
    name: 'cancel-order',
    args: [['<ORDER_NO>', 'the order whose attendees to cancel']],
    description: 'cancel every attendee of an order (the order stays in the attendee list)',
    endpoint: ENDPOINTS.cancelOrder,
    fields: ['orderNo'],
    example: 'boxoffice sandbox cancel-order SBX00000012',
    done: (answer) => `cancelled ${String(answer.cancelled)} attendee(s) of order ${String(answer.orderNo)}`,
  },
  {
    name: 'cancel-attendee',
    args: [['<TICKET_NO>', 'the ticket number of the attendee to cancel']],
    description: 'cancel one attendee, named by ticket number',
    endpoint: ENDPOINTS.cancelAttendee,
    fields: ['ticketNo'],
    example: 'boxoffice sandbox cancel-attendee SBX00000012-2',
    done: (answer) => `cancelled ${String(answer.cancelled)} attendee (${String(answer.ticketNo)})`,
  },
  {
    name: 'answer',
    args: [
      ['<TICKET_NO>', 'the ticket number of the attendee'],
      ['<LABEL>', 'the form question, e.g. "T-shirt size"'],
      ['<VALUE>', 'the new answer'],
    ],
    description: "set one attendee's answer to a form question",
    endpoint: ENDPOINTS.answer,
    fields: ['ticketNo', 'label', 'value'],
    example: "boxoffice sandbox answer SBX00000012-1 'T-shirt size' XL",
    done: (answer) => `${String(answer.ticketNo)}: ${String(answer.label)} = ${String(answer.value)}`,
  },
  {
    name: 'remove-order',
    args: [['<ORDER_NO>', 'the order to take out of the attendee list']],
    description: "take an order out of its event's attendee list (as a refund that erases it would)",
    endpoint: ENDPOINTS.removeOrder,
    fields: ['orderNo'],
    example: 'boxoffice sandbox remove-order SBX00000012',
    done: (answer) => `removed order ${String(answer.orderNo)} from the attendee list`,
  },
];

/** One back-office change: which verb, its form fields from the arguments, and the sandbox's address. */
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
      .action(async (...params: unknown[]) => {
        const values = params.slice(0, verb.fields.length) as string[];
        const flags = params[verb.fields.length] as { url?: string };
        const fields = Object.fromEntries(verb.fields.map((field, index) => [field, values[index]]));
        await run({ verb: verb.name, fields, url: sandboxUrl(flags.url, context.deps.env) }, context);
      });
  }
}

async function runTool(options: ToolOptions, context: CommandContext): Promise<void> {
  const verb = VERBS.find((known) => known.name === options.verb);
  if (!verb) throw new Error(`no sandbox tool ${options.verb}`);
  const answer = await postToSandboxTool(options.url, verb.endpoint, new URLSearchParams(options.fields), context);
  const { io } = context.deps;
  if (context.globals().json) io.stdout.write(`${JSON.stringify(answer)}\n`);
  else io.stderr.write(`${verb.done(answer)}\n`);
}
