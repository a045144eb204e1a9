// The purchase flow's errors in plain words: the code stays, the class stays (so the
// exit code does not change), the message says what happened and what to do.
import { ApiError } from '../client/errors.js';
import type { TicketSpec } from './ticket-spec.js';

export interface FlowContext {
  eventId: string;
  specs: readonly TicketSpec[];
  orderNo?: string;
}

const SOLD_OUT = /sold[\s_-]*out|no (more )?tickets? (left|available)|not enough (tickets|quantity)|only \d+ (left|available|remaining)/i;
const QUANTITY_LIMIT = /min(imum)?[\s_-]*quantity|max(imum)?[\s_-]*quantity|at (least|most) \d+|between \d+ and \d+|quantity (must|should) be/i;

function ticketList(specs: readonly TicketSpec[]): string {
  return specs.map((spec) => `${spec.ticketId} ×${spec.quantity}`).join(', ');
}

/** The plain-word explanation of an error of the flow, or undefined to leave it as it is. */
function explainFlowError(error: ApiError, context: FlowContext): string | undefined {
  const order = context.orderNo ? `order ${context.orderNo}` : 'the order';
  const detail = `${error.description ?? ''} ${error.field ?? ''}`;
  const because = error.description ? ` (${error.description})` : '';
  const details = `\`boxoffice event details ${context.eventId}\``;
  const tickets = ticketList(context.specs);
  if (SOLD_OUT.test(detail)) return `not enough tickets left for ${tickets}${because}; see what is available with ${details}`;
  if (QUANTITY_LIMIT.test(detail)) {
    return `a quantity is outside what the ticket allows per order${because}; see each ticket's minimum and maximum with ${details}`;
  }
  switch (error.code) {
    case 'T001':
      if (error.description && !/not a ticket of|ticket missing/i.test(error.description)) {
        return `the order cannot be placed: ${error.description.replace(/^invalid request;\s*/i, '')}; see the tickets with ${details}`;
      }
      return `the cart names no ticket that event ${context.eventId} sells (asked for ${tickets}); list its tickets with ${details}`;
    case 'E002':
      // The code's meaning alone ("mandatory fields missing") hides the service's own reason.
      return error.description ? `the service refused the order's data: ${error.description}` : undefined;
    case 'T004':
      return 'no quantity selected: every --ticket needs a quantity of 1 or more (TICKET_ID:QTY)';
    case 'T007':
      return `${order} does not exist on this service (was it placed against another sandbox or profile?)`;
    case 'T008':
      return `${order} was placed with a different publisher key; use the key (profile) it was placed with`;
    case 'T010':
      return `${order} has already been processed (confirmed or failed), so it cannot be confirmed again; place a new order`;
    case 'E007':
      return `event ${context.eventId} does not exist (or is not public); find events with \`boxoffice events search\``;
    case 'E012':
      return `a ticket of ${tickets} does not belong to event ${context.eventId}; list its tickets with ${details}`;
    default:
      return undefined;
  }
}

/** The same error (same class and code, so the same exit code) with its plain-word explanation noted. */
export function withExplanation(error: unknown, context: FlowContext): unknown {
  if (!(error instanceof ApiError)) return error;
  const explanation = explainFlowError(error, context);
  if (explanation !== undefined) Object.assign(error.notes, { explanation });
  return error;
}
