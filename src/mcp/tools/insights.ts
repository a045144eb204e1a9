// `sales_insights`: the figures of `boxoffice insights` (totals, sales per day, per ticket) read
// live through the export machinery, with the sell-through of each ticket. Only counts and sums
// leave the server: no attendee row, no city, no answer to a question.
import { join } from 'node:path';
import { exportSource } from '../../export/checkpoint.js';
import { readEventLive } from '../../insights/live.js';
import { sellThrough } from '../../insights/sell-through.js';
import { ATTENDEE_LIST_TOKEN_NOTE, DEFAULT_PREFETCH, attendeeListRefused } from '../../cli/commands/attendees/shared.js';
import { configDirectory } from '../../cli/config/store.js';
import { withPermissionExplained } from '../../cli/permission.js';
import { withSession } from '../../cli/session.js';
import { EVENT_INPUT, eventIds } from '../input-schema.js';
import { READ_ONLY, type BoxofficeTool } from '../tool.js';
import { toolCall, toolContext, type ServerSettings } from '../tool-call.js';

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
    annotations: READ_ONLY,
    run: (input, signal) => {
      const ids = eventIds(input);
      const eventId = ids.EVENT_ID as string;
      const context = toolContext(settings, signal);
      const { deps } = context;
      return toolCall(settings, ids, () =>
        withSession(context, { token: true }, async (session) => {
          const explained = attendeeListRefused(eventId);
          const notice = (line: string) => deps.io.stderr.write(`${line}\n`);
          const live = await withPermissionExplained(explained, () =>
            readEventLive(eventId, {
              api: session.client.events,
              source: exportSource(session.profile.apiUrl as string, session.profile.token as string),
              workPath: join(configDirectory(deps.env), 'insights-work', `mcp-${session.profileName}-${eventId.replace(/[^\w.-]/g, '_')}.ndjson`),
              notice,
              signal,
              now: () => deps.clock.now().getTime(),
              stdout: deps.io.stdout,
              prefetch: DEFAULT_PREFETCH,
            }),
          );
          const { totals, daily, tickets } = live.figures.figures();
          return {
            eventId,
            title: live.facts.title,
            currency: live.facts.currency,
            timezone: live.facts.timezone,
            generatedAt: deps.clock.now().toISOString(),
            reads: live.reads,
            totals,
            daily,
            tickets,
            sellThrough: sellThrough(live.facts.tickets, live.facts.report),
          };
        }),
      );
    },
  };
}
