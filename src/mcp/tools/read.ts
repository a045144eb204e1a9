// The read tools: events, tickets, the sales report and bookings, each the CLI verb run with
// --json. None changes anything.
import * as z from 'zod';
import { KNOWN_COLUMNS } from '../../cli/commands/bookings/shared.js';
import { runListBookings } from '../../cli/commands/bookings/list.js';
import { runEventGet } from '../../cli/commands/event/get.js';
import { runEventList } from '../../cli/commands/event/list.js';
import { runReport } from '../../cli/commands/report/report.js';
import { runTicketList } from '../../cli/commands/ticket/list.js';
import { validateDateRange } from '../../bookings/list-input.js';
import { splitIntoWindows } from '../../bookings/windows.js';
import { DATE_PATTERN, FORMAT_MESSAGES } from '../../client/schemas/values.js';
import { EVENT_INPUT, eventIds } from '../input-schema.js';
import { READ_ONLY, type BoxofficeTool, type ToolInput } from '../tool.js';
import { TOOL_CALL_MAX_WAIT_MS, toolCall, verbDocument, type ServerSettings } from '../tool-call.js';
import type { CommandContext } from '../../cli/context.js';

/** A read tool that runs one verb (about the event `EVENT_ID`, when `aboutEvent`) and returns its JSON document. */
function verbTool(
  settings: ServerSettings,
  tool: Pick<BoxofficeTool, 'name' | 'title' | 'summary'>,
  run: (options: { eventId: string }, context: CommandContext) => Promise<void>,
  aboutEvent = true,
): BoxofficeTool {
  return {
    ...tool,
    reads: '1 read call',
    changes: 'nothing',
    writes: false,
    input: aboutEvent ? EVENT_INPUT : {},
    annotations: READ_ONLY,
    run: (input: ToolInput, signal) => {
      const ids = aboutEvent ? eventIds(input) : {};
      return toolCall(settings, ids, () => verbDocument(settings, signal, (context) => run({ eventId: ids.EVENT_ID as string }, context)));
    },
  };
}

const dateInput = (description: string) => z.string().regex(DATE_PATTERN, FORMAT_MESSAGES.date).describe(`${description} (yyyy-mm-dd)`);

export function readTools(settings: ServerSettings): BoxofficeTool[] {
  return [
    verbTool(
      settings,
      { name: 'list_events', title: 'List events', summary: "The account's events: id, title, start and end, type, status and address of each." },
      (_options, context) => runEventList(context),
      false,
    ),
    verbTool(
      settings,
      { name: 'get_event', title: 'Get an event', summary: 'One event as the organizer sees it: every field the service keeps.' },
      runEventGet,
    ),
    verbTool(
      settings,
      { name: 'list_tickets', title: 'List tickets', summary: 'The tickets of an event: name, price, currency, quantity on sale, status and sale period.' },
      runTicketList,
    ),
    verbTool(
      settings,
      {
        name: 'sales_report',
        title: 'Sales report',
        summary: 'The sales report of an event: tickets sold, cancelled, platform fee and amount per ticket, and the totals.',
      },
      runReport,
    ),
    {
      name: 'list_bookings',
      title: 'List bookings',
      summary:
        'Booking orders created between two dates (inclusive, any range): order number, created, status, amount and currency ' +
        "(no buyer details). Needs the profile's booking key.",
      reads: '1 read call per 31 days of the range (a year: 12)',
      changes: 'nothing',
      writes: false,
      input: { fromDate: dateInput('first day'), toDate: dateInput('last day') },
      annotations: READ_ONLY,
      run: (input, signal) =>
        toolCall(settings, {}, async () => {
          const range = validateDateRange(input.fromDate as string, input.toDate as string);
          const document = (await verbDocument(settings, signal, (context) =>
            runListBookings({ ...range, format: 'table', yes: true, maxWaitMs: TOOL_CALL_MAX_WAIT_MS }, context),
          )) as { bookings: Record<string, unknown>[] };
          const bookings = document.bookings.map((booking) => Object.fromEntries(KNOWN_COLUMNS.map((column) => [column, booking[column] ?? null])));
          return { ...range, count: bookings.length, reads: splitIntoWindows(range.fromDate, range.toDate).length, bookings };
        }),
    },
  ];
}
