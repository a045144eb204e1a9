// `boxoffice completion SHELL`: the completion script of the whole command tree for one shell.
import type { Command } from 'commander';
import { UsageError } from '../../../client/errors.js';
import type { CommandContext, RunVerb } from '../../context.js';
import { summaryOf } from '../summaries.js';
import { SHELLS, completionScript } from './scripts.js';
import { writeJson } from '../../output/json.js';

export function registerCompletion(
  program: Command,
  context: CommandContext,
  run: RunVerb<{ shell: string }> = (options, runContext) => runCompletion(options, program, runContext),
): void {
  program
    .command('completion')
    .description(summaryOf('completion'))
    .argument('<SHELL>', 'bash, zsh or fish')
    .addHelpText(
      'after',
      '\nExamples:\n  source <(boxoffice completion bash)          # in ~/.bashrc\n  source <(boxoffice completion zsh)           # in ~/.zshrc, after compinit\n  boxoffice completion fish > ~/.config/fish/completions/boxoffice.fish',
    )
    .action(async (shell: string) => {
      await run({ shell }, context);
    });
}

async function runCompletion(options: { shell: string }, program: Command, context: CommandContext): Promise<void> {
  const shell = SHELLS.find((known) => known === options.shell);
  if (!shell) throw new UsageError(`unknown shell ${JSON.stringify(options.shell)}: expected bash, zsh or fish`, 'SHELL');
  const script = completionScript(shell, program);
  if (context.globals().json) {
    writeJson(context.deps.io, { shell, script });
    return;
  }
  context.deps.io.stdout.write(script);
}
