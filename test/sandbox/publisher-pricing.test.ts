import { describe, expect, it } from 'vitest';
import { priceCart, type DiscountRule, type PricedTicket } from '../../src/sandbox/pricing.js';

const NOW = '2030-01-10 12:00';
const ticket = (serviceFee: 1 | 2 | 3, price = 1000): PricedTicket => ({ id: 7, price, serviceFee });
const rule = (overrides: Partial<DiscountRule>): DiscountRule => ({
  id: 1,
  category: 'flat',
  type: 'fixed',
  amount: 100,
  start_date: '2030-01-01',
  start_time: '00:00',
  end_date: '2030-12-31',
  end_time: '23:59',
  usage_limit: 100,
  used_count: 0,
  from_quantity: null,
  to_quantity: null,
  code: null,
  ...overrides,
});

describe('cart model', () => {
  it('charges no fee to the buyer with serviceFee 1', () => {
    expect(priceCart([{ ticket: ticket(1), quantity: 2, discountCode: '', discounts: [] }], NOW).cart).toEqual({
      price: 2000,
      discount: 0,
      processingFee: 0,
      serviceTax: 0,
      grandTotal: 2000,
      codeApplied: false,
    });
  });

  it('passes the 2.5 % platform fee and its 18 % tax with serviceFee 2', () => {
    expect(priceCart([{ ticket: ticket(2), quantity: 2, discountCode: '', discounts: [] }], NOW).cart).toEqual({
      price: 2000,
      discount: 0,
      processingFee: 50,
      serviceTax: 9,
      grandTotal: 2059,
      codeApplied: false,
    });
  });

  it('passes platform and 2 % gateway fees with serviceFee 3', () => {
    expect(priceCart([{ ticket: ticket(3), quantity: 2, discountCode: '', discounts: [] }], NOW).cart).toEqual({
      price: 2000,
      discount: 0,
      processingFee: 90,
      serviceTax: 16.2,
      grandTotal: 2106.2,
      codeApplied: false,
    });
  });

  it('rounds a half paisa away from zero: 18 % tax on a 13.25 fee is 2.385, charged 2.39', () => {
    const { cart, lines } = priceCart([{ ticket: ticket(2, 530), quantity: 1, discountCode: '', discounts: [] }], NOW);
    expect(lines[0]).toMatchObject({ platformFee: 13.25, serviceTax: 2.39 });
    expect(cart).toMatchObject({ processingFee: 13.25, serviceTax: 2.39, grandTotal: 545.64 });
  });

  it('applies a flat fixed discount per ticket, fees on the discounted amount', () => {
    const { cart, lines } = priceCart([{ ticket: ticket(2), quantity: 3, discountCode: '', discounts: [rule({})] }], NOW);
    expect(cart).toMatchObject({ price: 3000, discount: 300, processingFee: 67.5, serviceTax: 12.15, grandTotal: 2779.65 });
    expect(lines[0]).toMatchObject({ discountId: 1, discount: 300 });
  });

  it('applies a percentage discount to every ticket while uses are left', () => {
    const discounts = [rule({ type: 'percentage', amount: 10, usage_limit: 5, used_count: 4 })];
    const { cart } = priceCart([{ ticket: ticket(1), quantity: 3, discountCode: '', discounts }], NOW);
    expect(cart).toMatchObject({ price: 3000, discount: 300, grandTotal: 2700 });
  });

  it('applies a bulk discount only within its quantity range', () => {
    const discounts = [rule({ id: 2, category: 'bulk', type: 'percentage', amount: 20, from_quantity: 3, to_quantity: 5 })];
    const price = (quantity: number) => priceCart([{ ticket: ticket(1), quantity, discountCode: '', discounts }], NOW).cart.discount;
    expect(price(2)).toBe(0);
    expect(price(3)).toBe(600);
    expect(price(5)).toBe(1000);
    expect(price(6)).toBe(0);
  });

  it('applies a code discount only with its code (any case), and says so', () => {
    const discounts = [rule({ id: 3, category: 'code', amount: 250, code: 'EARLY' })];
    const line = (discountCode: string) => priceCart([{ ticket: ticket(1), quantity: 1, discountCode, discounts }], NOW).cart;
    expect(line('')).toMatchObject({ discount: 0, codeApplied: false });
    expect(line('WRONG')).toMatchObject({ discount: 0, codeApplied: false });
    expect(line('early')).toMatchObject({ discount: 250, codeApplied: true, grandTotal: 750 });
  });

  it('prefers the code over automatic discounts, else the larger automatic one', () => {
    const discounts = [
      rule({ id: 1, amount: 50 }),
      rule({ id: 2, category: 'bulk', amount: 120, from_quantity: 1, to_quantity: 10 }),
      rule({ id: 3, category: 'code', amount: 10, code: 'X' }),
    ];
    expect(priceCart([{ ticket: ticket(1), quantity: 1, discountCode: '', discounts }], NOW).lines[0].discountId).toBe(2);
    expect(priceCart([{ ticket: ticket(1), quantity: 1, discountCode: 'x', discounts }], NOW).lines[0].discountId).toBe(3);
  });

  it('ignores discounts outside their dates or used up', () => {
    const discounts = [
      rule({ id: 1, start_date: '2030-02-01' }),
      rule({ id: 2, end_date: '2030-01-10', end_time: '11:59' }),
      rule({ id: 3, usage_limit: 5, used_count: 5 }),
    ];
    expect(priceCart([{ ticket: ticket(1), quantity: 1, discountCode: '', discounts }], NOW).cart.discount).toBe(0);
  });

  it('never discounts below zero and charges nothing on free tickets', () => {
    const { cart } = priceCart(
      [
        { ticket: ticket(3, 50), quantity: 1, discountCode: '', discounts: [rule({ amount: 80 })] },
        { ticket: { id: 8, price: 0, serviceFee: 3 }, quantity: 2, discountCode: '', discounts: [] },
      ],
      NOW,
    );
    expect(cart).toEqual({ price: 50, discount: 50, processingFee: 0, serviceTax: 0, grandTotal: 0, codeApplied: false });
  });

  it('sums several lines', () => {
    const { cart } = priceCart(
      [
        { ticket: ticket(2, 500), quantity: 2, discountCode: '', discounts: [] },
        { ticket: { id: 9, price: 199.99, serviceFee: 3 }, quantity: 1, discountCode: '', discounts: [] },
      ],
      NOW,
    );
    expect(cart).toEqual({ price: 1199.99, discount: 0, processingFee: 34, serviceTax: 6.12, grandTotal: 1240.11, codeApplied: false });
  });
});
