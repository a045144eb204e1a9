// buildProgram(deps) → the commander program; runCli(argv, deps) → exit code. This is the one
// place where errors become messages on stderr and exit codes.
import type { Writable } from 'node:stream';
import { Command, CommanderError, Option } from 'commander';
import { ApiError, CancelledError, DeclinedError } from '../../client/errors.js';
import { registerCommands } from '../commands/index.js';
import type { CommandContext, CommandRun, GlobalOptions } from './context.js';
import { printOut, type Deps, type Io } from '../../session/deps.js';
import type { Invocation } from './error-message.js';
import { EXIT, exitCodeFor } from './exit-codes.js';
import { configureCommandHelp, fitHelpText, groupWithoutVerb, helpWidthFor, subcommand, withPositionalHint } from './help.js';
import { checkIdArguments } from '../../session/ids.js';
import { GLOBAL_OPTIONS_WITH_VALUE } from './global-options.js';
import { packageVersion } from '../../util/version.js';
import { runsJsonStream } from '../process/stdout-stream.js';

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

const TOP_LEVEL_HELP_AFTER = `
Examples:
  boxoffice sandbox start &          # a local copy of the service, port 4010
  export BOXOFFICE_TOKEN=$(boxoffice sandbox token)
  boxoffice event list

Get started: boxoffice login, then boxoffice event create --help.
Learn more about a command: boxoffice <command> --help.
`;

/** registerCommands, or in a verb's tests one that swaps the verb's run function. */
export type RegisterCommands = typeof registerCommands;

export async function buildProgram(
  deps: Deps,
  argv: readonly string[] = [],
  run: CommandRun = {},
  register: RegisterCommands = registerCommands,
): Promise<Command> {
  const program = new Command('boxoffice')
    .usage('<command> [flags]')
    .description('Manage events, tickets, discounts, reports, attendee exports and bookings.')
    .version(packageVersion(), '-V, --version', 'print the version (-v too)')
    .addOption(new Option('--profile <name>', 'saved profile to use (URLs, token, keys)').env('BOXOFFICE_PROFILE'))
    .option('--json', 'print exactly one JSON document on stdout')
    .option('--no-input', 'never prompt; a missing required value is a usage error')
    .option('--debug', 'trace each HTTP exchange on stderr (secrets redacted)')
    .option('--header', 'piped rows: print a header line before the tab-separated lines')
    .addHelpText('after', TOP_LEVEL_HELP_AFTER)
    .enablePositionalOptions(false);

  const globals = (): GlobalOptions => {
    const opts = program.opts<{ profile?: string; json?: boolean; input?: boolean; debug?: boolean; header?: boolean }>();
    return {
      profile: opts.profile ?? deps.env.BOXOFFICE_PROFILE ?? 'local',
      json: opts.json === true,
      input: opts.input !== false && deps.env.CI !== 'true' && deps.io.stdinIsTTY,
      debug: opts.debug === true || deps.env.BOXOFFICE_DEBUG === '1',
      header: opts.header === true,
    };
  };
  const context: CommandContext = { deps, globals, run };
  await register(program, context, invokedCommand(argv));
  program.commandsGroup('Settings:').helpCommand('help [command]', 'show help for a command');
  // An id that cannot be one is refused before anything is sent (`event get abc`).
  program.hook('preAction', (_program, actionCommand) => checkIdArguments(argumentsOf(actionCommand)));

  applyToAll(program, (command) => {
    command.exitOverride();
    configureCommandHelp(command);
    command.configureOutput({
      writeOut: (text) => printOut(deps.io, fitHelpText(text, helpWidthFor(deps.io))),
      writeErr: (text) => deps.io.stderr.write(text),
      getOutHelpWidth: () => helpWidthFor(deps.io),
      getErrHelpWidth: () => helpWidthFor(deps.io),
      // The help is plain text. commander's own answer asks process.stdout whether to keep the
      // colours of a help that has none, and building that stream costs --help a tenth of its time.
      getOutHasColors: () => false,
      getErrHasColors: () => false,
      outputError: (text, write) => write(withPositionalHint(command, text, argv)),
    });
  });
  return program;
}

// What people type that commander reads otherwise: `-v` alone is `-V`; `help event create` (commander's help takes one word)
// is `event create --help`, or, when a word of the topic names no command, the topic alone, for commander to refuse as `boxoffice evnt`.
function commanderArgv(program: Command, argv: readonly string[]): string[] {
  if (argv.length === 1 && argv[0] === '-v') return ['-V'];
  const at = argv.findIndex((word, index) => !word.startsWith('-') && !GLOBAL_OPTIONS_WITH_VALUE.has(argv[index - 1] ?? ''));
  if (at < 0 || argv[at] !== 'help' || at + 1 >= argv.length) return [...argv];
  const topic = [...argv.slice(0, at), ...argv.slice(at + 1)];
  let current = program;
  for (const word of argv.slice(at + 1).filter((word) => !word.startsWith('-'))) {
    if (current.commands.length === 0) break;
    const sub = subcommand(current, word);
    if (sub === undefined) return topic;
    current = sub;
  }
  return [...topic, '--help'];
}

