// The parameters of E3 add-ticket and E4 update-ticket, as flags.
import {
  SHIPPING_CHARGE_TYPES,
  TICKET_CURRENCIES,
  TICKET_STATUS_SYNONYMS_FOR_ADD,
  TICKET_STATUS_SYNONYMS_FOR_UPDATE,
  TICKET_STATUSES_FOR_ADD,
  TICKET_STATUSES_FOR_UPDATE,
} from '../../../client/schemas/values.js';
import type { ParamSpec } from '../../params.js';
import { EVENT_ID_PARAM } from '../event/params.js';

export const TICKET_ID_PARAM: ParamSpec = { name: 'ticketId', description: 'ticket id', positional: 'TICKET_ID', required: true };

const SERVICE_FEE_CHOICES = ['1', '2', '3'] as const;

function ticketParams(statuses: readonly string[], synonyms: Readonly<Record<string, string>>): ParamSpec[] {
  const otherWords = Object.entries(synonyms).map(([word, meant]) => `${word} = ${meant}`).join(', ');
  return [
    { name: 'ticketName', description: 'ticket name', required: true },
    { name: 'ticketDescription', description: 'description' },
    { name: 'price', description: 'price; 0 = free, empty = any amount', kind: 'number', allowBlank: true, required: true },
    { name: 'currency', description: 'currency', kind: 'enum', choices: TICKET_CURRENCIES, required: true },
    { name: 'quantity', description: 'how many are on sale', kind: 'integer', required: true },
    { name: 'status', description: `status (also accepted: ${otherWords})`, kind: 'enum', choices: statuses, synonyms, required: true },
    { name: 'startDate', description: 'sale starts on (default: today)', kind: 'date' },
    { name: 'startTime', description: 'sale starts at (default: now)', kind: 'time' },
    { name: 'endDate', description: 'sale ends on (default: the event end date)', kind: 'date' },
    { name: 'endTime', description: 'sale ends at (default: the event end time)', kind: 'time' },
    { name: 'minQuantity', description: 'fewest per order (default: 1)', kind: 'integer' },
    { name: 'maxQuantity', description: 'most per order (default: 10)', kind: 'integer' },
    {
      name: 'serviceFee',
      description: 'fees: 1 absorbed into the price, 2 gateway fee absorbed and platform fee passed on, 3 all passed to the buyer',
      kind: 'enum',
      choices: SERVICE_FEE_CHOICES,
      required: true,
    },
    { name: 'allowCancellation', description: 'buyers may cancel', kind: 'boolean', required: true },
  ];
}

export const ADD_TICKET_PARAMS: ParamSpec[] = [EVENT_ID_PARAM, ...ticketParams(TICKET_STATUSES_FOR_ADD, TICKET_STATUS_SYNONYMS_FOR_ADD)];

export const UPDATE_TICKET_PARAMS: ParamSpec[] = [
  EVENT_ID_PARAM,
  TICKET_ID_PARAM,
  ...ticketParams(TICKET_STATUSES_FOR_UPDATE, TICKET_STATUS_SYNONYMS_FOR_UPDATE),
  { name: 'shippingCharge', description: 'shipping charge', kind: 'number' },
  { name: 'shippingChargeType', description: 'shipping charge unit', kind: 'enum', choices: SHIPPING_CHARGE_TYPES },
];
