// Durations as people read them, for messages of every layer (the export's progress and waits,
// the CLI's summaries).

/** The shortest of "250ms", "45s", "1m30s", "2h5m" for a span of milliseconds. */
export function formatDuration(ms: number): string {
  if (ms > 0 && ms < 1000) return `${Math.round(ms)}ms`;
  let seconds = Math.round(ms / 1000);
  const hours = Math.floor(seconds / 3600);
  seconds -= hours * 3600;
  const minutes = Math.floor(seconds / 60);
  seconds -= minutes * 60;
  return [hours && `${hours}h`, minutes && `${minutes}m`, seconds && `${seconds}s`].filter(Boolean).join('') || '0s';
}
