// Questions on the terminal, through @inquirer/prompts (loaded only when a question is asked)
// bound to the injected streams, so tests answer by writing to stdin. Questions are drawn on
// stderr: stdout carries only data, so `event create --json > out.json` stays clean when it asks.
import type { Writable } from 'node:stream';
import type { confirm, input } from '@inquirer/prompts';
import { CancelledError, DeclinedError, UsageError } from '../../client/errors.js';
import { LIVE_PROFILE } from '../../session/config/profile.js';
import type { Deps } from '../../session/deps.js';
import type { CommandContext } from './context.js';

type TextQuestion = Pick<Parameters<typeof input>[0], 'message' | 'default' | 'validate'>;

export type Prompter = ReturnType<typeof createPrompter>;

export function createPrompter(deps: Pick<Deps, 'io' | 'signal'>) {
  const context = () => ({ input: deps.io.stdin, output: unclosable(deps.io.stderr), signal: deps.signal });
  return {
    async text(question: TextQuestion): Promise<string> {
      const { input } = await import('@inquirer/prompts');
      return asked(input(question, context()));
    },
    /** Like text, but the answer is not echoed (tokens, passwords). */
    async secret(question: TextQuestion): Promise<string> {
      const { password } = await import('@inquirer/prompts');
      return asked(password({ ...question, mask: true }, context()));
    },
    /** `describe`: what a choice means, shown beside it. */
    async select<T extends string>(question: { message: string; choices: readonly T[]; describe?: (choice: T) => string | undefined }): Promise<T> {
      const { select } = await import('@inquirer/prompts');
      const choices = question.choices.map((value) => {
        const meaning = question.describe?.(value);
        return { value, name: meaning === undefined ? value : `${value}  ${meaning}` };
      });
      return asked(select<T>({ message: question.message, choices }, context()));
    },
    async confirm(question: Parameters<typeof confirm>[0]): Promise<boolean> {
      const { confirm } = await import('@inquirer/prompts');
      return asked(confirm(question, context()));
    },
  };
}

/** A prompt closed by Ctrl-C, end of input or the abort signal becomes a CancelledError (exit 130). */
async function asked<T>(answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (error) {
    if (error instanceof Error && /^(Exit|Abort|Cancel)PromptError$/.test(error.name)) throw new CancelledError('interrupted');
    throw error;
  }
}

/** Inquirer ends its output after each question; the injected stderr must stay open for the next one and the command's messages. */
function unclosable(target: Writable): Writable {
  // node:stream loaded with the question, not with every verb that might ask one.
  const { Writable } = process.getBuiltinModule('node:stream');
  const forward = new Writable({
    write(chunk: Buffer | string, encoding: BufferEncoding, done: (error?: Error | null) => void) {
      target.write(chunk, encoding, done);
    },
  });
  const columns = (target as { columns?: number }).columns;
  if (columns !== undefined) Object.defineProperty(forward, 'columns', { value: columns });
  return forward;
}

/** An -o FILE that exists is replaced only with --force or a yes at the prompt (`notDone`: "export not started"). */
export async function confirmReplace(output: string, context: CommandContext, notDone: string): Promise<void> {
  if (!context.globals().input) {
    throw new UsageError(`--output ${output} exists; add --force to replace it, or choose another -o`, '--force');
  }
  const replace = await createPrompter(context.deps).confirm({ message: `${output} exists. Replace it?`, default: false });
  if (!replace) throw new DeclinedError(`${notDone}; ${output} is left as it was`);
}

// The `live` profile acts on the real service: commands that spend, charge or change it ask
// first on a terminal, and need --yes where there is no terminal to ask on.
export interface LiveConfirmation {
  yes: boolean;
  /** What would happen, for the --yes error: "apply on the live profile changes the live service". */
  consequence: string;
  question: string;
  /** The message of the DeclinedError when the answer is no: "nothing changed". */
  declined: string;
}

/** Refuses up front (exit 2) a live-profile run that could not be confirmed: no terminal and no --yes. */
export function requireYesWithoutTerminal(context: CommandContext, confirmation: Pick<LiveConfirmation, 'yes' | 'consequence'>): void {
  const globals = context.globals();
  if (globals.profile !== LIVE_PROFILE || confirmation.yes || globals.input) return;
  throw new UsageError(`${confirmation.consequence}; add --yes to confirm without a terminal`, '--yes');
}

/** On the live profile without --yes: asks on the terminal; "no" is a DeclinedError (exit 1). */
export async function confirmOnLive(context: CommandContext, confirmation: LiveConfirmation): Promise<void> {
  if (context.globals().profile !== LIVE_PROFILE || confirmation.yes) return;
  requireYesWithoutTerminal(context, confirmation);
  const confirmed = await createPrompter(context.deps).confirm({ message: confirmation.question, default: false });
  if (!confirmed) throw new DeclinedError(confirmation.declined);
}
