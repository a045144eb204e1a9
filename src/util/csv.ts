// Spreadsheet formula injection (CSV injection, OWASP): a cell that starts with = + - @ or a tab
// or carriage return may be run as a formula when the CSV is opened in a spreadsheet. Such a cell
// is prefixed with a single quote, which spreadsheets show as text. Plain numbers ("-12.5",
// "+44") and international phone numbers ("+49 30 000000", "+1 555-010-0000": digit groups
// after a country code, no letters, no operators but the separators) cannot call anything and
// are left alone, so amounts and phone numbers stay as sent. The one definition, for every CSV,
// beside the one CSV writer (csvLine); every CSV is read with Papa Parse.
const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\t', '\r']);
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;
/** "+" and a country code, then digit groups separated by single spaces or hyphens. */
const PHONE_NUMBER = /^\+\d{1,3}([ -]\d{1,14})+$/;
/** E.164 numbers have 7 to 15 digits; fewer ("+1-2") reads as arithmetic, not a phone. */
const PHONE_DIGITS = { min: 7, max: 15 };

function isPhoneNumber(cell: string): boolean {
  if (!PHONE_NUMBER.test(cell)) return false;
  const digits = cell.replace(/\D/g, '').length;
  return digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
}

export function neutraliseFormula(cell: string): string {
  if (cell === '' || !FORMULA_STARTS.has(cell[0]) || PLAIN_NUMBER.test(cell) || isPhoneNumber(cell)) return cell;
  return `'${cell}`;
}

/**
 * Reading an export back: the cell as it was before neutraliseFormula (the one quote it added is
 * removed). A cell that itself began with a quote and a formula character reads back without it.
 */
export function restoreFormula(cell: string): string {
  return cell.charAt(0) === "'" && FORMULA_STARTS.has(cell.charAt(1)) ? cell.slice(1) : cell;
}

/** RFC 4180: a cell holding a comma, a quote or a line break is quoted, its quotes doubled. */
const NEEDS_QUOTES = /[",\r\n]/;

/** A cell that may need neutralising or quotes: it starts like a formula, or holds a comma, quote or line break. */
const NEEDS_CARE = /^[=+\-@\t\r]|[",\r\n]/;

export function quoteCsvCell(cell: string): string {
  return NEEDS_QUOTES.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

function csvCell(cell: string): string {
  // Most cells need neither: one test for them rather than two.
  return NEEDS_CARE.test(cell) ? quoteCsvCell(neutraliseFormula(cell)) : cell;
}

/**
 * A CSV line, every cell neutralised (header included): the one CSV writer. Written here rather
 * than with a library: csv-stringify and Papa Parse's unparse quote by the same rule, and took
 * 2x and 1.7x its time for 100,000 rows (docs/architecture.md, "Dependencies").
 */
export function csvLine(cells: readonly string[]): string {
  let line = csvCell(cells[0] ?? '');
  for (let column = 1; column < cells.length; column += 1) line += `,${csvCell(cells[column])}`;
  return `${line}\n`;
}
