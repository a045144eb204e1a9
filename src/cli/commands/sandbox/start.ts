// `boxoffice sandbox start`: runs the local sandbox in the foreground until SIGINT or SIGTERM. Its
// tool endpoints need a per-process secret: BOXOFFICE_SANDBOX_SECRET, else a fresh one, written to
// the data directory for the other verbs (shared.ts), or printed (--print-secret).
import { dirname } from 'node:path';
import { Option, type Command } from 'commander';
import { BoxofficeError, UsageError } from '../../../client/errors.js';
import { verbAction, type CommandContext, type RunVerb } from '../../framework/context.js';
import { parseDuration } from '../../framework/duration.js';
import { wholeNumber } from '../../framework/params.js';
import { printOut } from '../../../session/deps.js';
import { EXIT } from '../../framework/exit-codes.js';
import { createPrivateDirectory } from '../../../util/private-file.js';
import type { StartSandboxOptions } from '../../../sandbox/server.js';
import { defaultSandboxDbPath, removeSandboxSecret, SANDBOX_SECRET_ENV, sandboxSecretFile, writeSandboxSecret } from './shared.js';

const LIMITS_MODES = ['none', 'realistic'] as const;
/** Must match AttendeeListOrder in src/sandbox/context.ts (kept here so the verb stays light). */
const LIST_ORDERS = ['oldest-first', 'newest-first'] as const;

type StartOptions = Pick<StartSandboxOptions, 'dbPath' | 'faults' | 'holdTimeoutMs' | 'listOrder' | 'seed'> &
  Required<Pick<StartSandboxOptions, 'port' | 'limits' | 'quirks'>> & { printSecret: boolean };

type StartFlags = Record<'port' | 'limits', string> &
  Partial<Record<'db' | 'faults' | 'holdTimeout' | 'listOrder' | 'seed', string> & Record<'quirks' | 'printSecret', boolean>>;

export function registerSandboxStart(group: Command, context: CommandContext, run: RunVerb<StartOptions> = runStart): void {
  group
    .command('start')
    .description('run the local sandbox of the whole service in the foreground (Ctrl-C stops it)')
    .option('--port <n>', 'port on 127.0.0.1 (0 picks a free one)', '4010')
    .option('--db <file>', 'database file, or :memory: to keep nothing (default: in the user data directory)')
    .addOption(new Option('--limits <mode>', 'quotas of the live service').choices(LIMITS_MODES).default('none'))
    .option('--faults <spec>', 'inject failures, e.g. rate=0.1,kinds=e011+503,seed=7')
    .option('--quirks', "serve the live service's odd response shapes and attendee-list counting")
    .option('--hold-timeout <duration>', 'how long an order that is not confirmed holds its tickets, e.g. 30s, 10m (default 30m)')
    .addOption(
      new Option(
        '--list-order <order>',
        'which end of the attendee list new orders join (default: oldest-first, newest-first with --quirks, as the live list was captured)',
      ).choices(LIST_ORDERS),
    )
    .option('--seed <name>', 'load a named data set once started (demo)')
    .option('--print-secret', `print the secret of /sandbox/* as a second line ${SANDBOX_SECRET_ENV}=… instead of writing it to the data directory`)
    .addHelpText(
      'after',
      '\nExamples:\n  boxoffice sandbox start\n  boxoffice sandbox start --port 0 --db :memory: --seed demo\n' +
        '  boxoffice sandbox start --limits realistic --faults rate=0.05,seed=1 --quirks\n' +
        '  boxoffice sandbox start --port 0 --print-secret\n',
    )
    .action(
      verbAction(context, run, (flags: StartFlags) => ({
        port: wholeNumber(flags.port, '--port', 0, 65535),
        dbPath: flags.db ?? defaultSandboxDbPath(context.deps.env),
        limits: flags.limits as StartOptions['limits'],
        faults: flags.faults,
        quirks: flags.quirks === true,
        holdTimeoutMs: flags.holdTimeout === undefined ? undefined : parseDuration(flags.holdTimeout, '--hold-timeout', { positive: true }),
        listOrder: flags.listOrder as StartOptions['listOrder'],
        seed: flags.seed,
        printSecret: flags.printSecret === true,
      })),
    );
}

