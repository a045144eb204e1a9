// `boxoffice apply FILE`: make the service match a setup file (one event, its tickets and
// discounts), safe to run again and again. The work is in src/apply.
import type { Command } from 'commander';
import { UsageError } from '../../../client/errors.js';
import { verbAction, type CommandContext, type RunVerb } from '../../framework/context.js';
import { parseDuration } from '../../framework/duration.js';
import { summarised } from '../summaries.js';
import { LIVE_PROFILE } from '../../../session/config/profile.js';
import { confirmOnLive, requireYesWithoutTerminal } from '../../framework/prompt.js';
import { UncertainCreateError } from '../../../apply/execute.js';
import { DuplicateRecordsError, runApply, StateOfAnotherServiceError } from '../../../apply/run.js';
import { applyConnection } from '../../../session/apply-connection.js';
import { EXIT } from '../../framework/exit-codes.js';
import { countSteps } from '../../../apply/plan.js';

type ApplyOptions = ReturnType<typeof applyOptionsFrom>;
type ApplyFlags = {
  dryRun?: boolean;
  detailedExitcode?: boolean;
  recreateUncertain?: boolean;
  yes?: boolean;
  state?: string;
  lockTimeout: string;
  maxWait?: string;
};

const DEFAULT_LOCK_TIMEOUT = '5s';

export function registerApply(program: Command, context: CommandContext, run: RunVerb<ApplyOptions> = runApplyCommand): void {
  summarised(program.command('apply'))
    .argument('<file>', 'setup file (YAML or JSON); ${VAR} and ${VAR:-default} come from the environment')
    .option('--dry-run', 'print the plan only; change nothing')
    .option(
      '--detailed-exitcode',
      `with --dry-run: exit ${EXIT.changesPending} when the plan creates or updates something, 0 when the service matches the file`,
    )
    .option('--state <file>', "state file mapping keys to remote ids (default: FILE's name + .boxoffice-state.json beside it)")
    .option('--recreate-uncertain', 'create again discounts whose earlier create lost its answer (after checking they do not exist)')
    .option('-y, --yes', 'do not ask before changing anything (needed on the live profile without a terminal)')
    .option('--max-wait <duration>', "longest total wait for the service's rate limit or quota (E023), over all calls, e.g. 10m, 1h (default: 2m a call)")
    .option('--lock-timeout <duration>', 'how long to wait while another apply of the same state file runs, e.g. 30s, 5m', DEFAULT_LOCK_TIMEOUT)
    .addHelpText(
      'after',
      '\nPlan lines: "+ create", "~ update" (with each field old → new; drift = changed on the service),\n' +
        '"= unchanged", "? unchecked" (exists, but the service gives no way to read it: a discount found by\n' +
        'its code) and "! blocked" (a change to such a record: exit 5). The state file is written after every\n' +
        'step and before every create; a stopped run is finished by running again, and a lost state file is\n' +
        'made good by finding records by url, name, code or fields. One apply per state file runs at a time.\n' +
        'With a Publisher API key (BOXOFFICE_PUBLISHER_KEY) automatic discounts are also looked up on the service.\n' +
        `\nWith --dry-run --detailed-exitcode a script tells the plans apart by the exit code alone: 0 no changes,\n` +
        `${EXIT.changesPending} changes pending, any other code an error (Terraform's plan -detailed-exitcode says 2 and git diff\n` +
        `--exit-code says 1 for changes; both are taken here by errors).\n` +
        '\nExamples:\n' +
        '  boxoffice apply conference.yaml --dry-run\n' +
        '  boxoffice apply conference.yaml --dry-run --detailed-exitcode\n' +
        '  GENERAL_PRICE=2800 boxoffice apply conference.yaml\n' +
        '  boxoffice apply event.yaml --state .state/event.json --json\n',
    )
    .action(verbAction(context, run, (file: string, flags: ApplyFlags) => applyOptionsFrom(file, flags)));
}

function applyOptionsFrom(file: string, flags: ApplyFlags) {
  if (file.trim() === '') throw new UsageError('FILE: must name a setup file', 'FILE');
  if (flags.state !== undefined && flags.state.trim() === '') throw new UsageError('--state: must name a file', '--state');
  if (flags.detailedExitcode === true && flags.dryRun !== true) {
    throw new UsageError('--detailed-exitcode: only with --dry-run (boxoffice apply FILE --dry-run --detailed-exitcode)', '--detailed-exitcode');
  }
  return {
    file,
    statePath: flags.state,
    dryRun: flags.dryRun === true,
    detailedExitcode: flags.detailedExitcode === true,
    recreateUncertain: flags.recreateUncertain === true,
    yes: flags.yes === true,
    lockTimeoutMs: parseDuration(flags.lockTimeout ?? DEFAULT_LOCK_TIMEOUT, '--lock-timeout'),
    maxWaitMs: flags.maxWait === undefined ? undefined : parseDuration(flags.maxWait, '--max-wait'),
  };
}

async function runApplyCommand(options: ApplyOptions, context: CommandContext): Promise<void> {
  const { deps } = context;
  const globals = context.globals();
  const confirmation = {
    yes: options.yes || options.dryRun,
    consequence: `apply on the ${LIVE_PROFILE} profile changes the live service`,
    question: `Carry out this plan on the ${LIVE_PROFILE} profile?`,
    declined: 'apply not confirmed; nothing changed',
  };
  requireYesWithoutTerminal(context, confirmation);
  let close: (() => Promise<void>) | undefined;
  try {
    const { plan } = await runApply({
      ...options,
      json: globals.json,
      signal: deps.signal,
      clock: { now: () => deps.clock.now().getTime(), sleep: (ms, signal) => deps.clock.sleep(ms, signal) },
      env: deps.env,
      stdout: deps.io.stdout,
      stderr: deps.io.stderr,
      confirm: () => confirmOnLive(context, confirmation),
      connect: async () => {
        const opened = await applyConnection(context, options.maxWaitMs);
        close = opened.close;
        return opened.connection;
      },
    });
    if (options.detailedExitcode && context.run) {
      const steps = countSteps(plan);
      if (steps.create + steps.update > 0) context.run.exitCode = EXIT.changesPending;
    }
  } catch (error) {
    if (error instanceof DuplicateRecordsError) {
      error.notes.next =
        'keep one of each: rename or pause the others (boxoffice ticket update EVENT_ID TICKET_ID --ticket-name NAME --status pause; ' +
        'boxoffice discount update EVENT_ID DISCOUNT_ID …), then run again';
    }
    if (error instanceof StateOfAnotherServiceError) error.notes.next = 'give another --state for this service';
    if (error instanceof UncertainCreateError) {
      error.notes.next =
        "check the ticket's discounts on the service (boxoffice event details EVENT_ID), then run again with --recreate-uncertain " +
        'if it is not there, or set BOXOFFICE_PUBLISHER_KEY so apply looks it up';
    }
    throw error;
  } finally {
    await close?.();
  }
}
