// `--ticket TICKET_ID:QTY[:CODE]`: what the buyer wants, checked before any request is sent.
import { UsageError } from '../client/errors.js';

export interface TicketSpec {
  ticketId: number;
  quantity: number;
  /** The discount code, '' when none (the API's `discountCode` is always sent). */
  discountCode: string;
}

/** A spec as given: the ticket id may be the service's code form (TKCIGJ), looked up before ordering. */
export type GivenTicketSpec = Omit<TicketSpec, 'ticketId'> & { ticketId: number | string };

const WHOLE_NUMBER = /^\d+$/;
const TICKET_CODE = /^[A-Za-z][A-Za-z0-9]*$/;

/** Parses one spec; the code is everything after the second colon, so a code may hold colons. */
export function parseTicketSpec(text: string): GivenTicketSpec {
  const bad = (why: string) => new UsageError(`--ticket ${JSON.stringify(text)}: ${why} (expected TICKET_ID:QTY[:CODE])`, '--ticket');
  const [idText = '', quantityText, ...codeParts] = text.split(':');
  const ticketIdText = idText.trim();
  const numeric = WHOLE_NUMBER.test(ticketIdText) && Number(ticketIdText) >= 1;
  if (!numeric && !TICKET_CODE.test(ticketIdText)) throw bad('the ticket id must be a whole number or a ticket code such as TKCIGJ');
  if (quantityText === undefined) throw bad('the quantity is missing');
  const quantity = quantityText.trim();
  if (!WHOLE_NUMBER.test(quantity)) throw bad('the quantity must be a whole number');
  if (Number(quantity) < 1) throw bad('the quantity must be 1 or more');
  const discountCode = codeParts.join(':').trim();
  if (codeParts.length > 0 && discountCode === '') throw bad('the discount code after the second colon is empty');
  return { ticketId: numeric ? Number(ticketIdText) : ticketIdText, quantity: Number(quantity), discountCode };
}

/** Parses every spec; a ticket named twice is refused (its quantities would be ambiguous). */
export function parseTicketSpecs(texts: readonly string[]): GivenTicketSpec[] {
  if (texts.length === 0) throw new UsageError('at least one --ticket TICKET_ID:QTY[:CODE] is needed', '--ticket');
  return uniqueTickets(texts.map(parseTicketSpec));
}

/** Refuses a ticket named twice (after codes are mapped to numeric ids, too). */
export function uniqueTickets<T extends GivenTicketSpec>(specs: T[]): T[] {
  const keys = specs.map((spec) => String(spec.ticketId).toUpperCase());
  const twice = specs.find((_, index) => keys.indexOf(keys[index]) < index);
  if (twice) throw new UsageError(`--ticket: ticket ${twice.ticketId} is given twice; give its total quantity once`, '--ticket');
  return specs;
}

export function totalQuantity(specs: readonly Pick<TicketSpec, 'quantity'>[]): number {
  return specs.reduce((sum, spec) => sum + spec.quantity, 0);
}

export function formatTicketSpec(spec: GivenTicketSpec): string {
  return `${spec.ticketId}:${spec.quantity}${spec.discountCode ? `:${spec.discountCode}` : ''}`;
}
