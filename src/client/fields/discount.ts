// The fields of E5 add-discount and E6 update-discount. The service never returns a discount.
import { DISCOUNT_CATEGORIES, DISCOUNT_TYPES } from '../schemas/values.js';
import { EVENT_ID } from './event.js';
import { TICKET_ID } from './ticket.js';
import { endAfterStart, notBelow, type FieldRule, type ResourceTable } from './table.js';

const percentageUpTo100: FieldRule = (value) =>
  value.discountType === 'percentage' && typeof value.discount === 'number' && value.discount > 100
    ? { field: 'discount', message: 'a percentage must be at most 100' }
    : undefined;

/** A bound of a bulk discount's quantity range, required for a bulk discount. */
function bulkQuantity<const N extends string>(name: N, help: string) {
  return { name, kind: 'integer', min: 1, help, requiredWhen: { name: 'discountCategory', value: 'bulk' }, read: 'never' } as const;
}

export const DISCOUNT_TABLE = {
  resource: 'discount',
  fields: [
    EVENT_ID,
    { ...TICKET_ID, on: 'create' },
    { name: 'discountId', kind: 'id', help: 'discount id', positional: 'DISCOUNT_ID', required: true, on: 'update' },
    { name: 'discountName', help: 'name', read: 'never' },
    { name: 'discountCategory', kind: 'enum', help: 'flat, bulk (by quantity) or code', choices: DISCOUNT_CATEGORIES, required: true, read: 'never' },
    // The type before the amount: the amount's meaning depends on it (asked in this order).
    { name: 'discountType', kind: 'enum', help: 'fixed amount or percentage', choices: DISCOUNT_TYPES, required: true, read: 'never' },
    { name: 'discount', kind: 'number', help: 'amount, or percentage with --discount-type percentage', required: true, read: 'never' },
    { name: 'startDate', kind: 'date', help: 'valid from (default: today)', read: 'never' },
    { name: 'startTime', kind: 'time', help: 'valid from (default: now)', read: 'never' },
    { name: 'endDate', kind: 'date', help: 'valid until (default: the event end date)', read: 'never' },
    { name: 'endTime', kind: 'time', help: 'valid until (default: the event end time)', read: 'never' },
    { name: 'limit', kind: 'integer', help: 'how many times it may be used (default: the ticket quantity)', read: 'never' },
    bulkQuantity('fromQuantity', 'bulk: from this many tickets'),
    bulkQuantity('toQuantity', 'bulk: up to this many tickets'),
    { name: 'code', help: 'code: what the buyer types', requiredWhen: { name: 'discountCategory', value: 'code' }, read: 'never' },
  ],
  rules: [endAfterStart, notBelow('fromQuantity', 'toQuantity'), percentageUpTo100],
} as const satisfies ResourceTable;
