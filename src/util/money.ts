// Money: every amount is rupees and paise (two decimals), and this is the one place that rounds
// it. The rule: to the nearest paisa, halves away from zero, reading the amount as the decimal
// it is written as (1.005 → 1.01, not the 1.00 its binary value 1.00499… would give); sums and
// shares are worked in whole paise, so that adding rounded amounts never rounds again.

/** The amount in whole paise: 12.345 → 1235, -0.005 → -1. */
export function toMinorUnits(amount: number): number {
  // Shifting the exponent of the shortest decimal that names the double: 1.005 is 100.5 paise.
  const [digits, exponent = '0'] = String(Math.abs(amount)).split('e');
  const paise = Number(`${digits}e${Number(exponent) + 2}`);
  return Math.sign(amount) * Math.round(paise) + 0;
}

export function roundMoney(amount: number): number {
  return toMinorUnits(amount) / 100;
}

/** The sum of amounts, each rounded to paise first. */
export function sumMoney(amounts: Iterable<number>): number {
  let paise = 0;
  for (const amount of amounts) paise += toMinorUnits(amount);
  return paise / 100;
}

/** `percent` per cent of an amount, rounded to paise (2.5 % of 40.20 → 1.01). */
export function percentOf(amount: number, percent: number): number {
  return roundMoney((toMinorUnits(amount) * percent) / 10_000);
}

/** The amount with exactly two decimals: 1250 → "1250.00", -0.5 → "-0.50". */
export function moneyDecimals(amount: number): string {
  const paise = toMinorUnits(amount);
  const whole = Math.trunc(Math.abs(paise) / 100);
  const cents = String(Math.abs(paise) % 100).padStart(2, '0');
  return `${paise < 0 ? '-' : ''}${whole}.${cents}`;
}
