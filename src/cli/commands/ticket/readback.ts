// Maps a read-back ticket (E8, api-reference 2.11) to what E4 update-ticket accepts. Statuses
// differ between the two: a ticket read back `active` is sent as `published` (cli-contract).
import type { OrganizerTicket } from '../../../client/schemas/index.js';
import { ticketStatusForUpdate } from '../../../client/schemas/values.js';
import { ticketCapacity } from '../../../client/schemas/index.js';
import type { ParamValues } from '../../params.js';
import { splitDateTime } from '../../output/date-time.js';

function truth(value: unknown): string | undefined {
  if (value === true || value === 1 || value === '1' || value === 'true') return 'true';
  if (value === false || value === 0 || value === '0' || value === 'false') return 'false';
  return undefined;
}

export function updateValuesFromTicket(ticket: OrganizerTicket): ParamValues {
  const from = splitDateTime(ticket.availableFrom?.date);
  const to = splitDateTime(ticket.availableTo?.date);
  const shippingType = ticket.shippingType === 'INR' || ticket.shippingType === 'percentage' ? ticket.shippingType : undefined;
  const candidates: Record<string, string | undefined> = {
    ticketName: ticket.typeName,
    ticketDescription: ticket.typeDesc ?? undefined,
    // null is the reference's "any amount", sent as a blank price.
    price: ticket.price === null ? '' : String(ticket.price),
    currency: ticket.currency,
    // The total on sale: sending back what is left would shrink it (the live `quantity` falls as tickets sell).
    quantity: String(ticketCapacity(ticket)),
    status: ticketStatusForUpdate(ticket.status),
    startDate: from?.[0],
    startTime: from?.[1],
    endDate: to?.[0],
    endTime: to?.[1],
    minQuantity: String(ticket.minQuantity),
    maxQuantity: String(ticket.maxQuantity),
    allowCancellation: truth(ticket.allowCancel),
    shippingCharge: ticket.shippingCharge === null || ticket.shippingCharge === undefined ? undefined : String(ticket.shippingCharge),
    shippingChargeType: shippingType,
  };
  return Object.fromEntries(Object.entries(candidates).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
