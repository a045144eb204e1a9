// The fields of E3 add-ticket and E4 update-ticket, and how get-tickets (2.11) returns them.
import {
  SHIPPING_CHARGE_TYPES,
  TICKET_CURRENCIES,
  TICKET_STATUS_SYNONYMS_FOR_ADD,
  TICKET_STATUS_SYNONYMS_FOR_UPDATE,
  TICKET_STATUSES_FOR_ADD,
  TICKET_STATUSES_FOR_UPDATE,
} from '../schemas/values.js';
import type { OrganizerTicket } from '../schemas/index.js';
import { EVENT_ID } from './event.js';
import { readBack } from './read-back.js';
import { endAfterStart, notBelow, type ResourceTable, type Verb } from './table.js';

export const TICKET_ID = { name: 'ticketId', kind: 'id', help: 'ticket id', positional: 'TICKET_ID', required: true } as const;

/** The ticket's status as `verb` takes it: its own words, and others it accepts for them. */
function statusField<const C extends readonly string[], const V extends Verb>(choices: C, synonyms: Readonly<Record<string, string>>, on: V) {
  const others = Object.entries(synonyms).map(([word, meant]) => `${word} = ${meant}`);
  return { name: 'status', kind: 'enum', help: `status (also accepted: ${others.join(', ')})`, choices, synonyms, required: true, on } as const;
}

export const TICKET_TABLE = {
  resource: 'ticket',
  fields: [
    EVENT_ID,
    { ...TICKET_ID, on: 'update' },
    { name: 'ticketName', help: 'ticket name', required: true, read: { from: 'typeName' } },
    { name: 'ticketDescription', help: 'description', read: { from: 'typeDesc' } },
    {
      name: 'price',
      kind: 'number',
      help: 'price; 0 = free, empty = any amount',
      required: true,
      blank: 'expected a number (0 for free) or blank for any amount',
      read: { from: 'price' },
    },
    { name: 'currency', kind: 'enum', help: 'currency', choices: TICKET_CURRENCIES, required: true, read: { from: 'currency' } },
    // The live service's `quantity` falls as tickets sell (two public clients read it as "tickets
    // left"): the number offered is `initialQuantity`, and `quantity` where a service sends none.
    { name: 'quantity', kind: 'integer', help: 'how many are on sale', required: true, read: { from: ['initialQuantity', 'quantity'] } },
    // A ticket added as "delete" is accepted by the service, but it is not something to pick at a prompt.
    { ...statusField(TICKET_STATUSES_FOR_ADD, TICKET_STATUS_SYNONYMS_FOR_ADD, 'create'), askedChoices: ['active'] },
    { ...statusField(TICKET_STATUSES_FOR_UPDATE, TICKET_STATUS_SYNONYMS_FOR_UPDATE, 'update'), read: { from: 'status' } },
    { name: 'startDate', kind: 'date', help: 'sale starts on (default: today)', read: { from: 'availableFrom' } },
    { name: 'startTime', kind: 'time', help: 'sale starts at (default: now)', read: { from: 'availableFrom' } },
    { name: 'endDate', kind: 'date', help: 'sale ends on (default: the event end date)', read: { from: 'availableTo' } },
    { name: 'endTime', kind: 'time', help: 'sale ends at (default: the event end time)', read: { from: 'availableTo' } },
    { name: 'minQuantity', kind: 'integer', min: 1, help: 'fewest per order (default: 1)', read: { from: 'minQuantity' } },
    { name: 'maxQuantity', kind: 'integer', min: 1, help: 'most per order (default: 10)', read: { from: 'maxQuantity' } },
    {
      name: 'serviceFee',
      kind: 'integer',
      choices: ['1', '2', '3'],
      choiceHelp: { '1': 'all fees absorbed into the price', '2': 'gateway fee absorbed, platform fee passed on', '3': 'all fees passed to the buyer' },
      required: true,
      read: 'never',
      help: 'fees: 1 absorbed into the price, 2 gateway fee absorbed and platform fee passed on, 3 all passed to the buyer',
    },
    { name: 'allowCancellation', kind: 'boolean', help: 'buyers may cancel', required: true, read: { from: 'allowCancel' } },
    { name: 'shippingCharge', kind: 'number', help: 'shipping charge', on: 'update', read: { from: 'shippingCharge' } },
    { name: 'shippingChargeType', kind: 'enum', help: 'shipping charge unit', choices: SHIPPING_CHARGE_TYPES, on: 'update', read: { from: 'shippingType' } },
  ],
  rules: [endAfterStart, notBelow('minQuantity', 'maxQuantity')],
} as const satisfies ResourceTable;

/** How many of a ticket are on sale in all (sold, held and left): its quantity as read back, else 0. */
export function ticketCapacity(ticket: object): number {
  return (readBack(TICKET_TABLE, ticket).quantity as number | undefined) ?? 0;
}

/** A ticket's code beside its numeric id, when the service sent one. */
export function ticketCodeOf(ticket: Pick<OrganizerTicket, 'id' | 'ticketId'>): string | undefined {
  const code = ticket.ticketId ?? undefined;
  return code !== undefined && code !== '' && code !== String(ticket.id) ? code : undefined;
}

/** Whether an E8 ticket is the one `given` names, by its numeric id or its code. */
export function ticketMatches(ticket: Pick<OrganizerTicket, 'id' | 'ticketId'>, given: string): boolean {
  return String(ticket.id) === given || ticketCodeOf(ticket)?.toUpperCase() === given.toUpperCase();
}
