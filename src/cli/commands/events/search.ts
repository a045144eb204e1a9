// `boxoffice events search` (P4): every filter the service takes as a flag, one page (`--page N`)
// or every page (`--all`, until an empty page).
import type { Command } from 'commander';
import { UsageError } from '../../../client/errors.js';
import type { EventSearchRequest, EventSummary } from '../../../client/schemas/index.js';
import { verbAction, type CommandContext, type RunVerb } from '../../framework/context.js';
import { addParamFlags, checkFormats, paramValues } from '../../framework/params.js';
import { SEARCH_PARAMS } from '../../framework/fields.js';
import { eventSearchRequest } from '../../../client/schemas/requests.js';
import { parseRequest } from '../../../client/validate.js';
import { PUBLISHER_KEY_ONLY, withSession } from '../../../session/session.js';
import { writeAnswer } from '../../output/index.js';

export interface SearchOptions {
  filters: EventSearchRequest;
  all: boolean;
}

export function registerEventsSearch(group: Command, context: CommandContext, run: RunVerb<SearchOptions> = runEventsSearch): void {
  const command = group.command('search').description('search public events; one page, or every page with --all');
  addParamFlags(command, SEARCH_PARAMS)
    .option('--all', 'fetch every page until an empty one (not with --page)')
    .addHelpText(
      'after',
      `
Examples:
  boxoffice events search --city Pune --category technology --sort-by latest
  boxoffice events search --price free --from-date 2026-12-01 --to-date 2026-12-31 --all --json`,
    )
    .action(verbAction(context, run, (flags: Record<string, unknown>) => toSearchOptions(flags)));
}

export async function toSearchOptions(flags: Record<string, unknown>): Promise<SearchOptions> {
  const values = paramValues(SEARCH_PARAMS, flags);
  checkFormats(SEARCH_PARAMS, values);
  const all = flags.all === true;
  if (all && values.page !== undefined) throw new UsageError('--page and --all cannot be used together', '--page');
  // Checked by the client's schema: a refused field is named by its flag (runCli).
  const filters = parseRequest(eventSearchRequest, values);
  if (filters.fromDate && filters.toDate && filters.toDate < filters.fromDate) {
    throw new UsageError('--to-date: must not be before --from-date', '--to-date');
  }
  if (filters.fromPrice !== undefined && filters.toPrice !== undefined && filters.toPrice < filters.fromPrice) {
    throw new UsageError('--to-price: must not be less than --from-price', '--to-price');
  }
  return { filters, all };
}

/** Pages from 1 until an empty page, or a page with nothing new (a server that ignores `page`). */
export async function searchAllPages(
  search: (request: EventSearchRequest) => Promise<{ events: EventSummary[] }>,
  filters: EventSearchRequest,
  signal?: AbortSignal,
): Promise<{ events: EventSummary[]; pages: number }> {
  const events: EventSummary[] = [];
  const seen = new Set<number>();
  for (let page = 1; ; page += 1) {
    signal?.throwIfAborted();
    const body = await search({ ...filters, page });
    const fresh = body.events.filter((event) => !seen.has(event.id));
    if (fresh.length === 0) return { events, pages: page - 1 };
    for (const event of fresh) seen.add(event.id);
    events.push(...fresh);
  }
}

async function runEventsSearch(options: SearchOptions, context: CommandContext): Promise<void> {
  await withSession(context, PUBLISHER_KEY_ONLY, async (session) => {
    const search = (request: EventSearchRequest) => session.client.publisher.searchEvents(request);
    const body = options.all
      ? await searchAllPages(search, options.filters, context.deps.signal).then(({ pages, events }) => ({ status: 'success', pages, events }))
      : await search(options.filters);
    await writeAnswer<EventSummary>(
      context,
      body,
      [
        { header: 'id', value: (event) => event.id },
        { header: 'title', value: (event) => event.title },
        { header: 'starts', value: (event) => event.startDateTime ?? `${event.startDateFormat} ${event.startTime}` },
        { header: 'city', value: (event) => event.city },
        { header: 'category', value: (event) => event.category },
        { header: 'from', value: (event) => `${event.minPrice} ${event.currency}`, alignRight: true },
        { header: 'url', value: (event) => event.url },
      ],
      body.events,
      { emptyMessage: 'no events match' },
    );
  });
}
