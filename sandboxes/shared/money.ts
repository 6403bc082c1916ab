import { Decimal } from 'decimal.js';

export { Decimal };

/** Amounts are major units with at most two decimals (öre, cents). */
export const MONEY_DECIMALS = 2;

/** Rounds half-up to two decimals and returns a plain number (e.g. 249.9). */
export function toAmount(value: Decimal.Value): number {
  return new Decimal(value).toDecimalPlaces(MONEY_DECIMALS, Decimal.ROUND_HALF_UP).toNumber();
}

/** True when `value` has no more than two decimals (`0.1 + 0.2` style noise is refused). */
export function isMoney(value: number): boolean {
  return Number.isFinite(value) && new Decimal(value).decimalPlaces() <= MONEY_DECIMALS;
}

/** Exact sum of amounts. */
export function sumAmounts(values: Iterable<Decimal.Value>): Decimal {
  let total = new Decimal(0);
  for (const value of values) total = total.plus(value);
  return total;
}
