// The service's date-times as the CLI shows them.

/** "yyyy-mm-dd HH:MM:SS" → ["yyyy-mm-dd", "HH:MM"]. */
export function splitDateTime(value: string | undefined): [string, string] | undefined {
  const match = value ? /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})/.exec(value) : null;
  return match ? [match[1], match[2]] : undefined;
}
