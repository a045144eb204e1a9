// Which day a purchase falls on, and which day is today, in the zone the figures are counted in.
import { calendarHour, wallTime } from './dates.js';
import type { FiguresClock } from './figures.js';

/** `sourceZone`: the zone the purchase dates are written in, when known (else taken as written). */
export function figuresClock(timezone: string, sourceZone: string | undefined, nowMs: number): FiguresClock {
  return { today: wallTime(nowMs, timezone).slice(0, 10), hourOf: (purchaseDate) => calendarHour(purchaseDate, timezone, sourceZone) };
}
