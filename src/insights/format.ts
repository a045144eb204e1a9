// Numbers, money and shares as the insights show them (terminal, page and charts alike).
import { formatCount, formatMoney } from '../util/count.js';

export { formatCount, formatMoney };

/** 0.0812 → "8.1%". */
export function formatShare(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}
