// The parameters of E5 add-discount and E6 update-discount, as flags.
import { DISCOUNT_CATEGORIES, DISCOUNT_TYPES } from '../../../client/schemas/values.js';
import type { ParamSpec } from '../../params.js';
import { EVENT_ID_PARAM } from '../event/params.js';
import { TICKET_ID_PARAM } from '../ticket/params.js';

const DISCOUNT_ID_PARAM: ParamSpec = {
  name: 'discountId',
  description: 'discount id',
  positional: 'DISCOUNT_ID',
  required: true,
};

const DISCOUNT_FIELDS: ParamSpec[] = [
  { name: 'discountName', description: 'name' },
  { name: 'discountCategory', description: 'flat, bulk (by quantity) or code', kind: 'enum', choices: DISCOUNT_CATEGORIES, required: true },
  { name: 'discount', description: 'amount, or percentage with --discount-type percentage', kind: 'number', required: true },
  { name: 'discountType', description: 'fixed amount or percentage', kind: 'enum', choices: DISCOUNT_TYPES, required: true },
  { name: 'startDate', description: 'valid from (default: today)', kind: 'date' },
  { name: 'startTime', description: 'valid from (default: now)', kind: 'time' },
  { name: 'endDate', description: 'valid until (default: the event end date)', kind: 'date' },
  { name: 'endTime', description: 'valid until (default: the event end time)', kind: 'time' },
  { name: 'limit', description: 'how many times it may be used (default: the ticket quantity)', kind: 'integer' },
  { name: 'fromQuantity', description: 'bulk: from this many tickets', kind: 'integer', requiredWhen: { name: 'discountCategory', value: 'bulk' } },
  { name: 'toQuantity', description: 'bulk: up to this many tickets', kind: 'integer', requiredWhen: { name: 'discountCategory', value: 'bulk' } },
  { name: 'code', description: 'code: what the buyer types', requiredWhen: { name: 'discountCategory', value: 'code' } },
];

export const ADD_DISCOUNT_PARAMS: ParamSpec[] = [EVENT_ID_PARAM, TICKET_ID_PARAM, ...DISCOUNT_FIELDS];
export const UPDATE_DISCOUNT_PARAMS: ParamSpec[] = [EVENT_ID_PARAM, DISCOUNT_ID_PARAM, ...DISCOUNT_FIELDS];
