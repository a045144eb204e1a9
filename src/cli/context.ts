// What every command's registration receives: the injected effects and the global options.
import type { WaitBudget } from '../client/wait-budget.js';
import type { Deps } from './deps.js';

export interface GlobalOptions {
  /** Profile name: --profile, else BOXOFFICE_PROFILE, else "local". */
  profile: string;
  json: boolean;
  /** False when prompting is not allowed (--no-input, CI=true, or stdin is not a TTY). */
  input: boolean;
  debug: boolean;
  /** Piped rows get a header line (--header). */
  header: boolean;
}

export interface CommandContext {
  deps: Deps;
  /** The global options as parsed for the command being run. */
  globals(): GlobalOptions;
  /**
   * The longest one service call may wait out a rate limit or a busy service, where a command
   * gives no --max-wait: `boxoffice mcp` keeps its tool calls from blocking an assistant.
   */
  maxWaitMs?: number;
  /** What one run of a command shares with the report of the error that ends it, and its exit code. */
  run?: CommandRun;
}

export interface CommandRun {
  /** The command's --max-wait: every service call of the run waits within it (set by openSession). */
  waitBudget?: WaitBudget;
  /** The exit code of a run that succeeded with something to say (apply --detailed-exitcode); default 0. */
  exitCode?: number;
}

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
