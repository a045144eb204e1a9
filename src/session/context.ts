// What a run of a command, or of an MCP tool call, works in: the injected effects and the global options.
import type { WaitBudget } from '../client/wait-budget.js';
import type { Deps } from './deps.js';

export interface GlobalOptions {
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
  globals(): GlobalOptions;
  /** The longest one service call may wait without --max-wait: `boxoffice mcp` keeps its tool calls from blocking an assistant. */
  maxWaitMs?: number;
  /** What one run of a command shares with the report of the error that ends it, and its exit code. */
  run?: CommandRun;
}

export interface CommandRun {
  /** Set by openSession. */
  waitBudget?: WaitBudget;
  /** The exit code of a run that succeeded with something to say (apply --detailed-exitcode); default 0. */
  exitCode?: number;
}
