// The formats and allowed values of the service's requests, without zod, which the CLI's flags and
// help use at startup (loading zod would cost every run); common.ts builds the schemas from them.

export const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
export const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;
export const NUMBER_PATTERN = /^-?(\d+(\.\d*)?|\.\d+)$/;
export const INTEGER_PATTERN = /^-?\d+$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const FORMAT_MESSAGES = {
  date: 'expected a date as yyyy-mm-dd',
  calendarDate: 'not a calendar date',
  time: 'expected a time as HH:MM (24-hour)',
  number: 'expected a number',
  integer: 'expected a whole number',
  boolean: 'expected true or false',
} as const;

/** Why `text` is not a real yyyy-mm-dd date (2027-02-30 is "not a calendar date"), or undefined. */
export function dateProblem(text: string): string | undefined {
  const match = DATE_PATTERN.exec(text);
  if (!match) return FORMAT_MESSAGES.date;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? undefined : FORMAT_MESSAGES.calendarDate;
}

/** Plain string order of these keys is chronological. */
export function dateTimeKey(date: string, time: string): string {
  return `${date}T${time}`;
}

/** E003: false when both dates are known and the end is not later than the start. */
export function endIsAfterStart(span: Partial<Record<'startDate' | 'startTime' | 'endDate' | 'endTime', string>>): boolean {
  if (!span.startDate || !span.endDate) return true;
  return dateTimeKey(span.endDate, span.endTime ?? '23:59') > dateTimeKey(span.startDate, span.startTime ?? '00:00');
}

export const EVENT_VISIBILITIES = ['public', 'private'] as const;
export const EVENT_TYPES = ['ticketing', 'conference', 'charity', 'rsvp'] as const;
export const EVENT_CATEGORIES = [
  'business',
  'technology',
  'entertainment',
  'sports',
  'workshop',
  'fundraising',
  'institutions',
  'art',
  'parties',
  'food',
  'family',
  'travel',
  'tradeshow',
  'movies',
  'clubs',
  'festivals',
  'music',
  'religion',
  'comedy',
  'community',
  'kids',
  'newyear',
  'other',
] as const;
export const TICKET_CURRENCIES = ['INR', 'USD'] as const;
export const TICKET_STATUSES_FOR_ADD = ['active', 'delete'] as const;
export const TICKET_STATUSES_FOR_UPDATE = ['published', 'pause', 'cancel'] as const;

/** Other words for the status add-ticket takes: the service's own library sends `published` when it adds a ticket. */
export const TICKET_STATUS_SYNONYMS_FOR_ADD: Readonly<Record<string, (typeof TICKET_STATUSES_FOR_ADD)[number]>> = { published: 'active', deleted: 'delete' };

/** Other words for the status update-ticket takes: responses call a ticket on sale `active`, not `published`. */
export const TICKET_STATUS_SYNONYMS_FOR_UPDATE: Readonly<Record<string, (typeof TICKET_STATUSES_FOR_UPDATE)[number]>> = {
  active: 'published',
  paused: 'pause',
  cancelled: 'cancel',
  canceled: 'cancel',
};

export const SHIPPING_CHARGE_TYPES = ['INR', 'percentage'] as const;
export const DISCOUNT_CATEGORIES = ['flat', 'bulk', 'code'] as const;
export const DISCOUNT_TYPES = ['fixed', 'percentage'] as const;
export const ORDER_STATUSES_FOR_CONFIRM = ['confirm', 'pending', 'fail'] as const;
export const BOOKING_CURRENCIES = ['INR', 'USD', 'GBP', 'EUR', 'PHP', 'ZAR'] as const;
export const PAYMENT_GATEWAYS = ['pg1', 'pg2'] as const;
/** The statuses of an attendee in the attendee list (E11) that --status filters on. */
export const ATTENDEE_STATUSES = ['attending', 'cancelled', 'lcancelled'] as const;
const CANCELLED_STATUSES: ReadonlySet<string> = new Set(['cancelled', 'lcancelled']);

export function isCancelledStatus(status: string | undefined): boolean {
  return CANCELLED_STATUSES.has((status ?? '').trim().toLowerCase());
}
export const SEARCH_PRICE_KINDS = ['free', 'paid'] as const;
export const SEARCH_SORT_ORDERS = ['popularity', 'latest'] as const;
