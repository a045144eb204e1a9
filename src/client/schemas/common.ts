// Formats and enumerations from api-reference.md, shared by the client (validation before
// sending) and the sandbox (validation on receipt). Values may arrive as strings (form fields,
// flags) or as their JSON types; the schemas accept both and produce the JSON type.
import { z } from 'zod';

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;
const NUMBER_PATTERN = /^-?(\d+(\.\d*)?|\.\d+)$/;
const INTEGER_PATTERN = /^-?\d+$/;

export function isRealDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** yyyy-mm-dd, and a real calendar date. */
export const isoDate = z
  .string()
  .trim()
  .refine(isRealDate, { message: 'expected a date as yyyy-mm-dd' });

/** HH:MM on the 24-hour clock. */
export const clockTime = z
  .string()
  .trim()
  .regex(TIME_PATTERN, { message: 'expected a time as HH:MM (24-hour)' });

/** A finite number, given as a number or as numeric text. */
export const numeric = z.union([
  z.number().finite(),
  z
    .string()
    .trim()
    .regex(NUMBER_PATTERN, { message: 'expected a number' })
    .transform((text) => Number(text)),
], { message: 'expected a number' });

/** A whole number, given as a number or as integer text. */
export const integer = z.union([
  z.number().int(),
  z
    .string()
    .trim()
    .regex(INTEGER_PATTERN, { message: 'expected a whole number' })
    .transform((text) => Number(text)),
], { message: 'expected a whole number' });

export const nonNegativeInteger = integer.pipe(z.number().int().min(0, { message: 'expected 0 or more' }));
export const positiveInteger = integer.pipe(z.number().int().min(1, { message: 'expected 1 or more' }));
export const nonNegativeNumber = numeric.pipe(z.number().min(0, { message: 'expected 0 or more' }));

/** true/false, given as a boolean or as the text "true" / "false". */
export const booleanFlag = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((text) => text === 'true'),
], { message: 'expected true or false' });

/** A required text value: present and not blank. */
export const requiredText = z.string().trim().min(1, { message: 'must not be empty' });

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
export const SERVICE_FEE_MODES = [1, 2, 3] as const;
export const SHIPPING_CHARGE_TYPES = ['INR', 'percentage'] as const;
export const DISCOUNT_CATEGORIES = ['flat', 'bulk', 'code'] as const;
export const DISCOUNT_TYPES = ['fixed', 'percentage'] as const;
export const ORDER_STATUSES_FOR_CONFIRM = ['confirm', 'pending', 'fail'] as const;
export const BOOKING_CURRENCIES = ['INR', 'USD', 'GBP', 'EUR', 'PHP', 'ZAR'] as const;
export const PAYMENT_GATEWAYS = ['pg1', 'pg2'] as const;
export const SEARCH_PRICE_KINDS = ['free', 'paid'] as const;
export const SEARCH_SORT_ORDERS = ['popularity', 'latest'] as const;

function enumOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { message: `expected one of ${values.join(', ')}` });
}

export const eventVisibility = enumOf(EVENT_VISIBILITIES);
export const eventType = enumOf(EVENT_TYPES);
export const eventCategory = enumOf(EVENT_CATEGORIES);
export const ticketCurrency = enumOf(TICKET_CURRENCIES);
export const ticketStatusForAdd = enumOf(TICKET_STATUSES_FOR_ADD);
export const ticketStatusForUpdate = enumOf(TICKET_STATUSES_FOR_UPDATE);
export const shippingChargeType = enumOf(SHIPPING_CHARGE_TYPES);
export const discountCategory = enumOf(DISCOUNT_CATEGORIES);
export const discountType = enumOf(DISCOUNT_TYPES);
export const orderStatusForConfirm = enumOf(ORDER_STATUSES_FOR_CONFIRM);
export const bookingCurrency = enumOf(BOOKING_CURRENCIES);
export const paymentGateway = enumOf(PAYMENT_GATEWAYS);
export const searchPriceKind = enumOf(SEARCH_PRICE_KINDS);
export const searchSortOrder = enumOf(SEARCH_SORT_ORDERS);

/** serviceFee: 1, 2 or 3 (given as a number or as text). */
export const serviceFeeMode = integer.pipe(
  z.union([z.literal(1), z.literal(2), z.literal(3)], { message: 'expected 1, 2 or 3' }),
);

/** Text no longer than `max` characters (api-reference §8). */
export function textUpTo(max: number) {
  return z.string().max(max, { message: `must be at most ${max} characters` });
}

/** Compares yyyy-mm-dd + HH:MM pairs; plain string order is chronological for these formats. */
export function dateTimeKey(date: string, time: string): string {
  return `${date}T${time}`;
}
