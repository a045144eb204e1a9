// `boxoffice apply FILE [--dry-run] [--state FILE] [--recreate-uncertain]`: make the service
// match a setup file (one event, its tickets and discounts), safe to run again and again.
// The work is in src/apply; it is loaded when the command runs.
import type { Command } from 'commander';
import { UsageError } from '../../../client/errors.js';
import type { CommandContext } from '../../context.js';
import { summaryOf } from '../summaries.js';
import { runApply } from '../../../apply/run.js';
import { openSession } from '../../session.js';

export interface ApplyOptions {
  file: string;
  statePath?: string;
  dryRun: boolean;
  recreateUncertain: boolean;
}

interface ApplyFlags {
  state?: string;
  dryRun?: boolean;
  recreateUncertain?: boolean;
}

export function registerApplyVerb(program: Command, context: CommandContext): void {
  program
    .command('apply')
    .description(summaryOf('apply'))
    .argument('<file>', 'setup file (YAML or JSON); ${VAR} and ${VAR:-default} come from the environment')
    .option('--dry-run', 'print the plan only; change nothing')
    .option('--state <file>', 'state file mapping keys to remote ids (default: FILE\'s name + .boxoffice-state.json beside it)')
    .option('--recreate-uncertain', 'create again discounts whose earlier create lost its answer (after checking they do not exist)')
    .addHelpText(
      'after',
      '\nPlan lines: "+ create", "~ update" (with each field old → new; drift = changed on the service),\n' +
        '"= unchanged". The state file is written after every step; a stopped run is finished by running again.\n' +
        '\nExamples:\n' +
        '  boxoffice apply examples/conference.yaml --dry-run\n' +
        '  GENERAL_PRICE=2800 boxoffice apply examples/conference.yaml\n' +
        '  boxoffice apply event.yaml --state .state/event.json --json\n',
    )
    .action(async (file: string, flags: ApplyFlags) => {
      await runApplyCommand(applyOptionsFrom(file, flags), context);
    });
}

export function applyOptionsFrom(file: string, flags: ApplyFlags): ApplyOptions {
  if (file.trim() === '') throw new UsageError('FILE: must name a setup file', 'FILE');
  if (flags.state !== undefined && flags.state.trim() === '') throw new UsageError('--state: must name a file', '--state');
  return {
    file,
    statePath: flags.state,
    dryRun: flags.dryRun === true,
    recreateUncertain: flags.recreateUncertain === true,
  };
}

export async function runApplyCommand(options: ApplyOptions, context: CommandContext): Promise<void> {
  const { deps } = context;
  const globals = context.globals();
  let close: (() => Promise<void>) | undefined;
  try {
    await runApply({
      ...options,
      json: globals.json,
      env: deps.env,
      stdout: deps.io.stdout,
      stderr: deps.io.stderr,
      connect: async () => {
        const session = await openSession(context);
        close = () => session.client.close();
        return { client: session.client, apiUrl: session.profile.apiUrl as string };
      },
    });
  } finally {
    await close?.();
  }
}
