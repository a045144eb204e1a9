// The service's date-times as the CLI shows them.
import { splitDateTime } from '../../client/fields/read-back.js';

/** `{date: "yyyy-mm-dd HH:MM:SS", …}` → "yyyy-mm-dd HH:MM"; what cannot be read, as it came. */
export function dateTimeText(value: { date: string } | null | undefined): string | undefined {
  const at = splitDateTime(value);
  return at ? [at.date, at.time].filter(Boolean).join(' ') : value?.date;
}
