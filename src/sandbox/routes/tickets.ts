// E3 /api/e/add-ticket and E4 /api/e/update-ticket.
import type * as z from 'zod';
import { addTicketRequest, dateTimeKey, updateTicketRequest } from '../../client/schemas/index.js';
import { requireAccessToken } from '../auth.js';
import type { SandboxApp, SandboxContext } from '../context.js';
import { insertTicket, updateTicketRow, type EventRow, type Span, type TicketFields, type TicketRow } from '../db/events.js';
import { SandboxError } from '../errors.js';
import type { Context } from 'hono';
import { liveLibraryTicketFields } from '../modes/quirks.js';
import { readForm, validate, type FieldCodes, type FormFields } from '../request.js';
import { utcDate, utcTime } from '../time.js';
import { eventFor, ticketOf } from './access.js';
import { assertStartNotPast } from './events.js';

const TICKET_FIELD_CODES: FieldCodes = {
  missing: { ticketName: 'E016', quantity: 'E015' },
  invalid: {
    quantity: 'E013',
    minQuantity: 'E013',
    maxQuantity: 'E013',
    price: 'E014',
    shippingCharge: 'E014',
    startDate: 'E017',
    startTime: 'E017',
    endDate: 'E018',
    endTime: 'E018',
  },
  rule: { endDate: 'E003' },
};

const DEFAULT_MIN_QUANTITY = 1;
const DEFAULT_MAX_QUANTITY = 10;

/** The sale window's parts a request gives. */
type GivenSpan = Partial<Record<'startDate' | 'startTime' | 'endDate' | 'endTime', string>>;

type TicketRequest = z.output<typeof addTicketRequest> | z.output<typeof updateTicketRequest>;

/**
 * The columns add-ticket and update-ticket set alike from their request; optional parameters left
 * out of an update keep the `stored` values.
 */
function ticketColumns(request: TicketRequest, event: EventRow, now: Date, stored?: TicketRow) {
  const span = checkedSpan(request, event, now, stored);
  const [minQuantity, maxQuantity] = quantityRange(request, stored);
  return {
    name: request.ticketName,
    description: request.ticketDescription ?? stored?.description ?? null,
    price: request.price === '' ? null : request.price,
    currency: request.currency,
    quantity: request.quantity,
    status: request.status,
    ...span,
    min_quantity: minQuantity,
    max_quantity: maxQuantity,
    service_fee: request.serviceFee,
    allow_cancellation: request.allowCancellation ? 1 : 0,
  };
}

/**
 * The sale window of a ticket or discount as it will be stored: the parts given, else those of
 * `stored` (an update), else the reference's defaults for a new one (E3, E5: start today / now,
 * end at the event's end). E004 for a start date set or changed to before today, E003 unless it
 * ends after it starts.
 */
export function checkedSpan(given: GivenSpan, event: EventRow, now: Date, stored?: Span): Span {
  const fallback = stored ?? { start_date: utcDate(now), start_time: utcTime(now), end_date: event.end_date, end_time: event.end_time };
  const span = {
    start_date: given.startDate ?? fallback.start_date,
    start_time: given.startTime ?? fallback.start_time,
    end_date: given.endDate ?? fallback.end_date,
    end_time: given.endTime ?? fallback.end_time,
  };
  if (given.startDate !== undefined && given.startDate !== stored?.start_date) assertStartNotPast(given.startDate, now);
  if (dateTimeKey(span.end_date, span.end_time) <= dateTimeKey(span.start_date, span.start_time)) {
    throw new SandboxError('E003', {
      description: `end ${span.end_date} ${span.end_time} is not later than start ${span.start_date} ${span.start_time}`,
      field: 'endDate',
    });
  }
  return span;
}

/** minQuantity and maxQuantity as given, else as stored, else the defaults; E002 when min > max. */
function quantityRange(given: { minQuantity?: number; maxQuantity?: number }, stored?: TicketRow): [number, number] {
  const min = given.minQuantity ?? stored?.min_quantity ?? DEFAULT_MIN_QUANTITY;
  const max = given.maxQuantity ?? stored?.max_quantity ?? DEFAULT_MAX_QUANTITY;
  if (min > max) {
    throw new SandboxError('E002', { description: `maxQuantity ${max} is less than minQuantity ${min}`, field: 'maxQuantity' });
  }
  return [min, max];
}

export function registerTicketRoutes(app: SandboxApp, context: SandboxContext): void {
  const auth = requireAccessToken(context);
  const { db, clock } = context;
  /** The fields; with --quirks, the service's own library's values read in the reference's words. */
  const ticketForm = async (c: Context, operation: 'add' | 'update'): Promise<FormFields> => {
    const fields = await readForm(c);
    return context.quirks ? liveLibraryTicketFields(fields, operation) : fields;
  };

  app.post('/api/e/add-ticket', auth, async (c) => {
    const request = validate(addTicketRequest, await ticketForm(c, 'add'), TICKET_FIELD_CODES);
    const now = clock.now();
    const event = eventFor(db, c.get('account'), request.eventId, 'write');
    const fields: TicketFields = { ...ticketColumns(request, event, now), shipping_charge: null, shipping_charge_type: null };
    const ticketId = insertTicket(db, event.id, fields, now);
    return c.json({ status: 'success', message: 'S003', ticketId: String(ticketId) });
  });

  app.post('/api/e/update-ticket', auth, async (c) => {
    const request = validate(updateTicketRequest, await ticketForm(c, 'update'), TICKET_FIELD_CODES);
    const now = clock.now();
    const event = eventFor(db, c.get('account'), request.eventId, 'write');
    const ticket = ticketOf(db, event, request.ticketId);
    const columns = ticketColumns(request, event, now, ticket);
    const taken = ticket.sold_count + ticket.held_count;
    if (taken > 0 && (columns.price !== ticket.price || request.currency !== ticket.currency)) {
      throw new SandboxError('E027', {
        description: `${taken} of this ticket are sold or held, so its price and currency cannot change`,
        field: columns.price !== ticket.price ? 'price' : 'currency',
      });
    }
    if (request.quantity < taken) {
      throw new SandboxError('E027', {
        description: `${taken} of this ticket are sold or held, so quantity cannot go below ${taken}`,
        field: 'quantity',
      });
    }
    updateTicketRow(
      db,
      ticket.id,
      {
        ...columns,
        shipping_charge: request.shippingCharge ?? ticket.shipping_charge,
        shipping_charge_type: request.shippingChargeType ?? ticket.shipping_charge_type,
      },
      now,
    );
    return c.json({ status: 'success', message: 'S003', ticketId: String(ticket.id) });
  });
}
