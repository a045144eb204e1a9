// Counts in messages: "12,345", and "1 order" / "2 orders" (never "1 orders").

/** 12345 → "12,345". Not toLocaleString: its first call loads ICU's number data (~20 ms). */
export function formatCount(value: number): string {
  return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "1 order", "2 orders", "12,345 attendees"; `plural` for words that do not just take an s. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${Math.round(count) === 1 ? singular : plural}`;
}
