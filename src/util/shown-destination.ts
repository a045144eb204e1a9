/** A database destination as messages show it (sync --to, checkin --db): a file path as given, a URL without its password. */
export function shownDestination(destination: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(destination)) return destination;
  try {
    const url = new URL(destination);
    if (url.password !== '') url.password = '***';
    return url.toString();
  } catch {
    return 'the database URL given';
  }
}
