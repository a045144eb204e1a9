// `boxoffice checkin EVENT_ID --db DEST` on a terminal: the door's full-screen view, answering from
// the database (offline first); with --sync the list is kept fresh in the background.
import type { ReadStream } from 'node:tty';
import { AttendeeSearch, arrivedCounts, expectedCounts, listUpdatedAt, ticketCounts } from '../../../checkin/attendees.js';
import { openCheckinDatabase } from '../../../checkin/database.js';
import { admitByKey, scan, undoLast } from '../../../checkin/door.js';
import type { CommandContext } from '../../framework/context.js';
import { colorAllowed } from '../../output/rows.js';
import { openBackgroundSync, type BackgroundSync } from './background-sync.js';
import type { CheckinOptions } from './checkin.js';
import { renderView, type ViewState } from './view-screen.js';

/** How often the view reads the counts again (other doors let people in too). */
const REFRESH_MS = 1000;
const MAX_MATCHES = 20;
const ENTER_ALTERNATE_SCREEN = '\x1b[?1049h\x1b[?25l';
const LEAVE_ALTERNATE_SCREEN = '\x1b[?25h\x1b[?1049l';

// Keys from a terminal in raw mode: a chunk of input (a barcode scanner types a whole code and
// Enter in one) split into printable text, escape sequences (arrows) and control keys.
type Control = 'enter' | 'backspace' | 'up' | 'down' | 'escape' | 'undo' | 'clear' | 'quit' | 'ignored';
type Key = { kind: 'text'; text: string } | { kind: Control };

