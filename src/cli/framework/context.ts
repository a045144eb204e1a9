// What every command's registration receives (the run's context, src/session/context.ts) and
// how a verb's run is declared and called.
import type { CommandContext } from '../../session/context.js';

export type { CommandContext, CommandRun, GlobalOptions } from '../../session/context.js';

/**
 * What a verb runs once its flags are parsed into options. Every verb's register function takes
 * one (default: the real one), so a test can parse argv through the real program and capture the
 * options without running anything (gh's runF).
 */
export type RunVerb<Options> = (options: Options, context: CommandContext) => Promise<void>;

/** The options of a verb that takes one event id and no flags (`event get 12`). */
export interface EventIdOptions {
  eventId: string;
}

/** The options of a verb that takes no flags or arguments. */
export type NoOptions = Record<string, never>;

/** A command's action: its arguments and flags made into the verb's options, then the verb run with them. */
export function verbAction<Options, Args extends unknown[]>(
  context: CommandContext,
  run: RunVerb<Options>,
  optionsOf: (...args: Args) => Options | Promise<Options>,
): (...args: Args) => Promise<void> {
  return async (...args) => {
    await run(await optionsOf(...args), context);
  };
}