async function runStart(options: StartOptions, context: CommandContext): Promise<void> {
  const { deps } = context;
  if (options.faults !== undefined) {
    const { parseFaultSpec, FaultSpecError } = await import('../../../sandbox/modes/faults.js');
    try {
      parseFaultSpec(options.faults);
    } catch (error) {
      if (error instanceof FaultSpecError) throw new UsageError(`--faults: ${error.message}`, '--faults');
      throw error;
    }
  }
  const { SANDBOX_SECRET_FORMAT } = await import('../../../sandbox/security/sandbox-secret.js');
  const givenSecret = deps.env[SANDBOX_SECRET_ENV]?.trim() || undefined;
  if (givenSecret !== undefined && !SANDBOX_SECRET_FORMAT.test(givenSecret)) {
    throw new UsageError(`${SANDBOX_SECRET_ENV}: expected 16 to 512 letters, digits or ._~+/- characters (unset it to get a fresh secret)`, SANDBOX_SECRET_ENV);
  }
  // The database holds buyers' personal data: its directory is the user's alone (the default one
  // is made so even when an older version created it readable by others).
  if (options.dbPath !== ':memory:')
    createPrivateDirectory(dirname(options.dbPath), options.dbPath === defaultSandboxDbPath(deps.env) ? 'make-private' : 'leave');
  const { startSandbox } = await import('../../../sandbox/server.js');
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  try {
    const { printSecret, ...settings } = options;
    sandbox = await startSandbox({ ...settings, host: '127.0.0.1', secret: givenSecret });
  } catch (error) {
    throw startFailure(error, options);
  }
  let secretFile: string | undefined;
  if (!options.printSecret) {
    try {
      secretFile = writeSandboxSecret(deps.env, sandbox.port, sandbox.secret);
    } catch (error) {
      await sandbox.close();
      const reason = (error as NodeJS.ErrnoException).code ?? String(error);
      throw new BoxofficeError(`error: cannot write the sandbox secret to ${sandboxSecretFile(deps.env, sandbox.port)} (${reason}); try --print-secret`);
    }
  }
  if (sandbox.seededEventIds.length > 0) {
    deps.io.stderr.write(`seeded ${options.seed}: events ${sandbox.seededEventIds.join(', ')}\n`);
  }
  // Listening for the stop before saying so: whoever reads the line may signal at once.
  const stopped = untilStopped(deps.signal);
  printOut(deps.io, `listening on ${sandbox.url}\n`);
  if (options.printSecret) printOut(deps.io, `${SANDBOX_SECRET_ENV}=${sandbox.secret}\n`);
  await stopped;
  await sandbox.close();
  if (secretFile !== undefined) removeSandboxSecret(secretFile, sandbox.secret);
  // Ctrl-C is how it is meant to stop, and it still says so, as every interrupted command does; SIGTERM is a clean stop.
  if (deps.signal.aborted && context.run) context.run.exitCode = EXIT.interrupted;
}

function startFailure(error: unknown, options: StartOptions): Error {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE') {
    return new BoxofficeError(
      `error: port ${options.port} on 127.0.0.1 is already in use, probably by a sandbox already running at http://127.0.0.1:${options.port}; ` +
        'use that one, stop it (Ctrl-C where it runs), or start another with --port 0 (a free port) or --port N',
    );
  }
  if (code === 'EACCES') return new BoxofficeError(`error: not allowed to listen on port ${options.port}`);
  if (error instanceof Error && /unknown seed/.test(error.message)) return new UsageError(`--seed: ${error.message}`, '--seed');
  return error instanceof Error ? error : new Error(String(error));
}

/** Resolves on Ctrl-C (the CLI's abort signal) or SIGTERM (which the process entry leaves to this verb). */
function untilStopped(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      signal.removeEventListener('abort', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    if (signal.aborted) return resolve();
    signal.addEventListener('abort', stop, { once: true });
    process.once('SIGTERM', stop);
  });
}
