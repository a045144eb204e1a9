// What a run of a command, or of an MCP tool call, works in: the injected effects and the global options.
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
