// `--ticket TICKET_ID:QTY[:CODE]`: what the buyer wants, checked before any request is sent.
import { UsageError } from '../client/errors.js';

export interface TicketSpec {
  ticketId: number;
  quantity: number;
  /** The discount code, '' when none (the API's `discountCode` is always sent). */
  discountCode: string;
}

const WHOLE_NUMBER = /^\d+$/;

/** Parses one spec; the code is everything after the second colon, so a code may hold colons. */
export function parseTicketSpec(text: string): TicketSpec {
  const bad = (why: string) => new UsageError(`--ticket ${JSON.stringify(text)}: ${why} (expected TICKET_ID:QTY[:CODE])`, '--ticket');
  const [idText = '', quantityText, ...codeParts] = text.split(':');
  const ticketIdText = idText.trim();
  if (!WHOLE_NUMBER.test(ticketIdText) || Number(ticketIdText) < 1) throw bad('the ticket id must be a whole number');
  if (quantityText === undefined) throw bad('the quantity is missing');
  const quantity = quantityText.trim();
  if (!WHOLE_NUMBER.test(quantity)) throw bad('the quantity must be a whole number');
  if (Number(quantity) < 1) throw bad('the quantity must be 1 or more');
  const discountCode = codeParts.join(':').trim();
  if (codeParts.length > 0 && discountCode === '') throw bad('the discount code after the second colon is empty');
  return { ticketId: Number(ticketIdText), quantity: Number(quantity), discountCode };
}

/** Parses every spec; a ticket named twice is refused (its quantities would be ambiguous). */
export function parseTicketSpecs(texts: readonly string[]): TicketSpec[] {
  if (texts.length === 0) throw new UsageError('at least one --ticket TICKET_ID:QTY[:CODE] is needed', '--ticket');
  const specs = texts.map(parseTicketSpec);
  const seen = new Set<number>();
  for (const spec of specs) {
    if (seen.has(spec.ticketId)) {
      throw new UsageError(`--ticket: ticket ${spec.ticketId} is given twice; give its total quantity once`, '--ticket');
    }
    seen.add(spec.ticketId);
  }
  return specs;
}

export function totalQuantity(specs: readonly TicketSpec[]): number {
  return specs.reduce((sum, spec) => sum + spec.quantity, 0);
}
