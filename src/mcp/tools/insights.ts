// `sales_insights`: the figures of `boxoffice insights`, read live, with each ticket's sell-through.
// Only counts and sums leave the server: no attendee row, no city, no answer to a question.
import { join } from 'node:path';
import { exportSource } from '../../export/checkpoint.js';
import { DEFAULT_PREFETCH } from '../../export/export-attendees.js';
import { readEventLive } from '../../insights/live.js';
import { sellThrough } from '../../insights/report.js';
import { configDirectory } from '../../session/config/store.js';
import { attendeeListRefused, withPermissionExplained } from '../../session/permission.js';
import { withSession } from '../../session/session.js';
import * as z from 'zod';
import { EVENT_INPUT, eventIds } from '../input-schema.js';
import { closed, closedSchema, text, textSchema } from '../service-text.js';
import { ATTENDEE_LIST_TOKEN_NOTE, READ_ONLY, type BoxofficeTool } from '../tool.js';
import { toolCall, toolContext, type ServerSettings } from '../tool-call.js';

const count = (description: string) => z.number().describe(description);

const INSIGHTS_OUTPUT = {
  eventId: closedSchema('id', 'the event'),
  title: textSchema('its title'),
  currency: closedSchema('code', 'the currency of the amounts').nullable(),
  timezone: closedSchema('code', 'the time zone of the days').nullable(),
  generatedAt: z.string().describe('when the figures were made (ISO 8601, UTC)'),
  reads: count('the read calls spent'),
  totals: z.object({
    orders: count('orders'),
    attendees: count('attendees (one per ticket)'),
    revenue: count('the sum of what the buyers paid'),
    cancelled: count('cancelled attendees'),
    cancelledShare: count('cancelled of all attendees (0 to 1)'),
    checkedIn: count('checked-in attendees'),
    checkedInShare: count('checked in of all attendees (0 to 1)'),
  }),
  daily: z.array(z.object({ date: closedSchema('date', 'the day'), orders: count('orders'), attendees: count('attendees'), revenue: count('revenue') })),
  tickets: z.array(z.object({ ticket: textSchema('the ticket'), attendees: count('attendees'), revenue: count('revenue') })),
  sellThrough: z.object({
    tickets: z.array(
      z.object({
        ticketId: closedSchema('id', 'the ticket'),
        ticket: textSchema('its name'),
        sold: count('sold'),
        onSale: count('on sale'),
        share: z.number().nullable().describe('sold of those on sale (null: none on sale)'),
      }),
    ),
    total: z.object({ sold: count('sold'), onSale: count('on sale'), share: z.number().nullable().describe('sold of those on sale') }),
  }),
};

export function insightsTool(settings: ServerSettings): BoxofficeTool {
  return {
    name: 'sales_insights',
    title: 'Sales insights',
    summary:
      'How sales of an event are going: totals (orders, attendees, revenue, cancelled and checked-in shares), sales per day, ' +
      `per ticket, and each ticket's sell-through (sold of those on sale). ${ATTENDEE_LIST_TOKEN_NOTE}`,
    reads: '3 read calls, plus 1 per 50 orders of the attendee list and 1 more to find its end',
    changes: 'nothing on the service (a work file beside the profile, removed when done)',
    writes: false,
    input: EVENT_INPUT,
    output: INSIGHTS_OUTPUT,
    annotations: READ_ONLY,
    run: (input, signal) => {
      const ids = eventIds(input);
      const eventId = ids.EVENT_ID as string;
      const context = toolContext(settings, signal);
      const { deps } = context;
      return toolCall(settings, ids, () =>
        withSession(context, { token: true }, async (session) => {
          const live = await withPermissionExplained(attendeeListRefused(eventId), () =>
            readEventLive(eventId, {
              api: session.client.events,
              source: exportSource(session.profile.apiUrl as string, session.profile.token as string),
              workPath: join(configDirectory(deps.env), 'insights-work', `mcp-${session.profileName}-${eventId.replace(/[^\w.-]/g, '_')}.ndjson`),
              notice: (line) => deps.io.stderr.write(`${line}\n`),
              signal,
              now: () => deps.clock.now().getTime(),
              stdout: deps.io.stdout,
              prefetch: DEFAULT_PREFETCH,
            }),
          );
          const { totals, daily, tickets } = live.figures.figures();
          const through = sellThrough(live.facts.tickets, live.facts.report);
          return {
            eventId: closed('id', eventId),
            title: text(live.facts.title),
            currency: closed('code', live.facts.currency),
            timezone: closed('code', live.facts.timezone),
            generatedAt: deps.clock.now().toISOString(),
            reads: live.reads,
            totals,
            daily: daily.map((day) => ({ ...day, date: closed('date', day.date) })),
            tickets: tickets.map((line) => ({ ...line, ticket: text(line.ticket) })),
            sellThrough: {
              tickets: through.tickets.map((line) => ({ ...line, ticketId: closed('id', line.ticketId), ticket: text(line.ticket) })),
              total: through.total,
            },
          };
        }),
      );
    },
  };
}
