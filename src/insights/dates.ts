// Calendar days in a named timezone (IANA zone, e.g. Asia/Kolkata), with Intl only. Purchase dates arrive as wall-clock text ("yyyy-mm-dd HH:MM:SS") in the
// zone the service names beside them; the figures count days in the event's zone.
import { instantOf, wallTime } from '../util/zoned-time.js';

export { instantOf, isKnownTimezone, machineTimezone, wallTime } from '../util/zoned-time.js';

/** A purchaseDate's calendar hour in `zone` ("yyyy-mm-dd HH", or the day alone), read as wall time in `sourceZone` (as written without one). */
function calendarHour(purchaseDate: string, zone: string, sourceZone: string | undefined): string {
  const text = purchaseDate.trim().replace('T', ' ');
  if (sourceZone === undefined || sourceZone === zone) return text.slice(0, 13);
  const instant = instantOf(text, sourceZone);
  return instant === undefined ? text.slice(0, 13) : wallTime(instant, zone).slice(0, 13);
}

/** Days and today in `timezone`; `sourceZone`: the zone the purchase dates are written in, when known (else taken as written). */
export function figuresClock(timezone: string, sourceZone: string | undefined, now: () => number) {
  return { today: () => wallTime(now(), timezone).slice(0, 10), hourOf: (purchaseDate: string) => calendarHour(purchaseDate, timezone, sourceZone) };
}

/** The `days` dates ending with `last` (yyyy-mm-dd), oldest first. */
export function dayRange(last: string, days: number): string[] {
  const end = Date.parse(`${last}T00:00:00Z`);
  return Array.from({ length: days }, (_, index) => new Date(end - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10));
}
