import { describe, expect, it } from '@jest/globals';
import { amountPrecisionProblem, CURRENCY_EXPONENTS, currencyExponent, isKnownCurrency, precisionOf, precisionText } from './currency-exponents.js';
import { decimalPlaces } from './amount.js';

describe('the ISO 4217 exponent table', () => {
  it.each<[string, number]>([
    ['JPY', 0],
    ['NOK', 2],
    ['KWD', 3],
    ['BHD', 3],
    ['CLP', 0],
    ['ISK', 0],
    ['KRW', 0],
    ['EUR', 2],
    ['SEK', 2],
    ['IDR', 2],
    ['CVE', 2],
    ['TND', 3],
    ['CLF', 4],
  ])('%s has %i decimals', (currency, exponent) => {
    expect(currencyExponent(currency)).toBe(exponent);
  });

  it('lists each code once, as three capital letters, with an exponent from 0 to 4', () => {
    const entries = Object.entries(CURRENCY_EXPONENTS);
    expect(entries.length).toBeGreaterThan(150);
    for (const [code, exponent] of entries) {
      expect(code).toMatch(/^[A-Z]{3}$/);
      expect([0, 2, 3, 4]).toContain(exponent);
    }
  });

  it('does not know codes ISO lists without minor units, withdrawn codes or made-up ones; amounts there are held to 2 decimals', () => {
    for (const code of ['XYZ', 'XTS', 'XXX', 'XAU', 'HRK', 'toString', 'constructor', 'nok']) {
      expect(currencyExponent(code)).toBeUndefined();
      expect(isKnownCurrency(code)).toBe(false);
    }
    expect(precisionOf('XYZ')).toBe(2);
  });
});

describe('an amount against its currency', () => {
  it('counts decimal places without binary noise', () => {
    expect(decimalPlaces(12.345)).toBe(3);
    expect(decimalPlaces(62.35)).toBe(2);
    expect(decimalPlaces(100)).toBe(0);
    expect(decimalPlaces(0.1)).toBe(1);
    expect(decimalPlaces(1e-7)).toBe(7);
  });

  it('accepts amounts at or coarser than the exponent', () => {
    expect(amountPrecisionProblem(12.35, 'NOK')).toBeUndefined();
    expect(amountPrecisionProblem(12, 'NOK')).toBeUndefined();
    expect(amountPrecisionProblem(1200, 'JPY')).toBeUndefined();
    expect(amountPrecisionProblem(1.234, 'KWD')).toBeUndefined();
    expect(amountPrecisionProblem(0, 'JPY')).toBeUndefined();
  });

  it('names the currency, its exponent and the amount of a finer one, never rounding it', () => {
    expect(amountPrecisionProblem(12.345, 'NOK')).toEqual({ currency: 'NOK', exponent: 2, amount: 12.345 });
    expect(amountPrecisionProblem(1200.5, 'JPY')).toEqual({ currency: 'JPY', exponent: 0, amount: 1200.5 });
    expect(amountPrecisionProblem(1.2345, 'KWD')).toEqual({ currency: 'KWD', exponent: 3, amount: 1.2345 });
    expect(amountPrecisionProblem(0.001, 'XYZ')).toEqual({ currency: 'XYZ', exponent: 2, amount: 0.001 });
  });

  it('words the allowed precision', () => {
    expect(precisionText('NOK', 2)).toBe('NOK allows at most 2 decimals (0.01)');
    expect(precisionText('KWD', 3)).toBe('KWD allows at most 3 decimals (0.001)');
    expect(precisionText('JPY', 0)).toBe('JPY allows no decimals');
  });
});
