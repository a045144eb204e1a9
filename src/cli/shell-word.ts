// A value quoted for a POSIX shell, for the commands messages suggest: left bare when that is safe.
export function shellWord(text: string): string {
  return /^[\w.@%+=:,/-]+$/.test(text) ? text : `'${text.replace(/'/g, "'\\''")}'`;
}
