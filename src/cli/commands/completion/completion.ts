// `boxoffice completion SHELL`: the completion script of the whole command tree for one shell.
import { Argument, type Command } from 'commander';
import { UsageError } from '../../../client/errors.js';
import { verbAction, type CommandContext, type RunVerb } from '../../framework/context.js';
import { summarised } from '../summaries.js';
import { SHELLS, completionScript } from './scripts.js';
import { writeJson } from '../../output/index.js';
import { completeWith } from '../../framework/completion-values.js';
import { PRESET_PROFILES } from '../../../session/config/profile.js';
import { configDirectory, openConfigStore } from '../../../session/config/store.js';
import { printOut } from '../../../session/deps.js';

export function registerCompletion(
  program: Command,
  context: CommandContext,
  run: RunVerb<{ shell: string }> = (options, runContext) => runCompletion(options, program, runContext),
): void {
  summarised(program.command('completion'))
    .addArgument(completeWith(new Argument('<SHELL>', 'bash, zsh or fish'), SHELLS))
    .addHelpText(
      'after',
      '\nExamples:\n  source <(boxoffice completion bash)          # in ~/.bashrc\n  source <(boxoffice completion zsh)           # in ~/.zshrc, after compinit\n  boxoffice completion fish > ~/.config/fish/completions/boxoffice.fish',
    )
    .action(verbAction(context, run, (shell: string) => ({ shell })));
}

/**
 * The profile names --profile completes: the presets and those saved in the config file, as they
 * are when the script is generated (`source <(boxoffice completion bash)` runs at each shell's
 * start); the presets alone when the config file cannot be read.
 */
async function profileNames(context: CommandContext): Promise<readonly string[]> {
  try {
    return (await openConfigStore(context.deps.env)).profileNames();
  } catch {
    return Object.keys(PRESET_PROFILES);
  }
}

async function runCompletion(options: { shell: string }, program: Command, context: CommandContext): Promise<void> {
  const shell = SHELLS.find((known) => known === options.shell);
  if (!shell) throw new UsageError(`unknown shell ${JSON.stringify(options.shell)}: expected bash, zsh or fish`, 'SHELL');
  const profileOption = program.options.find((option) => option.long === '--profile');
  if (profileOption) completeWith(profileOption, await profileNames(context));
  const script = completionScript(shell, program, configDirectory(context.deps.env));
  if (context.globals().json) {
    writeJson(context.deps.io, { shell, script });
    return;
  }
  printOut(context.deps.io, script);
}
