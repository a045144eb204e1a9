// The fixed values an option or argument takes, for shell completion: commander's `.choices()`, or
// a list a verb registers beside a check of its own (synonyms, a comma-separated --status).
import type { Argument, Option } from 'commander';

const registered = new WeakMap<Option | Argument, readonly string[]>();

export function completeWith<T extends Option | Argument>(target: T, values: readonly string[]): T {
  registered.set(target, values);
  return target;
}

export function completionValues(target: Option | Argument): readonly string[] | undefined {
  return registered.get(target) ?? target.argChoices;
}
