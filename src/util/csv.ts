// The one CSV writer (csvLine), and formula injection (OWASP): a cell starting with = + - @ tab or CR
// may run as a formula in a spreadsheet, so it gets a leading quote; plain numbers ("-12.5") and
// phone numbers ("+49 30 000000": digit groups, no operators) cannot call anything and stay as sent.
const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\t', '\r']);
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;
/** "+" and a country code, then digit groups separated by single spaces or hyphens. */
const PHONE_NUMBER = /^\+\d{1,3}([ -]\d{1,14})+$/;
function isPhoneNumber(cell: string): boolean {
  if (!PHONE_NUMBER.test(cell)) return false;
  // E.164 numbers have 7 to 15 digits; fewer ("+1-2") reads as arithmetic, not a phone.
  const digits = cell.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
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
