// Numbers in messages and tables: "12,345", "1 order" / "2 orders" (never "1 orders"), and
// amounts with their currency, "14,500.00 INR".
import { moneyDecimals } from './money.js';

/** 12345 → "12,345". Not toLocaleString: its first call loads ICU's number data (~20 ms). */
export function formatCount(value: number): string {
  return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "1 order", "2 orders", "12,345 attendees"; `plural` for words that do not just take an s. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${Math.round(count) === 1 ? singular : plural}`;
}

/**
 * 14500 and "INR" → "14,500.00 INR": every amount a person reads (tables on a terminal, messages,
 * the insights page) is written by this one function. Without a currency, the amount alone; a
 * value that is not a number is shown as it came.
 */
export function formatMoney(amount: number | string | null | undefined, currency?: string | null): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const value = Number(amount);
  if (!Number.isFinite(value)) return String(amount);
  const [whole, cents] = moneyDecimals(value).split('.');
  const text = `${whole.startsWith('-') ? '-' : ''}${formatCount(Math.abs(Number(whole)))}.${cents}`;
  return currency ? `${text} ${currency}` : text;
}
