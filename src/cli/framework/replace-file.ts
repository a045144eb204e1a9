// An -o FILE that exists is replaced only when asked to: --force, or a yes at the prompt on a
// terminal. `attendees export` and `insights -o` follow this one rule.
import { DeclinedError, UsageError } from '../../client/errors.js';
import type { CommandContext } from './context.js';
import { createPrompter } from './prompt.js';

/** `notDone`: what is left undone when the answer is no ("export not started"). */
export async function confirmReplace(output: string, context: CommandContext, notDone: string): Promise<void> {
  if (!context.globals().input) {
    throw new UsageError(`--output ${output} exists; add --force to replace it, or choose another -o`, '--force');
  }
  const replace = await createPrompter(context.deps).confirm({ message: `${output} exists. Replace it?`, default: false });
  if (!replace) throw new DeclinedError(`${notDone}; ${output} is left as it was`);
}
