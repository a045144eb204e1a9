// The fixed values an option or a positional argument takes, for shell completion: commander's
// own choices (`.choices()`), or a list a verb registers beside a check of its own (an enum
// parameter that also takes synonyms, a comma-separated --status, a setting name). Either way
// the list is the one the value is checked against.
import type { Argument, Option } from 'commander';

const registered = new WeakMap<Option | Argument, readonly string[]>();

/** Completes `target`'s value with `values`; returns `target`, for chaining where it is built. */
export function completeWith<T extends Option | Argument>(target: T, values: readonly string[]): T {
  registered.set(target, values);
  return target;
}

export function completionValues(target: Option | Argument): readonly string[] | undefined {
  return registered.get(target) ?? target.argChoices;
}
