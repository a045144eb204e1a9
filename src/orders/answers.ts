// Where attendee answers come from: `--attendee "name,email,phone"` flags and an
// `--attendees-file` CSV. Both are parsed with csv-parse, so quoted commas work
// (`--attendee '"Rao, Asha",asha@example.com,+91 98450 00001'`).
import { parse } from 'csv-parse/sync';
import { UsageError } from '../client/errors.js';
import { shellQuote } from '../util/shell-word.js';

/** One attendee's answers: the three default fields, and custom answers keyed by label (or field id). */
export interface AttendeeAnswers {
  name: string;
  email: string;
  phone: string;
  custom: Record<string, string>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The CSV rows of `text`; a UsageError for `flag` starting with `where` when it is not CSV. */
function parseRows(text: string, where: string, flag: string, quotingExample: string): string[][] {
  try {
    return parse(text, { relax_column_count: true, skip_empty_lines: true, trim: true, bom: true }) as string[][];
  } catch (error) {
    const quoting = quotingProblem(error);
    if (quoting === undefined) throw new UsageError(`${where}: ${(error as Error).message}`, flag);
    throw new UsageError(
      `${where}: ${quoting}; put a value that holds a double quote or a comma in double quotes, each quote inside doubled: ${quotingExample}`,
      flag,
    );
  }
}

/** csv-parse's quoting errors in a person's words (the line, for a file of several). */
function quotingProblem(error: unknown): string | undefined {
  const { code, lines } = error as { code?: string; lines?: number };
  const where = lines !== undefined && lines > 1 ? ` on line ${lines}` : '';
  switch (code) {
    case 'INVALID_OPENING_QUOTE':
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return `a double quote inside a value${where}`;
    case 'CSV_QUOTE_NOT_CLOSED':
      return `a double quote opens a value that never closes${where}`;
    default:
      return undefined;
  }
}

/** A CSV cell as written with its quotes doubled, in double quotes when it needs them. */
function csvCell(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function checkEmail(email: string, where: string, field: string): void {
  if (email !== '' && !EMAIL.test(email)) throw new UsageError(`${where}: ${JSON.stringify(email)} is not an email address`, field);
}

/** `--attendee "name,email,phone"`; the phone may be left out. */
export function parseAttendeeFlag(text: string): AttendeeAnswers {
  const where = `--attendee ${JSON.stringify(text)}`;
  // What the flag was meant to say, quoted as CSV and for the shell: the cells split at each comma.
  const quoted = `--attendee ${shellQuote(
    text
      .split(',')
      .map((cell) => csvCell(cell.trim()))
      .join(','),
  )}`;
  const rows = parseRows(text, where, '--attendee', quoted);
  const cells = rows[0] ?? [];
  if (rows.length !== 1 || cells.length < 2 || cells.length > 3) {
    throw new UsageError(`${where}: expected "name,email[,phone]"`, '--attendee');
  }
  const [name = '', email = '', phone = ''] = cells;
  if (name === '') throw new UsageError(`${where}: the name is empty`, '--attendee');
  checkEmail(email, where, '--attendee');
  return { name, email, phone, custom: {} };
}

const COLUMN_ALIASES: Record<string, 'name' | 'email' | 'phone'> = {
  name: 'name',
  'attendee name': 'name',
  email: 'email',
  'email id': 'email',
  'email address': 'email',
  phone: 'phone',
  mobile: 'phone',
  'mobile number': 'phone',
  'phone number': 'phone',
  phoneno: 'phone',
};

/**
 * An attendees CSV: a header row, then one row per attendee in order. `name`, `email` and
 * `phone` (or `mobile`) fill the default fields; every other column answers the custom question
 * with that label (or field id). Empty cells are left unanswered.
 */
export function parseAttendeesCsv(text: string, fileName: string): AttendeeAnswers[] {
  const rows = parseRows(text, `${fileName}: not valid CSV`, '--attendees-file', `${csvCell('Asha "AR" Rao')},asha@example.com`);
  const [header, ...records] = rows;
  if (!header) throw new UsageError(`${fileName}: the file is empty; expected a header row name,email,phone`, '--attendees-file');
  const roles = header.map((column) => COLUMN_ALIASES[column.toLowerCase()]);
  if (!roles.includes('name')) {
    throw new UsageError(`${fileName}: the header row needs a "name" column (found: ${header.join(', ')})`, '--attendees-file');
  }
  if (records.length === 0) throw new UsageError(`${fileName}: no attendee rows after the header`, '--attendees-file');
  return records.map((cells, index) => {
    const answers: AttendeeAnswers = { name: '', email: '', phone: '', custom: {} };
    header.forEach((column, position) => {
      const value = cells[position] ?? '';
      const role = roles[position];
      if (role) answers[role] = value;
      else if (value !== '') answers.custom[column] = value;
    });
    checkEmail(answers.email, `${fileName} row ${index + 2}`, '--attendees-file');
    return answers;
  });
}
