// `bookings list` flags → a validated date range. Checked before any request: a bad date or a
// reversed range is a usage error naming the flag.
import { UsageError } from '../client/errors.js';
import { dateProblem } from '../client/schemas/values.js';

export interface DateRange {
  fromDate: string;
  toDate: string;
}

function checkDate(value: string | undefined, flag: string): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`${flag} is required (yyyy-mm-dd)`, flag);
  const date = value.trim();
  const problem = dateProblem(date);
  if (problem !== undefined) throw new UsageError(`${flag} "${date}": ${problem}`, flag);
  return date;
}

export function validateDateRange(fromDate: string | undefined, toDate: string | undefined): DateRange {
  const from = checkDate(fromDate, '--from-date');
  const to = checkDate(toDate, '--to-date');
  if (to < from) throw new UsageError(`--to-date: ${to} is before --from-date ${from}`, '--to-date');
  return { fromDate: from, toDate: to };
}
