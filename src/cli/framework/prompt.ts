// Questions on the terminal, through @inquirer/prompts (loaded only when a question is asked)
// bound to the injected streams, so tests answer by writing to stdin. Questions are drawn on
// stderr: stdout carries only data, so `boxoffice event create --json > out.json` stays clean
// even when it has to ask.
import type { Writable } from 'node:stream';
import { CancelledError } from '../../client/errors.js';
import type { Deps } from '../../session/deps.js';

interface TextQuestion {
  message: string;
  /** Proposed answer: shown, and taken by Enter alone. */
  default?: string;
  /** Returns true when the answer is acceptable, else the reason shown under the question. */
  validate?: (answer: string) => true | string;
}

interface SelectQuestion<T extends string> {
  message: string;
  choices: readonly T[];
  /** What a choice means, shown beside it. */
  describe?: (choice: T) => string | undefined;
}

interface ConfirmQuestion {
  message: string;
  default?: boolean;
}

export interface Prompter {
  text(question: TextQuestion): Promise<string>;
  /** Like text, but the answer is not echoed (tokens, passwords). */
  secret(question: TextQuestion): Promise<string>;
  select<T extends string>(question: SelectQuestion<T>): Promise<T>;
  confirm(question: ConfirmQuestion): Promise<boolean>;
}

export function createPrompter(deps: Pick<Deps, 'io' | 'signal'>): Prompter {
  const context = () => ({ input: deps.io.stdin, output: unclosable(deps.io.stderr), signal: deps.signal });
  return {
    async text(question) {
      const { input } = await import('@inquirer/prompts');
      return asked(input(question, context()));
    },
    async secret(question) {
      const { password } = await import('@inquirer/prompts');
      return asked(password({ ...question, mask: true }, context()));
    },
    async select<T extends string>(question: SelectQuestion<T>) {
      const { select } = await import('@inquirer/prompts');
      const choices = question.choices.map((value) => {
        const meaning = question.describe?.(value);
        return { value, name: meaning === undefined ? value : `${value}  ${meaning}` };
      });
      return asked(select<T>({ message: question.message, choices }, context()));
    },
    async confirm(question) {
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
    const name = error instanceof Error ? error.name : '';
    if (name === 'ExitPromptError' || name === 'AbortPromptError' || name === 'CancelPromptError') {
      throw new CancelledError('interrupted');
    }
    throw error;
  }
}

/**
 * Inquirer pipes into its output and ends it after each question; the injected stderr must stay
 * open for the next question and for the command's own messages.
 */
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
