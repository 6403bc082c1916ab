import { Decimal } from 'decimal.js';

/**
 * Exact arithmetic on amounts (decimals in major units on the wire, e.g. 249.9). Sums and
 * comparisons never go through binary floating point: 0.1 + 0.2 equals 0.3 here.
 */
export const money = (value: number | string): Decimal => new Decimal(value);

export function sum(values: ReadonlyArray<number | string>): Decimal {
  return values.reduce<Decimal>((total, value) => total.plus(value), new Decimal(0));
}

/** Back to a JSON number for the wire; decimal places beyond the currency's are kept as given. */
export const toAmount = (value: Decimal): number => value.toNumber();

export const equalAmounts = (a: number | string | Decimal, b: number | string | Decimal): boolean => new Decimal(a).equals(b);
