// Answers terminal questions the way a person does: waits until each question is shown on the
// output stream, then types the answer on the input stream. No clock involved.
import type { PassThrough, Readable, Writable } from 'node:stream';

export interface PromptAnswer {
  /** Text that appears when the question is asked (e.g. its flag name). */
  when: string;
  /** Keystrokes: '\r' submits, '\x1b[B' is arrow-down, '\x15' clears the line. */
  type: string;
}

/** Resolves once every answer has been typed; rejects if the output ends first. */
export function answerPrompts(output: Readable, input: Writable | PassThrough, answers: readonly PromptAnswer[]): Promise<void> {
  let shown = '';
  let next = 0;
  let searchFrom = 0;
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer | string) => {
      shown += chunk.toString();
      while (next < answers.length) {
        const at = shown.indexOf(answers[next].when, searchFrom);
        if (at < 0) return;
        searchFrom = at + answers[next].when.length;
        // Typed on the next turn of the event loop: the question starts listening for keys
        // right after it has drawn itself.
        const keys = answers[next].type;
        setImmediate(() => input.write(keys));
        next += 1;
      }
      output.off('data', onData);
      resolve();
    };
    output.on('data', onData);
    output.once('end', () => {
      if (next < answers.length) reject(new Error(`output ended before "${answers[next].when}" was asked`));
    });
  });
}
