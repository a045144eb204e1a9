// Where attendee answers come from: `--attendee "name,email,phone"` flags and an
// `--attendees-file` CSV. Both are parsed with Papa Parse, so quoted commas work
// (`--attendee '"Rao, Asha",asha@example.com,+91 98450 00001'`).
import Papa from 'papaparse';
import { UsageError } from '../client/errors.js';
import { EMAIL_PATTERN } from '../client/schemas/values.js';
import { quoteCsvCell } from '../util/csv.js';
import { shellQuote } from '../util/shell-word.js';

/** `custom`: answers keyed by the question's label (or field id). */
export interface AttendeeAnswers {
  name: string;
  email: string;
  phone: string;
  custom: Record<string, string>;
}

/** The CSV rows of `text`, cells trimmed; a UsageError for `flag` starting with `where` when it is not CSV. */
function parseRows(text: string, where: string, flag: string, quotingExample: string): string[][] {
  const { data, errors } = Papa.parse<string[]>(text, { delimiter: ',', skipEmptyLines: 'greedy', transform: (cell) => cell.trim() });
  const [error] = errors;
  if (error === undefined) return data;
  // Papa Parse's errors are all about quotes once the delimiter is given; `index` is where in the text.
  const lineNumber = text.slice(0, error.index).split('\n').length;
  const line = text.trimEnd().includes('\n') ? ` on line ${lineNumber}` : '';
  const quoting = error.code === 'MissingQuotes' ? 'a double quote opens a value that never closes' : 'a double quote inside a value';
  throw new UsageError(
    `${where}: ${quoting}${line}; put a value that holds a double quote or a comma in double quotes, each quote inside doubled: ${quotingExample}`,
    flag,
  );
}

function checkEmail(email: string, where: string, field: string): void {
  if (email !== '' && !EMAIL_PATTERN.test(email)) throw new UsageError(`${where}: ${JSON.stringify(email)} is not an email address`, field);
}

/** `--attendee "name,email,phone"`; the phone may be left out. */
export function parseAttendeeFlag(text: string): AttendeeAnswers {
  const where = `--attendee ${JSON.stringify(text)}`;
  // What the flag was meant to say, quoted as CSV and for the shell: the cells split at each comma,
  // the quotes around a cell taken for quotes meant to hold it.
  const quoted = `--attendee ${shellQuote(
    text
      .split(',')
      .map((cell) => quoteCsvCell(cell.trim().replace(/^"(.*)"$/s, '$1')))
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

const COLUMN_ROLES = {
  name: ['name', 'attendee name'],
  email: ['email', 'email id', 'email address'],
  phone: ['phone', 'mobile', 'mobile number', 'phone number', 'phoneno'],
} as const;

/**
 * An attendees CSV: a header row, then one row per attendee in order. `name`, `email` and `phone` (or `mobile`) fill the default fields;
 * every other column answers the custom question with that label (or field id). Empty cells are left unanswered.
 */
export function parseAttendeesCsv(text: string, fileName: string): AttendeeAnswers[] {
  const rows = parseRows(text, `${fileName}: not valid CSV`, '--attendees-file', `${quoteCsvCell('Asha "AR" Rao')},asha@example.com`);
  const [header, ...records] = rows;
  if (!header) throw new UsageError(`${fileName}: the file is empty; expected a header row name,email,phone`, '--attendees-file');
  const roles = header.map((column) =>
    (Object.keys(COLUMN_ROLES) as (keyof typeof COLUMN_ROLES)[]).find((role) => COLUMN_ROLES[role].some((alias) => alias === column.toLowerCase())),
  );
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
