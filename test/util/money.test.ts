import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/util/count.js';
import { moneyDecimals, percentOf, roundMoney, sumMoney, toMinorUnits } from '../../src/util/money.js';

describe('the money rule: to the paisa, halves away from zero, on the decimal as written', () => {
  it('rounds a half paisa up, even where the binary value lies just below it', () => {
    // Math.round(x * 100) / 100 gives 1, 1.25, 8.57 and 1234.56 for these.
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(1.255)).toBe(1.26);
    expect(roundMoney(8.575)).toBe(8.58);
    expect(roundMoney(1234.565)).toBe(1234.57);
  });

  it('rounds a negative half away from zero, and leaves no negative zero', () => {
    expect(roundMoney(-1.005)).toBe(-1.01);
    expect(roundMoney(-2.5e-3)).toBe(0);
    expect(Object.is(roundMoney(-0.001), 0)).toBe(true);
    expect(roundMoney(-0.004)).toBe(0);
  });

  it('takes amounts written with an exponent and keeps what is not a number', () => {
    expect(toMinorUnits(1e-7)).toBe(0);
    expect(toMinorUnits(5e-3)).toBe(1);
    expect(toMinorUnits(1e21)).toBe(1e23);
    expect(toMinorUnits(Number.NaN)).toBeNaN();
  });

  it('sums in whole paise, so that the sum of rounded amounts is exact', () => {
    expect(sumMoney([0.1, 0.2])).toBe(0.3);
    expect(sumMoney([1.005, 1.005])).toBe(2.02);
    expect(sumMoney([10.1, -0.2])).toBe(9.9);
  });

  it('takes a percentage of the amount in paise: 2.5 % of 40.20 is 1.005, which is 1.01', () => {
    expect(percentOf(40.2, 2.5)).toBe(1.01);
    expect(percentOf(1000, 18)).toBe(180);
    expect(percentOf(0.99, 2)).toBe(0.02);
  });

  it('writes two decimals by the same rule, and so does the formatter people read', () => {
    expect(moneyDecimals(1250)).toBe('1250.00');
    expect(moneyDecimals(1.005)).toBe('1.01');
    expect(moneyDecimals(-0.5)).toBe('-0.50');
    expect(moneyDecimals(-0.001)).toBe('0.00');
    expect(formatMoney(1.005, 'INR')).toBe('1.01 INR');
    expect(formatMoney(-14500.5)).toBe('-14,500.50');
  });
});