export async function runCli(givenArgv: readonly string[], processDeps: Deps, register: RegisterCommands = registerCommands): Promise<number> {
  let invocation: Invocation | undefined;
  let streaming = false;
  const run: CommandRun = {};
  let argv = [...givenArgv];
  const stdout = watchWrites(processDeps.io);
  const deps = { ...processDeps, io: stdout.io };
  try {
    const program = await buildProgram(deps, givenArgv, run, register);
    argv = commanderArgv(program, givenArgv);
    streaming = runsJsonStream(program, argv);
    const bare = groupWithoutVerb(program, argv);
    if (bare !== undefined) {
      bare.outputHelp();
      return EXIT.ok;
    }
    program.hook('preAction', (_program, actionCommand) => {
      invocation = { args: argumentsOf(actionCommand), group: actionCommand.parent?.name() };
    });
    await program.parseAsync([...argv], { from: 'user' });
    return run.exitCode ?? EXIT.ok;
  } catch (error) {
    const failure = await reportError(error, deps, invocation && { ...invocation, waited: run.waitBudget });
    // With --json a failure is a document too (unless the command already wrote one, or writes a
    // stream of them), so that `boxoffice --json … > out.json` never leaves an empty file.
    const globalFlags = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
    if (failure.exitCode !== EXIT.ok && globalFlags.includes('--json') && !stdout.written() && !streaming) {
      printOut(deps.io, `${JSON.stringify({ error: { code: failure.code, message: failure.message, exitCode: failure.exitCode } }, null, 2)}\n`);
    }
    return failure.exitCode;
  } finally {
    stdout.restore();
  }
}

/** `io` noting whether anything was written on stdout; its stream is watched from its first use, as asking for it builds it (stdio.ts). */
function watchWrites(io: Io): { io: Io; written(): boolean; restore(): void } {
  let written = false;
  let watched: { stream: Writable; write: Writable['write'] } | undefined;
  const watchedIo: Io = Object.create(io, {
    stdout: {
      get: () => {
        if (watched === undefined) {
          const stream = io.stdout;
          const write = stream.write;
          stream.write = function (this: Writable, ...args: Parameters<Writable['write']>) {
            written = true;
            return write.apply(this, args);
          } as Writable['write'];
          watched = { stream, write };
        }
        return watched.stream;
      },
    },
    print: {
      value: (text: string) => {
        written = true;
        printOut(io, text);
      },
    },
  });
  return {
    io: watchedIo,
    written: () => written,
    restore: () => {
      if (watched) watched.stream.write = watched.write;
    },
  };
}

/** `code`: the service's (E001…), else the kind of failure (usage, auth, declined, interrupted, failure). */
async function reportError(error: unknown, deps: Deps, invocation: Invocation | undefined): Promise<{ exitCode: number; code: string; message: string }> {
  if (error instanceof CommanderError) {
    // Help and version "errors" are successes; anything else commander reports is a usage error.
    if (error.exitCode === 0 || error.code === 'commander.helpDisplayed' || error.code === 'commander.version') {
      return { exitCode: EXIT.ok, code: 'ok', message: '' };
    }
    return { exitCode: EXIT.usage, code: 'usage', message: error.message.replace(/^error: /, '') };
  }
  const { formatError } = await import('./error-message.js');
  const message = formatError(error, invocation, deps.clock.now(), deps.signal.aborted);
  deps.io.stderr.write(`${message}\n`);
  if (deps.signal.aborted || error instanceof CancelledError) return { exitCode: EXIT.interrupted, code: 'interrupted', message };
  const exitCode = exitCodeFor(error);
  const apiCode = error instanceof ApiError ? error.code : error instanceof DeclinedError ? 'declined' : undefined;
  return { exitCode, code: apiCode ?? KIND_OF_EXIT[exitCode] ?? 'failure', message: message.replace(/^error( [A-Z]\d+)?: /, '') };
}

const KIND_OF_EXIT: Readonly<Record<number, string>> = {
  [EXIT.usage]: 'usage',
  [EXIT.auth]: 'auth',
  [EXIT.rateLimited]: 'rate_limited',
  [EXIT.interrupted]: 'interrupted',
};

function applyToAll(command: Command, apply: (command: Command) => void): void {
  apply(command);
  for (const sub of command.commands) applyToAll(sub, apply);
}

function argumentsOf(command: Command): Record<string, string> {
  const given = command.registeredArguments.map((argument, index): [string, unknown] => [argument.name(), command.processedArgs[index]]);
  return Object.fromEntries(given.filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
