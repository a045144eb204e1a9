// The formats and allowed values of api-reference §4, without zod: the CLI checks flags and
// lists choices in --help and prompts with these at startup, where loading zod would cost time
// on every run. common.ts builds the zod schemas from the same patterns.

export const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
export const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;
export const NUMBER_PATTERN = /^-?(\d+(\.\d*)?|\.\d+)$/;
export const INTEGER_PATTERN = /^-?\d+$/;

export const FORMAT_MESSAGES = {
  date: 'expected a date as yyyy-mm-dd',
  time: 'expected a time as HH:MM (24-hour)',
  number: 'expected a number',
  integer: 'expected a whole number',
  boolean: 'expected true or false',
} as const;

export function isRealDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const EVENT_VISIBILITIES = ['public', 'private'] as const;
export const EVENT_TYPES = ['ticketing', 'conference', 'charity', 'rsvp'] as const;
export const EVENT_CATEGORIES = [
  'business', 'technology', 'entertainment', 'sports', 'workshop', 'fundraising', 'institutions',
  'art', 'parties', 'food', 'family', 'travel', 'tradeshow', 'movies', 'clubs', 'festivals',
  'music', 'religion', 'comedy', 'community', 'kids', 'newyear', 'other',
] as const;
export const TICKET_CURRENCIES = ['INR', 'USD'] as const;
export const TICKET_STATUSES_FOR_ADD = ['active', 'delete'] as const;
export const TICKET_STATUSES_FOR_UPDATE = ['published', 'pause', 'cancel'] as const;
export const SHIPPING_CHARGE_TYPES = ['INR', 'percentage'] as const;
export const DISCOUNT_CATEGORIES = ['flat', 'bulk', 'code'] as const;
export const DISCOUNT_TYPES = ['fixed', 'percentage'] as const;
export const ORDER_STATUSES_FOR_CONFIRM = ['confirm', 'pending', 'fail'] as const;
export const BOOKING_CURRENCIES = ['INR', 'USD', 'GBP', 'EUR', 'PHP', 'ZAR'] as const;
export const PAYMENT_GATEWAYS = ['pg1', 'pg2'] as const;
export const SEARCH_PRICE_KINDS = ['free', 'paid'] as const;
export const SEARCH_SORT_ORDERS = ['popularity', 'latest'] as const;
