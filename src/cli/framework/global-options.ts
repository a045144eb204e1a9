// Kept apart from the command framework: the start-up loader (src/loader/) reads it too, and
// must not load commander to learn it.
/** Global options that take a value, so the word after them is not a command name. */
export const GLOBAL_OPTIONS_WITH_VALUE: ReadonlySet<string> = new Set(['--profile']);
