// The sandbox's cart model (P7 cart-calculation, P8 generate-order). The reference names the
// cart's fields but not the arithmetic; docs/sandbox.md ("The pricing model") states the model
// this keeps to: discount, then fees on the discounted amount, then tax, rounded per line.
import type { Cart } from '../client/schemas/index.js';
import { saleWindow, type DiscountRow } from './db/events.js';
import { percentOf, roundMoney, sumMoney } from '../util/money.js';

/** The service's platform fee, per cent of the discounted ticket price (the seed charges it too). */
export const PLATFORM_FEE_PERCENT = 2.5;
const GATEWAY_FEE_PERCENT = 2;
const SERVICE_TAX_PERCENT = 18;

export type ServiceFeeMode = 1 | 2 | 3;

export interface PricedTicket {
  id: number;
  /** Unit price; 0 = free (and "any amount" tickets are priced 0 in the sandbox). */
  price: number;
  serviceFee: ServiceFeeMode;
}

/** A discount as stored: `usage_limit` confirmed orders may get it, `used_count` did so far. */
export type DiscountRule = Omit<DiscountRow, 'event_id' | 'ticket_id' | 'name' | 'created_on' | 'updated_on'>;

export interface CartLineInput {
  ticket: PricedTicket;
  quantity: number;
  discountCode: string;
  discounts: readonly DiscountRule[];
}

export interface PricedLine {
  ticketId: number;
  quantity: number;
  unitPrice: number;
  price: number;
  discount: number;
  discountId: number | null;
  codeApplied: boolean;
  platformFee: number;
  gatewayFee: number;
  processingFee: number;
  serviceTax: number;
  total: number;
}

export type PricedCart = { cart: Cart; lines: PricedLine[] };

function isActive(rule: DiscountRule, now: string): boolean {
  const { startsAt, endsAt } = saleWindow(rule);
  return startsAt <= now && now <= endsAt && rule.used_count < rule.usage_limit;
}

function discountFor(rule: DiscountRule, unitPrice: number, quantity: number): number {
  return rule.type === 'percentage' ? percentOf(unitPrice * quantity, Math.min(100, rule.amount)) : roundMoney(Math.min(unitPrice, rule.amount) * quantity);
}

/** Which discount a line gets (see the model above). */
function chooseDiscount(line: CartLineInput, now: string): { rule: DiscountRule; amount: number } | null {
  const { ticket, quantity } = line;
  const code = line.discountCode.trim();
  const active = line.discounts.filter((rule) => isActive(rule, now));
  if (code !== '') {
    const coded = active.find((rule) => rule.category === 'code' && (rule.code ?? '').toLowerCase() === code.toLowerCase());
    if (coded) return { rule: coded, amount: discountFor(coded, ticket.price, quantity) };
  }
  let best: ReturnType<typeof chooseDiscount> = null;
  for (const rule of active) {
    if (rule.category === 'code') continue;
    if (rule.category === 'bulk') {
      const from = rule.from_quantity ?? 1;
      const to = rule.to_quantity ?? Number.POSITIVE_INFINITY;
      if (quantity < from || quantity > to) continue;
    }
    const candidate = { rule, amount: discountFor(rule, ticket.price, quantity) };
    if (candidate.amount > 0 && (!best || candidate.amount > best.amount)) best = candidate;
  }
  return best;
}

function priceLine(line: CartLineInput, now: string): PricedLine {
  const { ticket, quantity } = line;
  const price = roundMoney(ticket.price * quantity);
  const chosen = chooseDiscount(line, now);
  const discount = chosen ? Math.min(price, chosen.amount) : 0;
  const net = sumMoney([price, -discount]);
  const platformFee = percentOf(net, PLATFORM_FEE_PERCENT);
  const gatewayFee = percentOf(net, GATEWAY_FEE_PERCENT);
  const processingFee = ticket.serviceFee === 1 ? 0 : ticket.serviceFee === 2 ? platformFee : sumMoney([platformFee, gatewayFee]);
  const serviceTax = percentOf(processingFee, SERVICE_TAX_PERCENT);
  return {
    ticketId: ticket.id,
    quantity,
    unitPrice: ticket.price,
    price,
    discount,
    discountId: chosen ? chosen.rule.id : null,
    codeApplied: chosen?.rule.category === 'code',
    platformFee,
    gatewayFee,
    processingFee,
    serviceTax,
    total: sumMoney([net, processingFee, serviceTax]),
  };
}

/** Prices every line and sums them into the cart (2.6). */
export function priceCart(lines: readonly CartLineInput[], now: string): PricedCart {
  const priced = lines.map((line) => priceLine(line, now));
  const sum = (pick: (line: PricedLine) => number) => sumMoney(priced.map(pick));
  return {
    lines: priced,
    cart: {
      price: sum((line) => line.price),
      discount: sum((line) => line.discount),
      processingFee: sum((line) => line.processingFee),
      serviceTax: sum((line) => line.serviceTax),
      grandTotal: sum((line) => line.total),
      codeApplied: priced.some((line) => line.codeApplied),
    },
  };
}
