// `boxoffice sandbox token`: asks a running sandbox (POST /sandbox/token) for an access token, a
// publisher key or the booking key, and prints that one value.
import { Option, type Command } from 'commander';
import { BoxofficeError } from '../../../client/errors.js';
import { verbAction, type CommandContext, type RunVerb } from '../../framework/context.js';
import { writeJson } from '../../output/index.js';
import { printOut } from '../../../session/deps.js';
import { postToSandboxTool, SANDBOX_URL_HELP, sandboxUrl } from './shared.js';

const TOKEN_ROLES = ['organizer', 'admin', 'publisher', 'booking'] as const;
type TokenRole = (typeof TOKEN_ROLES)[number];

interface TokenOptions {
  role: TokenRole;
  account?: string;
  url: string;
}

export function registerSandboxToken(group: Command, context: CommandContext, run: RunVerb<TokenOptions> = runToken): void {
  group
    .command('token')
    .description('print a fresh access token (or publisher key, or booking key) from a running sandbox')
    .addOption(new Option('--role <role>', 'what to print').choices(TOKEN_ROLES).default('organizer'))
    .option('--account <email>', 'another organizer account (created on first use)')
    .option('--url <url>', SANDBOX_URL_HELP)
    .addHelpText(
      'after',
      '\nExamples:\n  export BOXOFFICE_TOKEN=$(boxoffice sandbox token)\n' +
        '  boxoffice sandbox token --role admin\n  boxoffice sandbox token --account someone@example.test\n' +
        '  boxoffice sandbox token --role publisher --url http://127.0.0.1:5000\n',
    )
    .action(
      verbAction(context, run, (flags: { role: string; account?: string; url?: string }) => ({
        role: flags.role as TokenRole,
        account: flags.account,
        url: sandboxUrl(flags.url, context.deps.env),
      })),
    );
}

async function runToken(options: TokenOptions, context: CommandContext): Promise<void> {
  const body = new URLSearchParams({ role: options.role });
  if (options.account !== undefined) body.set('account', options.account);
  const answer = await postToSandboxTool(options.url, 'token', body, context);
  if (typeof answer.value !== 'string') throw new BoxofficeError(`error: ${options.url} answered without a value (is it a boxoffice sandbox?)`);
  if (context.globals().json) return writeJson(context.deps.io, { role: options.role, value: answer.value });
  printOut(context.deps.io, `${answer.value}\n`);
}
