// `boxoffice bookings list --from-date D --to-date D`: E13 over any date range. The service
// refuses spans over 31 days (T009), so the range is fetched in windows and merged (src/bookings).
// A range needing more than LARGE_RANGE_CALLS calls says so first (and asks on a terminal): each
// call spends one of the live service's read calls (about 30 an hour).
import { Option, type Command } from 'commander';
import { DeclinedError } from '../../../client/errors.js';
import { collectBookings, KNOWN_COLUMNS, splitIntoWindows, validateDateRange, type DateWindow } from '../../../bookings/windows.js';
import { parseDuration } from '../../framework/duration.js';
import type { BookingOrder } from '../../../client/schemas/index.js';
import { verbAction, type CommandContext, type RunVerb } from '../../framework/context.js';
import { withSession } from '../../../session/session.js';
import { BOOKING_KEY_FILE_HELP, removedBookingKeyFlag, resolveBookingKey } from './shared.js';
import { createPrompter } from '../../framework/prompt.js';
import { writeAnswer } from '../../output/index.js';
import { statusLine } from '../../../util/status-line.js';
import { countOf, formatMoney } from '../../../util/count.js';
import { HOURLY_READ_QUOTA } from '../../../client/live-quotas.js';
import { csvLine } from '../../../util/csv.js';
import { printOut } from '../../../session/deps.js';

const LIST_FORMATS = ['table', 'csv'] as const;

type ListFlags = Partial<DateWindow> & { bookingKeyFile?: string; format: (typeof LIST_FORMATS)[number]; yes?: boolean; maxWait?: string };
type ListBookingsOptions = DateWindow & Omit<ListFlags, keyof DateWindow | 'maxWait'> & { maxWaitMs?: number };

/** Past this many calls, the command says how many it will make before making them. */
const LARGE_RANGE_CALLS = 100;

export function registerBookingsList(group: Command, context: CommandContext, run: RunVerb<ListBookingsOptions> = runListBookings): void {
  group
    .command('list')
    .description('list booking orders between two dates (any range: fetched 31 days at a time)')
    .option('--from-date <yyyy-mm-dd>', 'first day, inclusive (required)')
    .option('--to-date <yyyy-mm-dd>', 'last day, inclusive (required)')
    .option('--booking-key-file <file>', BOOKING_KEY_FILE_HELP)
    .addOption(removedBookingKeyFlag(context))
    .addOption(new Option('--format <format>', 'output format').choices(LIST_FORMATS).default('table'))
    .option('--yes', `do not ask before a range that needs more than ${LARGE_RANGE_CALLS} calls`)
    .option('--max-wait <duration>', "longest total wait for the service's rate limit (E023), over all calls, e.g. 90s, 10m, 1h (default: 2m a call)")
    .addHelpText(
      'after',
      '\nExamples:\n  boxoffice bookings list --from-date 2026-01-01 --to-date 2026-12-31\n' +
        '  boxoffice bookings list --from-date 2026-03-01 --to-date 2026-03-31 --format csv > march.csv\n',
    )
    .action(
      verbAction(context, run, ({ fromDate, toDate, maxWait, bookingKeyFile, format, yes }: ListFlags) => ({
        ...validateDateRange(fromDate, toDate),
        maxWaitMs: maxWait === undefined ? undefined : parseDuration(maxWait, '--max-wait'),
        bookingKeyFile,
        format,
        yes,
      })),
    );
}

const COLUMN_HEADERS: Record<(typeof KNOWN_COLUMNS)[number], string> = {
  orderNo: 'order',
  createdOn: 'created',
  status: 'status',
  amount: 'amount',
  currency: 'currency',
};

async function runListBookings(options: ListBookingsOptions, context: CommandContext): Promise<void> {
  const { deps } = context;
  const globals = context.globals();
  await confirmLargeRange(options, context);
  await withSession(context, { token: true, maxWaitMs: options.maxWaitMs }, async (session) => {
    const bookingKey = await resolveBookingKey({ file: options.bookingKeyFile, fromProfile: session.profile.bookingKey }, deps);
    const progress = statusLine(deps.io.stderr);
    let receivedSoFar = 0;
    const bookings = await collectBookings<BookingOrder>({
      fromDate: options.fromDate,
      toDate: options.toDate,
      signal: deps.signal,
      fetchWindow: async (window) => (await session.client.events.bookingList({ ...window, bookingKey })).bookings,
      onWindow: (window, index, total, received) => {
        receivedSoFar += received;
        if (total > 1 && deps.io.stderrIsTTY && !globals.json) {
          progress.show(`reading bookings: window ${index + 1} of ${total} (up to ${window.toDate}), ${countOf(receivedSoFar, 'booking')} so far`);
        }
      },
    }).finally(() => progress.clear());
    await writeBookings(bookings, options.format, context);
  });
}

/** Over LARGE_RANGE_CALLS calls: says how many; asks on a terminal unless --yes; with --no-input goes on and says so. */
async function confirmLargeRange(options: ListBookingsOptions, context: CommandContext): Promise<void> {
  const calls = splitIntoWindows(options.fromDate, options.toDate).length;
  if (calls <= LARGE_RANGE_CALLS) return;
  const { deps } = context;
  const what =
    `${options.fromDate} – ${options.toDate} needs ${calls} calls to the service (one per 31 days); ` +
    `the live service allows about ${HOURLY_READ_QUOTA} read calls an hour`;
  if (options.yes) {
    deps.io.stderr.write(`bookings list: ${what}; going on (--yes)\n`);
    return;
  }
  if (!context.globals().input) {
    deps.io.stderr.write(`bookings list: ${what}; going on without asking (--no-input or no terminal)\n`);
    return;
  }
  const confirmed = await createPrompter(deps).confirm({ message: `${what}. Make them?`, default: false });
  if (!confirmed) throw new DeclinedError(`bookings list: not fetched (${calls} calls declined); narrow --from-date/--to-date, or pass --yes`);
}

async function writeBookings(bookings: BookingOrder[], format: ListBookingsOptions['format'], context: CommandContext): Promise<void> {
  const { deps } = context;
  if (format === 'csv' && !context.globals().json) {
    // The fixed columns, then every other field the service sent (the service fixes no shape), as first seen.
    const columns = [...new Set([...KNOWN_COLUMNS, ...bookings.flatMap((booking) => Object.keys(booking))])];
    printOut(deps.io, csvLine(columns) + bookings.map((booking) => csvLine(columns.map((column) => cellText(booking[column])))).join(''));
    return;
  }
  await writeAnswer(
    context,
    { status: 'success', bookings },
    KNOWN_COLUMNS.map((column) => ({
      header: COLUMN_HEADERS[column],
      value: (booking: BookingOrder) => (column === 'amount' && deps.io.stdoutIsTTY ? formatMoney(cellText(booking.amount)) : cellText(booking[column])),
      alignRight: column === 'amount',
    })),
    bookings,
    { emptyMessage: 'no bookings in this range' },
  );
}

function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
