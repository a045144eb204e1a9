// Flag handling of events search: every refusal happens before any request (exit 2).
import { describe, expect, it } from 'vitest';
import { searchAllPages, toSearchOptions } from '../../../../src/cli/commands/events/search.js';
import type { EventSummary } from '../../../../src/client/schemas/index.js';
import { runInProcess } from '../../../helpers/cli.js';
import { registerEventsSearch } from '../../../../src/cli/commands/events/search.js';
import { parseVerb, verbAt } from '../../support/verb.js';

// Nothing listens here: a command that got past validation would fail with a connection error
// (exit 1), not a usage error.
const unreachable = {
  BOXOFFICE_CONFIG_DIR: '/nonexistent/boxoffice-test-config',
  BOXOFFICE_API_URL: 'http://127.0.0.1:9',
  BOXOFFICE_PUBLISHER_URL: 'http://127.0.0.1:9',
  BOXOFFICE_AUTH_URL: 'http://127.0.0.1:9',
  BOXOFFICE_PUBLISHER_KEY: 'pk-test',
};

describe('events search flags', () => {
  it('maps every P4 filter flag to its API name', async () => {
    const options = await toSearchOptions({
      keyword: 'jazz',
      city: 'Pune',
      category: 'music',
      price: 'paid',
      fromDate: '2026-12-01',
      toDate: '2026-12-31',
      fromPrice: '100',
      toPrice: '900',
      sortBy: 'latest',
      topics: 'jazz,blues',
      page: '2',
    });
    expect(options).toEqual({
      all: false,
      filters: {
        keyword: 'jazz',
        city: 'Pune',
        category: 'music',
        price: 'paid',
        fromDate: '2026-12-01',
        toDate: '2026-12-31',
        fromPrice: 100,
        toPrice: 900,
        sortBy: 'latest',
        topics: 'jazz,blues',
        page: 2,
      },
    });
  });

  it.each([
    [['events', 'search', '--from-date', '2026-13-01'], '--from-date "2026-13-01": not a calendar date'],
    [['events', 'search', '--price', 'cheap'], 'expected one of free, paid'],
    [['events', 'search', '--page', '0'], '--page'],
    [['events', 'search', '--page', '2', '--all'], '--page and --all cannot be used together'],
    [['events', 'search', '--from-date', '2026-12-02', '--to-date', '2026-12-01'], '--to-date: must not be before --from-date'],
    [['events', 'search', '--from-price', 'ten'], '--from-price "ten": expected a number'],
  ])('%j is refused with exit 2', async (argv, message) => {
    const result = await runInProcess(argv, { env: unreachable });
    expect(result.stderr).toContain(message);
    expect(result.code).toBe(2);
  });

  it('--all pages until an empty page, and stops when a server ignores the page number', async () => {
    const event = (id: number) => ({ id, title: `e${id}` }) as EventSummary;
    const pages: Record<number, EventSummary[]> = { 1: [event(1), event(2)], 2: [event(3)], 3: [] };
    const asked: number[] = [];
    const result = await searchAllPages(
      async (request) => {
        asked.push(request.page as number);
        return { events: pages[request.page as number] ?? [] };
      },
      { city: 'Pune' },
    );
    expect(result).toEqual({ events: [event(1), event(2), event(3)], pages: 2 });
    expect(asked).toEqual([1, 2, 3]);

    const ignoring = await searchAllPages(async () => ({ events: [event(1), event(2)] }), {});
    expect(ignoring).toEqual({ events: [event(1), event(2)], pages: 1 });
  });
});

describe('events search: flags → options', () => {
  const verb = verbAt('events search', registerEventsSearch);

  it('one page by default; every flag is read', async () => {
    expect(await parseVerb(verb, ['events', 'search'])).toMatchObject({ code: 0, runs: [{ filters: {}, all: false }] });
    const parsed = await parseVerb(verb, [
      'events',
      'search',
      '--keyword',
      'jazz',
      '--city',
      'Pune',
      '--category',
      'music',
      '--price',
      'free',
      '--from-date',
      '2026-12-01',
      '--to-date',
      '2026-12-31',
      '--from-price',
      '0',
      '--to-price',
      '500',
      '--sort-by',
      'latest',
      '--page',
      '2',
    ]);
    expect(parsed.code, parsed.stderr).toBe(0);
    expect(parsed.runs).toEqual([
      {
        all: false,
        filters: {
          keyword: 'jazz',
          city: 'Pune',
          category: 'music',
          price: 'free',
          fromDate: '2026-12-01',
          toDate: '2026-12-31',
          fromPrice: 0,
          toPrice: 500,
          sortBy: 'latest',
          page: 2,
        },
      },
    ]);
    expect(await parseVerb(verb, ['events', 'search', '--all'])).toMatchObject({ code: 0, runs: [{ filters: {}, all: true }] });
  });

  it.each([
    [['events', 'search', '--from-date', '2026-12-31', '--to-date', '2026-12-01'], '--to-date'],
    [['events', 'search', '--from-price', '500', '--to-price', '10'], '--to-price'],
    [['events', 'search', '--from-date', '2026-02-30'], '--from-date'],
  ])('refuses %j with exit 2, naming %s, before running', async (argv, named) => {
    const parsed = await parseVerb(verb, argv);
    expect(parsed).toMatchObject({ code: 2, runs: [] });
    expect(parsed.stderr).toContain(named);
  });

  it('refuses --all with --page with exit 2 before running', async () => {
    const parsed = await parseVerb(verb, ['events', 'search', '--all', '--page', '2']);
    expect(parsed).toMatchObject({ code: 2, runs: [] });
    expect(parsed.stderr).toContain('--page');
  });
});
