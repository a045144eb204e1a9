// What a command's registration receives (src/session/context.ts) and how a verb's run is declared.
import type { CommandContext } from '../../session/context.js';

export type { CommandContext, CommandRun, GlobalOptions } from '../../session/context.js';

/** Every verb's register function takes its run (default: the real one), so a test can capture the options without running (gh's runF). */
export type RunVerb<Options> = (options: Options, context: CommandContext) => Promise<void>;

export type EventIdOptions = { eventId: string };

export type NoOptions = Record<string, never>;

export function verbAction<Options, Args extends unknown[]>(
  context: CommandContext,
  run: RunVerb<Options>,
  optionsOf: (...args: Args) => Options | Promise<Options>,
): (...args: Args) => Promise<void> {
  return async (...args) => run(await optionsOf(...args), context);
}
