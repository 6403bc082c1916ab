import { precisionOf } from '../../../contracts/currency-exponents.js';

/** Money and time as the operator reads them (docs/admin.md, "Money and time"). */

/** Decimals written in an amount (12.345 → 3): a finer amount than the currency allows is shown as it is, never rounded. */
const decimalsOf = (amount: number) => (String(amount).includes('e') ? 0 : (String(amount).split('.')[1]?.length ?? 0));

/**
 * An amount in major units as the operator reads it: the currency's symbol or code and its ISO 4217
 * decimals (contracts/currency-exponents.ts: JPY 0, NOK 2, KWD 3), in the browser's locale. An
 * amount recorded finer than its currency allows shows all its decimals (the record, not a rounding).
 */
export function formatMoney(amount: number | null | undefined, currency?: string | null, locale?: string): string {
  if (amount === null || amount === undefined) return '—';
  if (!currency) return new Intl.NumberFormat(locale, { maximumFractionDigits: 20 }).format(amount);
  const digits = Math.max(precisionOf(currency), decimalsOf(amount));
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'code', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amount);
  } catch {
    // A code Intl does not know: the number in the locale, then the code.
    return `${new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amount)} ${currency}`;
  }
}

/**
 * An amount as an input holds it: major units with exactly the currency's decimals, no symbol, no
 * grouping, a point (NOK 149.9 → "149.90", JPY 1500 → "1500", KWD 1.5 → "1.500").
 */
export const amountInput = (amount: number, currency: string): string => amount.toFixed(precisionOf(currency));

const TIME_PARTS = { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', timeZoneName: 'short' } as const;
const TIME = new Intl.DateTimeFormat(undefined, TIME_PARTS);

/**
 * A moment in the operator's own time zone, the zone shown ("Nov 27, 2026, 09:04:05 PM GMT+1");
 * `locale` and `timeZone` for a caller that knows better than the browser (and for tests).
 */
export function formatTime(iso: string | null | undefined, options: { locale?: string; timeZone?: string } = {}): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const format = options.locale || options.timeZone ? new Intl.DateTimeFormat(options.locale, { ...TIME_PARTS, ...(options.timeZone ? { timeZone: options.timeZone } : {}) }) : TIME;
  return format.format(date);
}
