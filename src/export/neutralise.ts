// Spreadsheet formula injection (CSV injection, OWASP): a cell that starts with = + - @ or a tab
// or carriage return may be run as a formula when the CSV is opened in a spreadsheet. Such a cell
// is prefixed with a single quote, which spreadsheets show as text. Plain numbers ("-12.5",
// "+44") cannot be formulas and are left alone, so amounts and phone numbers stay as sent.
const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\t', '\r']);
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

export function neutraliseFormula(cell: string): string {
  if (!FORMULA_STARTS.has(cell.charAt(0)) || PLAIN_NUMBER.test(cell)) return cell;
  return `'${cell}`;
}

/**
 * Reading an export back: the cell as it was before neutraliseFormula (the one quote it added is
 * removed). A cell that itself began with a quote and a formula character reads back without it.
 */
export function restoreFormula(cell: string): string {
  return cell.charAt(0) === "'" && FORMULA_STARTS.has(cell.charAt(1)) ? cell.slice(1) : cell;
}
