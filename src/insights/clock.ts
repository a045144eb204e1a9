// Which day a purchase falls on, and which day is today, in the zone the figures are counted in.
import { calendarHour, wallTime } from './dates.js';
import type { FiguresClock } from './figures.js';

/** `sourceZone`: the zone the purchase dates are written in, when known (else taken as written); `now`: when today is asked. */
export function figuresClock(timezone: string, sourceZone: string | undefined, now: () => number): FiguresClock {
  return { today: () => wallTime(now(), timezone).slice(0, 10), hourOf: (purchaseDate) => calendarHour(purchaseDate, timezone, sourceZone) };
}
