// `bookings list` flags → a validated date range. Checked before any request: a bad date or a
// reversed range is a usage error naming the flag.
import { UsageError } from '../client/errors.js';
import { dateProblem } from '../client/schemas/values.js';

export interface DateRange {
  fromDate: string;
  toDate: string;
}

/** What is wrong with a date flag's value, if anything. */
function dateFlagProblem(value: string | undefined, flag: string): string | undefined {
  if (value === undefined || value.trim() === '') return `${flag} is required (yyyy-mm-dd)`;
  const problem = dateProblem(value.trim());
  return problem === undefined ? undefined : `${flag} "${value.trim()}": ${problem}`;
}

/** Both dates checked, and every problem named at once (`--from-date` and `--to-date` missing: one error). */
export function validateDateRange(fromDate: string | undefined, toDate: string | undefined): DateRange {
  const problems = [
    { flag: '--from-date', problem: dateFlagProblem(fromDate, '--from-date') },
    { flag: '--to-date', problem: dateFlagProblem(toDate, '--to-date') },
  ].filter((found): found is { flag: string; problem: string } => found.problem !== undefined);
  if (problems.length > 0) throw new UsageError(problems.map((found) => found.problem).join('; '), problems[0].flag);
  const from = (fromDate as string).trim();
  const to = (toDate as string).trim();
  if (to < from) throw new UsageError(`--to-date: ${to} is before --from-date ${from}`, '--to-date');
  return { fromDate: from, toDate: to };
}
