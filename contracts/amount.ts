/**
 * Exact arithmetic on amounts without a dependency: contracts/ imports nothing, so it cannot use
 * decimal.js (platform/money). Amounts are decimals in major units on the wire (249.9); here
 * each becomes an integer count of its smallest written unit (a bigint and a decimal scale),
 * and sums and comparisons work on those integers, so 0.1 + 0.2 equals 0.3.
 */
interface Exact {
  units: bigint;
  scale: number;
}

/** A number's shortest decimal form, without exponent (1e-7 → 0.0000001). */
function plainDigits(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not an amount: ${value}`);
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toFixed(20).replace(/\.?0+$/, '');
}

function exact(value: number): Exact {
  const text = plainDigits(value);
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const units = BigInt(`${whole}${fraction}` || '0');
  return { units: negative ? -units : units, scale: fraction.length };
}

/** How many decimal places an amount is written with (12.345 → 3, 12.3 → 1, 12 → 0, 1e-7 → 7). */
export const decimalPlaces = (value: number): number => exact(value).scale;

const rescale = (value: Exact, scale: number): bigint => value.units * 10n ** BigInt(scale - value.scale);

function aligned(a: number, b: number): [bigint, bigint, number] {
  const x = exact(a);
  const y = exact(b);
  const scale = Math.max(x.scale, y.scale);
  return [rescale(x, scale), rescale(y, scale), scale];
}

function toNumber(units: bigint, scale: number): number {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return Number(`${negative ? '-' : ''}${text}`);
}

export function addAmounts(a: number, b: number): number {
  const [x, y, scale] = aligned(a, b);
  return toNumber(x + y, scale);
}

export function subtractAmounts(a: number, b: number): number {
  const [x, y, scale] = aligned(a, b);
  return toNumber(x - y, scale);
}

/** -1, 0 or 1 as a is below, equal to or above b. */
export function compareAmounts(a: number, b: number): -1 | 0 | 1 {
  // Two finite numbers compare as their shortest decimal forms do (the form rounds back to the
  // number, and rounding keeps order), so no decimal conversion is needed: the engine compares
  // amounts on every change.
  if (Number.isFinite(a) && Number.isFinite(b)) return a < b ? -1 : a > b ? 1 : 0;
  const [x, y] = aligned(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export const sameAmount = (a: number, b: number): boolean => compareAmounts(a, b) === 0;
export const sumAmounts = (values: readonly number[]): number => values.reduce(addAmounts, 0);
export const minAmount = (a: number, b: number): number => (compareAmounts(a, b) <= 0 ? a : b);
/** Never below zero. */
export const atLeastZero = (value: number): number => (compareAmounts(value, 0) < 0 ? 0 : value);
