// The door's full-screen view as lines of text, from the view's state (pure; fits 80x24). The
// answer to a scan is a banner across the screen (a colour per answer; with colour off, rows of
// blocks); counts, the list's freshness, the typed text and the matching attendees stay on screen.
import type { DoorAttendee, TicketCount } from '../../../checkin/attendees.js';
import type { ScanResult, Undone } from '../../../checkin/door.js';
import { formatCount } from '../../../util/count.js';
import { formatClockTime, who } from './answer.js';

type Answer = { kind: 'scan'; result: ScanResult } | { kind: 'undone'; undone: Undone } | { kind: 'nothing-to-undo' };

export interface ViewState {
  eventId: string;
  door: string;
  columns: number;
  rows: number;
  colour: boolean;
  input: string;
  matches: DoorAttendee[];
  selected: number;
  answer?: Answer;
  counts: TicketCount[];
  listAsOf?: string;
  /** The background sync's plan and last outcome (with --sync). */
  syncLines: string[];
  now: Date;
}

/** Lines the screen keeps for the matches below the typed text, at least. */
const MIN_MATCH_ROWS = 3;
const TICKET_ROWS = 4;

const STYLE = {
  in: '\x1b[1;97;42m',
  'already-in': '\x1b[1;30;43m',
  'not-found': '\x1b[1;97;41m',
  cancelled: '\x1b[1;97;45m',
  undone: '\x1b[1;30;47m',
} as const;
const RESET = '\x1b[0m';
const BOLD = '\x1b[1m';
const INVERSE = '\x1b[7m';

type Tone = keyof typeof STYLE;

function clip(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, Math.max(0, width - 1))}…` : text;
}

function ago(iso: string, now: Date): string {
  const seconds = Math.max(0, Math.round((now.getTime() - Date.parse(iso)) / 1000));
  if (seconds < 90) return `${seconds} s ago`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} min ago`;
  return `${Math.round(seconds / 3600)} h ago`;
}

function answerText(answer: Answer): { tone: Tone; headline: string; details: string[] } {
  if (answer.kind === 'nothing-to-undo') return { tone: 'undone', headline: 'NOTHING TO UNDO', details: ['this door has let nobody in'] };
  if (answer.kind === 'undone') {
    const { attendees, checkedInAt } = answer.undone;
    return { tone: 'undone', headline: 'UNDONE', details: attendees.map((attendee) => `${who(attendee)} (was in at ${formatClockTime(checkedInAt)})`) };
  }
  const { result } = answer;
  const cancelled = result.cancelled.map((attendee) => `cancelled: ${attendee.name}`);
  switch (result.outcome) {
    case 'in':
      return {
        tone: 'in',
        headline: result.admitted.length > 1 ? `IN (${result.admitted.length})` : 'IN',
        details: [
          ...result.admitted.map(who),
          ...result.alreadyIn.map((attendee) => `already in: ${attendee.name}, ${formatClockTime(attendee.checkedInAt ?? '')} at door ${attendee.door}`),
          ...cancelled,
        ],
      };
    case 'already-in': {
      const [{ checkedInAt, door }] = result.alreadyIn;
      const details = [`since ${formatClockTime(checkedInAt ?? '')} at door ${door}`, ...result.alreadyIn.map(who), ...cancelled];
      return { tone: 'already-in', headline: 'ALREADY IN', details };
    }
    case 'cancelled':
      return { tone: 'cancelled', headline: 'CANCELLED', details: ['do not let in', ...result.cancelled.map(who)] };
    case 'not-found':
      return { tone: 'not-found', headline: 'NOT FOUND', details: [`no ticket or order ${result.code} in the list`] };
  }
}

function banner(state: ViewState): string[] {
  const width = state.columns;
  if (state.answer === undefined) {
    return ['', clip('  Scan a ticket, or type a ticket or order number, a name or an e-mail; Enter lets in.', width), '', '', ''];
  }
  const { tone, headline, details } = answerText(state.answer);
  const detailLines = details.slice(0, 2).map((line) => clip(`   ${line}`, width));
  if (details.length > 2) detailLines[1] = clip(`   ${details[1]} · and ${details.length - 2} more`, width);
  while (detailLines.length < 2) detailLines.push('');
  // "ALREADY IN" → "A L R E A D Y   I N": the headline large enough to read from a step away.
  const spaced = headline.split('').join(' ');
  if (state.colour) {
    const paint = (text: string): string => `${STYLE[tone]}${text.padEnd(width)}${RESET}`;
    return [paint(''), paint(`   ${spaced}`), ...detailLines.map(paint), paint('')];
  }
  const blocks = '█'.repeat(width);
  return [blocks, clip(`██ ${spaced}`, width), ...detailLines, blocks];
}

function countLines(state: ViewState): string[] {
  const arrived = state.counts.reduce((sum, count) => sum + count.arrived, 0);
  const expected = state.counts.reduce((sum, count) => sum + count.expected, 0);
  const lines = [`arrived ${formatCount(arrived)} / ${formatCount(expected)} expected`];
  const nameWidth = Math.min(30, Math.max(0, ...state.counts.map((count) => count.ticketName.length)));
  for (const count of state.counts.slice(0, TICKET_ROWS)) {
    lines.push(`  ${clip(count.ticketName, nameWidth).padEnd(nameWidth)}  ${formatCount(count.arrived).padStart(6)} / ${formatCount(count.expected)}`);
  }
  if (state.counts.length > TICKET_ROWS) lines.push(`  … and ${state.counts.length - TICKET_ROWS} more tickets`);
  return lines.map((line) => clip(line, state.columns));
}

function freshnessLines(state: ViewState): string[] {
  const asOf = state.listAsOf === undefined ? 'list never synced' : `list as of ${formatClockTime(state.listAsOf)} (${ago(state.listAsOf, state.now)})`;
  const sync = state.syncLines.length === 0 ? ['not syncing (--sync keeps the list fresh)'] : state.syncLines;
  return [`${asOf} · ${sync[0]}`, ...sync.slice(1, 2)].map((line) => clip(line, state.columns));
}

function matchLine(state: ViewState, attendee: DoorAttendee, index: number): string {
  const status = attendee.cancelled ? 'cancelled' : attendee.checkedInAt !== undefined ? `in ${formatClockTime(attendee.checkedInAt)} ${attendee.door}` : '';
  const line = `${index === state.selected ? '›' : ' '} ${attendee.name} · ${attendee.email} · ${attendee.ticketNo}${status ? ` · ${status}` : ''}`;
  const text = clip(line, state.columns);
  return index === state.selected && state.colour ? `${INVERSE}${text}${RESET}` : text;
}

export function renderView(state: ViewState): string[] {
  const title = clip(`boxoffice checkin · event ${state.eventId} · door ${state.door}`, state.columns);
  const footer = clip('Enter let in · ↑↓ choose · Ctrl-Z undo last · Esc clear · Ctrl-C quit', state.columns);
  const top = [state.colour ? `${BOLD}${title}${RESET}` : title, ...freshnessLines(state), ...banner(state), ...countLines(state), ''];
  const prompt = clip(`> ${state.input}▏`, state.columns);
  const room = Math.max(MIN_MATCH_ROWS, state.rows - top.length - 2);
  const matches =
    state.input.trim().length >= 2 && state.matches.length === 0
      ? ['  no attendee matches']
      : state.matches.slice(0, room).map((attendee, index) => matchLine(state, attendee, index));
  const lines = [...top, prompt, ...matches].slice(0, state.rows - 1);
  while (lines.length < state.rows - 1) lines.push('');
  return [...lines, footer];
}
