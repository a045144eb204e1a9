// buildProgram(deps) → the commander program; runCli(argv, deps) → exit code. This is the one
// place where errors become messages on stderr and exit codes.
import { Command, CommanderError, Option } from 'commander';
import { AuthError, BoxofficeError, RateLimitError } from '../client/errors.js';
import { registerCommands } from './commands/index.js';
import type { CommandContext, GlobalOptions } from './context.js';
import type { Deps } from './deps.js';
import { messageWithCommands } from './error-hints.js';
import { formatDuration } from '../util/duration.js';
import { EXIT, exitCodeFor } from './exit-codes.js';
import { packageVersion } from './version.js';

/** Global options that take a value, so the word after them is not a command name. */
const GLOBAL_OPTIONS_WITH_VALUE = new Set(['--profile']);

/** The top-level command an argument list runs (`help X` runs X's help), if any. */
export function invokedCommand(argv: readonly string[]): string | undefined {
  const words: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const word = argv[index];
    if (word === '--') break;
    if (GLOBAL_OPTIONS_WITH_VALUE.has(word)) index++;
    else if (!word.startsWith('-')) words.push(word);
    if (words.length === 2) break;
  }
  return words[0] === 'help' ? words[1] : words[0];
}

export async function buildProgram(deps: Deps, argv: readonly string[] = []): Promise<Command> {
  const program = new Command('boxoffice')
    .description('Manage events, tickets, discounts, reports, attendee exports and bookings.')
    .version(packageVersion(), '-V, --version', 'print the version')
    .addOption(new Option('--profile <name>', 'saved profile to use (URLs, token, keys)').env('BOXOFFICE_PROFILE'))
    .option('--json', 'print exactly one JSON document on stdout')
    .option('--no-input', 'never prompt; a missing required value is a usage error')
    .option('--debug', 'trace each HTTP exchange on stderr (secrets redacted)')
    .showHelpAfterError('(run with --help for usage)')
    .enablePositionalOptions(false);

  const globals = (): GlobalOptions => {
    const opts = program.opts<{ profile?: string; json?: boolean; input?: boolean; debug?: boolean }>();
    const env = deps.env;
    return {
      profile: opts.profile ?? env.BOXOFFICE_PROFILE ?? 'local',
      json: opts.json === true,
      input: opts.input !== false && env.CI !== 'true' && deps.io.stdinIsTTY,
      debug: opts.debug === true || env.BOXOFFICE_DEBUG === '1',
    };
  };
  const context: CommandContext = { deps, globals };
  await registerCommands(program, context, invokedCommand(argv));

  applyToAll(program, (command) => {
    command.exitOverride();
    command.configureOutput({
      writeOut: (text) => deps.io.stdout.write(text),
      writeErr: (text) => deps.io.stderr.write(text),
    });
  });
  return program;
}

export async function runCli(argv: readonly string[], deps: Deps): Promise<number> {
  try {
    const program = await buildProgram(deps, argv);
    await program.parseAsync([...argv], { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    return reportError(error, deps);
  }
}

function reportError(error: unknown, deps: Deps): number {
  if (error instanceof CommanderError) {
    // Help and version "errors" are successes; anything else commander reports is a usage error.
    if (error.exitCode === 0 || error.code === 'commander.helpDisplayed' || error.code === 'commander.version') {
      return EXIT.ok;
    }
    return EXIT.usage;
  }
  if (deps.signal.aborted) {
    deps.io.stderr.write('interrupted\n');
    return EXIT.interrupted;
  }
  deps.io.stderr.write(`${formatError(error, deps.clock.now())}\n`);
  return exitCodeFor(error);
}

/**
 * When to try again after E023: the service's Retry-After as a time and a span; without one,
 * what the live service's quotas imply.
 */
export function retryAdvice(error: RateLimitError, now: Date): string {
  if (error.retryAfterMs === undefined) {
    return 'the service gave no time: retry in a few minutes (the live service allows about 30 read calls an hour and 10 event, 200 ticket, 2000 discount creations a day)';
  }
  const at = new Date(now.getTime() + error.retryAfterMs).toISOString().slice(0, 16).replace('T', ' ');
  return `retry after ${at} UTC (in ${formatDuration(Math.ceil(error.retryAfterMs / 1000) * 1000)}), or let a command that can wait do so with --max-wait`;
}

export function formatError(error: unknown, now: Date = new Date()): string {
  if (!(error instanceof Error)) return `error: ${String(error)}`;
  const message = messageWithCommands(error);
  if (error instanceof RateLimitError) return `${message}; ${retryAdvice(error, now)}`;
  if (error instanceof AuthError) {
    // E001 / E020: the credential was refused (expired, revoked or mistyped).
    const hint =
      error.code === 'E020'
        ? 'check the Publisher API key (BOXOFFICE_PUBLISHER_KEY or config set publisherKey)'
        : 'the token was refused: run boxoffice login (or replace BOXOFFICE_TOKEN)';
    return `${message}; ${hint}`;
  }
  if (error instanceof BoxofficeError) return message.startsWith('error') ? message : `error: ${message}`;
  return `error: ${message}`;
}

function applyToAll(command: Command, apply: (command: Command) => void): void {
  apply(command);
  for (const sub of command.commands) applyToAll(sub, apply);
}