const KEY_TOKEN = /\x1b(?:\[[0-9;?]*[@-~]|O[A-Z])?|\r\n|[\x00-\x1f\x7f]|[^\x00-\x1f\x7f]+/g;
// A terminal's Enter may be \r\n: one Enter.
const CONTROL_KEYS: Readonly<Record<string, Control>> = {
  '\r\n': 'enter',
  '\r': 'enter',
  '\n': 'enter',
  '\x7f': 'backspace',
  '\b': 'backspace',
  '\x1a': 'undo',
  '\x15': 'clear',
  '\x03': 'quit',
  '\x04': 'quit',
  '\x1b': 'escape',
};
const ARROWS: Readonly<Record<string, Control>> = { A: 'up', B: 'down' };

function keysOf(chunk: string): Key[] {
  return Array.from(chunk.matchAll(KEY_TOKEN), ([token]): Key => {
    if (token.length > 1 && token.startsWith('\x1b')) return { kind: ARROWS[token.slice(-1)] ?? 'ignored' };
    if (/^[\x00-\x1f\x7f]/.test(token)) return { kind: CONTROL_KEYS[token] ?? 'ignored' };
    return { kind: 'text', text: token };
  });
}

export async function runDoorView(options: CheckinOptions, context: CommandContext): Promise<void> {
  const { deps } = context;
  const { io } = deps;
  const db = await openCheckinDatabase(options.db, options.eventId);
  let background: BackgroundSync | undefined;
  const stop = new AbortController();
  const stopped = AbortSignal.any([deps.signal, stop.signal]);
  const stdin = io.stdin as ReadStream;
  try {
    if (options.syncMs !== undefined) background = await openBackgroundSync({ ...options, syncMs: options.syncMs }, context);
    const state: ViewState = {
      eventId: options.eventId,
      door: options.door,
      columns: io.columns ?? 80,
      rows: io.rows ?? 24,
      colour: colorAllowed(deps.env),
      input: '',
      matches: [],
      selected: 0,
      counts: [],
      syncLines: [],
      now: deps.clock.now(),
    };
    let queue: Promise<unknown> = Promise.resolve();
    /** Database work, one step at a time, in the order asked. */
    const serial = (work: () => Promise<void>): Promise<void> => {
      const next = queue.then(work);
      queue = next.catch(() => undefined);
      return next;
    };
    const draw = (): void => {
      state.now = deps.clock.now();
      io.stdout.write(`\x1b[H${renderView(state).join('\x1b[K\r\n')}\x1b[K\x1b[J`);
    };
    // The expected counts and the search change only when the sync writes the list: read again then.
    let list: { asOf?: string; expected: Map<string, number>; search: AttendeeSearch } | undefined;
    const refresh = (): Promise<void> =>
      serial(async () => {
        state.listAsOf = await listUpdatedAt(db, options.eventId);
        if (list === undefined || list.asOf !== state.listAsOf) {
          list = { asOf: state.listAsOf, expected: await expectedCounts(db, options.eventId), search: await AttendeeSearch.load(db, options.eventId) };
        }
        state.counts = ticketCounts(list.expected, await arrivedCounts(db, options.eventId));
        state.matches = state.input.trim().length >= 2 ? await list.search.find(db, options.eventId, state.input.trim(), MAX_MATCHES) : [];
        state.selected = Math.min(state.selected, Math.max(0, state.matches.length - 1));
      }).then(draw);
    const enter = (): Promise<void> =>
      serial(async () => {
        const text = state.input.trim();
        if (text === '') return;
        const now = deps.clock.now();
        let result = await scan(db, options.eventId, text, options.door, now);
        const chosen = state.matches[state.selected];
        if (result.outcome === 'not-found' && chosen !== undefined) result = await admitByKey(db, options.eventId, chosen.key, options.door, now);
        state.answer = { kind: 'scan', result };
        state.input = '';
        state.selected = 0;
        state.matches = [];
        // The answer first; the counts follow.
        draw();
      }).then(refresh);
    const undo = (): Promise<void> =>
      serial(async () => {
        const undone = await undoLast(db, options.eventId, options.door);
        state.answer = undone === undefined ? { kind: 'nothing-to-undo' } : { kind: 'undone', undone };
      }).then(refresh);
    const onKey = (key: Key): Promise<void> | undefined => {
      switch (key.kind) {
        case 'text':
          state.input += key.text;
          state.selected = 0;
          return refresh();
        case 'backspace':
          state.input = state.input.slice(0, -1);
          return refresh();
        case 'escape':
        case 'clear':
          state.input = '';
          state.answer = undefined;
          return refresh();
        case 'up':
        case 'down':
          state.selected = Math.min(Math.max(0, state.matches.length - 1), Math.max(0, state.selected + (key.kind === 'up' ? -1 : 1)));
          draw();
          return undefined;
        case 'enter':
          return enter();
        case 'undo':
          return undo();
        case 'quit':
          stop.abort();
          return undefined;
        default:
          return undefined;
      }
    };
    let failure: unknown;
    const fail = (error: unknown): void => {
      failure ??= error;
      stop.abort();
    };
    const onData = (chunk: string | Buffer): void => {
      for (const key of keysOf(String(chunk))) onKey(key)?.catch(fail);
    };
    io.stdout.write(ENTER_ALTERNATE_SCREEN);
    stdin.setRawMode?.(true);
    stdin.setEncoding('utf8');
    stdin.on('data', onData);
    stdin.resume();
    try {
      await refresh();
      const ticking = (async () => {
        while (!stopped.aborted) {
          await deps.clock.sleep(REFRESH_MS, stopped).catch(() => undefined);
          if (!stopped.aborted) await refresh();
        }
      })().catch(fail);
      const syncing = background
        ?.loop((lines) => {
          state.syncLines = lines;
          refresh().catch(fail);
        }, stopped)
        .catch(fail);
      // The ticks run until the view stops; then the database work asked last.
      await Promise.all([ticking, syncing]);
      await queue;
    } finally {
      stdin.off('data', onData);
      stdin.setRawMode?.(false);
      stdin.pause();
      io.stdout.write(LEAVE_ALTERNATE_SCREEN);
    }
    if (failure !== undefined) throw failure;
  } finally {
    await background?.close();
    await db.close();
  }
}
