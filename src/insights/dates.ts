// Calendar days in a named timezone (IANA zone, e.g. Asia/Kolkata), with Intl only.
// Purchase dates arrive as wall-clock text ("yyyy-mm-dd HH:MM:SS") in the zone the service
// names beside them; the figures count days in the event's zone.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** Whether Intl knows the zone name. */
export function isKnownTimezone(zone: string): boolean {
  try {
    formatterFor(zone);
    return true;
  } catch {
    return false;
  }
}

/** The machine's zone. */
export function machineTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** "yyyy-mm-dd HH:MM:SS" of the instant, in the zone. */
export function wallTime(instantMs: number, zone: string): string {
  const parts = Object.fromEntries(
    formatterFor(zone)
      .formatToParts(new Date(instantMs))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

const WALL_TIME = /^(\d{4})-(\d\d)-(\d\d)(?:[ T](\d\d):(\d\d)(?::(\d\d))?)?/;

/** The instant a wall-clock time in the zone stands for (the first, when a clock change repeats it). */
export function instantOf(wall: string, zone: string): number | undefined {
  const match = WALL_TIME.exec(wall.trim());
  if (!match) return undefined;
  const [, year, month, day, hour = '0', minute = '0', second = '0'] = match;
  const asUtc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  // The zone's offset at that moment: format the UTC reading in the zone and compare.
  let guess = asUtc;
  for (let pass = 0; pass < 2; pass += 1) {
    const shown = Date.parse(`${wallTime(guess, zone).replace(' ', 'T')}Z`);
    guess = asUtc - (shown - guess);
  }
  return guess;
}

/**
 * A purchaseDate's calendar hour in `zone` ("yyyy-mm-dd HH"; "yyyy-mm-dd" when the text has no
 * time), the date text being wall time in `sourceZone`. Without a source zone, or the same one,
 * the date is taken as written.
 */
export function calendarHour(purchaseDate: string, zone: string, sourceZone: string | undefined): string {
  const text = purchaseDate.trim().replace('T', ' ');
  if (sourceZone === undefined || sourceZone === zone) return text.slice(0, 13);
  const instant = instantOf(text, sourceZone);
  return instant === undefined ? text.slice(0, 13) : wallTime(instant, zone).slice(0, 13);
}

/** A purchaseDate's calendar day in `zone` (see calendarHour). */
export function calendarDay(purchaseDate: string, zone: string, sourceZone: string | undefined): string {
  return calendarHour(purchaseDate, zone, sourceZone).slice(0, 10);
}

/** The `days` dates ending with `last` (yyyy-mm-dd), oldest first. */
export function dayRange(last: string, days: number): string[] {
  const end = Date.parse(`${last}T00:00:00Z`);
  return Array.from({ length: days }, (_, index) => new Date(end - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10));
}
