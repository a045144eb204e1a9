// The sandbox keeps time in UTC: "today" and "now" for defaults and E004 are the injected
// clock's UTC date and time, and date-time objects say timezone "UTC".

/** yyyy-mm-dd of the instant, in UTC. */
export function utcDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The yyyy-mm-dd date `days` days after `date`. */
export function addDays(date: string, days: number): string {
  return utcDate(new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000));
}

/** HH:MM of the instant, in UTC. */
export function utcTime(now: Date): string {
  return now.toISOString().slice(11, 16);
}

/** yyyy-mm-dd HH:MM:SS of a stored ISO instant. */
export function sqlDateTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/** The 2.10 date-time object for a yyyy-mm-dd date and an HH:MM (or HH:MM:SS) time. */
export function buildDateTimeObject(date: string, time: string) {
  return { date: `${date} ${withSeconds(time)}`, timezone_type: 3, timezone: 'UTC' };
}

/** The 2.10 date-time object for a stored ISO instant. */
export function instantObject(iso: string) {
  return { date: sqlDateTime(iso), timezone_type: 3, timezone: 'UTC' };
}

export function withSeconds(time: string): string {
  return time.length === 5 ? `${time}:00` : time;
}
