/** A word as a POSIX shell reads it back: as it is when plain, else in single quotes. */
export function shellQuote(text: string): string {
  return /^[\w.,/:@%+=-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
