// `boxoffice sandbox token`: asks a running sandbox (POST /sandbox/token, a sandbox-only
// endpoint) for an access token, a publisher key or the booking key, and prints that one value.
import { Option, type Command } from 'commander';
import { BoxofficeError, ConnectionError, UsageError } from '../../../client/errors.js';
import type { CommandContext } from '../../context.js';

export const TOKEN_ROLES = ['organizer', 'admin', 'publisher', 'booking'] as const;
export type TokenRole = (typeof TOKEN_ROLES)[number];

export const DEFAULT_SANDBOX_URL = 'http://127.0.0.1:4010';
/** Must match SANDBOX_ENDPOINTS.token in src/sandbox/fixtures.ts (kept here so the verb stays light). */
export const TOKEN_ENDPOINT = '/sandbox/token';

export interface TokenOptions {
  role: TokenRole;
  account?: string;
  url: string;
}

interface TokenFlags {
  role: string;
  account?: string;
  url?: string;
}

export function registerTokenCommand(group: Command, context: CommandContext): void {
  group
    .command('token')
    .description('print a fresh access token (or publisher key, or booking key) from a running sandbox')
    .addOption(new Option('--role <role>', 'what to print').choices(TOKEN_ROLES).default('organizer'))
    .option('--account <email>', 'another organizer account (created on first use)')
    .option('--url <url>', `the sandbox's address (default: BOXOFFICE_API_URL, else ${DEFAULT_SANDBOX_URL})`)
    .addHelpText(
      'after',
      '\nExamples:\n  export BOXOFFICE_TOKEN=$(boxoffice sandbox token)\n' +
        '  boxoffice sandbox token --role admin\n  boxoffice sandbox token --account someone@example.test\n' +
        '  boxoffice sandbox token --role publisher --url http://127.0.0.1:5000\n',
    )
    .action(async (flags: TokenFlags) => {
      const url = flags.url ?? context.deps.env.BOXOFFICE_API_URL ?? DEFAULT_SANDBOX_URL;
      await runToken({ role: flags.role as TokenRole, account: flags.account, url: checkUrl(url) }, context);
    });
}

function checkUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--url: expected an address like ${DEFAULT_SANDBOX_URL}, got "${text}"`, '--url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`--url: expected an http or https address, got "${text}"`, '--url');
  }
  return url.toString().replace(/\/+$/, '');
}

interface TokenAnswer {
  status?: unknown;
  value?: unknown;
  message?: unknown;
  description?: unknown;
}

export async function runToken(options: TokenOptions, context: CommandContext): Promise<void> {
  const body = new URLSearchParams({ role: options.role });
  if (options.account !== undefined) body.set('account', options.account);
  let response: Response;
  try {
    response = await fetch(`${options.url}${TOKEN_ENDPOINT}`, { method: 'POST', body, signal: context.deps.signal });
  } catch (error) {
    throw new ConnectionError(`error: no sandbox answered at ${options.url} (is \`boxoffice sandbox start\` running?)`, error, false);
  }
  const answer = (await response.json().catch(() => ({}))) as TokenAnswer;
  if (answer.status === 'success' && typeof answer.value === 'string') {
    context.deps.io.stdout.write(`${answer.value}\n`);
    return;
  }
  const code = typeof answer.message === 'string' ? answer.message : `HTTP ${response.status}`;
  const description = typeof answer.description === 'string' ? `: ${answer.description}` : '';
  if (code === 'E002') throw new UsageError(`error ${code}${description}`);
  throw new BoxofficeError(`error ${code}${description} (is ${options.url} a boxoffice sandbox?)`);
}
