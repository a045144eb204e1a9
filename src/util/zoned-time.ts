// Wall-clock times in a named timezone (IANA zone, e.g. Asia/Kolkata), with Intl only: the
// service sends its date-times as wall-clock text beside the zone they are in.

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

export function isKnownTimezone(zone: string): boolean {
  try {
    formatterFor(zone);
    return true;
  } catch {
    return false;
  }
}

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
  if (zone === 'UTC') return asUtc;
  // The zone's offset at that moment: format the UTC reading in the zone and compare.
  let guess = asUtc;
  for (let pass = 0; pass < 2; pass += 1) {
    const shown = Date.parse(`${wallTime(guess, zone).replace(' ', 'T')}Z`);
    guess = asUtc - (shown - guess);
  }
  return guess;
}
