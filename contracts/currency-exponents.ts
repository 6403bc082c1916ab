/**
 * The ISO 4217 minor units (exponents) of every active currency code, and the one check that an
 * amount is written no finer than its currency allows (12.345 NOK is refused: NOK has 2 decimals).
 */
import { decimalPlaces } from './amount.js';

const codes = (list: string) => list.trim().split(/\s+/);

/**
 * ISO 4217 list one (active codes with minor units; the codes ISO gives no minor unit — precious
 * metals, XDR, XSU, XUA, XTS, XXX — are not currencies an order is paid in and are left out). This
 * is the platform's table; a provider that counts a currency differently keeps its own table in its
 * adapter's mapper.
 */
export const CURRENCY_EXPONENTS: Readonly<Record<string, number>> = Object.freeze({
  ...Object.fromEntries(codes('BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF').map((code) => [code, 0])),
  ...Object.fromEntries(
    codes(`
      AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP BYN BZD
      CAD CDF CHE CHF CHW CNY COP COU CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS
      GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL
      MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK
      PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS
      TMT TOP TRY TTD TWD TZS UAH USD USN UYU UZS VED VES WST XCD XCG YER ZAR ZMW ZWG`).map((code) => [code, 2]),
  ),
  ...Object.fromEntries(codes('BHD IQD JOD KWD LYD OMR TND').map((code) => [code, 3])),
  ...Object.fromEntries(codes('CLF UYW').map((code) => [code, 4])),
});

/** The currency's ISO 4217 exponent (JPY 0, NOK 2, KWD 3), or undefined for a code ISO does not list as active. */
export const currencyExponent = (currency: string): number | undefined =>
  Object.prototype.hasOwnProperty.call(CURRENCY_EXPONENTS, currency) ? CURRENCY_EXPONENTS[currency] : undefined;

export const isKnownCurrency = (currency: string): boolean => currencyExponent(currency) !== undefined;

/**
 * The exponent amounts are held to: the currency's, and 2 (the most common) for a code the table
 * does not know — an order cannot be created in one (400 `unknown_currency`), so only orders from
 * before that rule can carry one.
 */
export const precisionOf = (currency: string): number => currencyExponent(currency) ?? 2;

/** An amount written finer than its currency allows: what the 400 `amount_precision` names. */
export interface AmountPrecisionProblem {
  currency: string;
  exponent: number;
  amount: number;
}

/** The problem with `amount` in `currency`, or undefined when it has at most the currency's decimals. Never rounds. */
export function amountPrecisionProblem(amount: number, currency: string): AmountPrecisionProblem | undefined {
  if (!Number.isFinite(amount)) return undefined; // not an amount at all: the schema's refusal, not this one
  const exponent = precisionOf(currency);
  return decimalPlaces(amount) > exponent ? { currency, exponent, amount } : undefined;
}

/** "NOK allows at most 2 decimals (0.01)", "JPY allows no decimals". */
export const precisionText = (currency: string, exponent: number): string =>
  exponent === 0 ? `${currency} allows no decimals` : `${currency} allows at most ${exponent} decimal${exponent === 1 ? '' : 's'} (${(10 ** -exponent).toFixed(exponent)})`;
