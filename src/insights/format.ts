// Numbers, money and shares as the insights show them (terminal, page and charts alike).
import { formatCount } from '../util/count.js';

export { formatCount };

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** "INR 12,345.00"; without a known currency, the amount alone. */
export function formatMoney(amount: number, currency: string | null): string {
  // Two decimals, so the grouping below only ever sees the whole part's digits before the point.
  const plain = amount.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  if (currency === null) return plain;
  let format = moneyFormats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency, currencyDisplay: 'code' });
    } catch {
      return `${currency} ${plain}`;
    }
    moneyFormats.set(currency, format);
  }
  return format.format(amount).replace(/\u00a0/g, ' ');
}

/** 0.0812 → "8.1%". */
export function formatShare(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}
