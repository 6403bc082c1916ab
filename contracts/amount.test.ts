import { describe, expect, it } from '@jest/globals';
import { addAmounts, atLeastZero, compareAmounts, minAmount, sameAmount, subtractAmounts, sumAmounts } from './amount.js';

describe('amounts on integer units', () => {
  it.each<[number, number, number]>([
    [0.1, 0.2, 0.3],
    [249.9, 0.1, 250],
    [1e-7, 2e-7, 3e-7],
    [-0.1, 0.3, 0.2],
    [2147483647, 0.01, 2147483647.01],
  ])('%p + %p = %p exactly', (a, b, expected) => {
    expect(addAmounts(a, b)).toBe(expected);
  });

  it('subtracts, compares and sums without binary rounding', () => {
    expect(subtractAmounts(0.3, 0.1)).toBe(0.2);
    expect(subtractAmounts(100.3, 100.1)).toBe(0.2);
    expect(sumAmounts([0.1, 0.2, 0.3])).toBe(0.6);
    expect(sameAmount(0.1 + 0.2, 0.3)).toBe(false); // the float itself is 0.30000000000000004
    expect(sameAmount(addAmounts(0.1, 0.2), 0.3)).toBe(true);
    expect(compareAmounts(0.3, 0.30000000000000004)).toBe(-1);
    expect(compareAmounts(10, 9.99)).toBe(1);
    expect(minAmount(80, 100)).toBe(80);
    expect(atLeastZero(subtractAmounts(80, 100))).toBe(0);
  });

  it('refuses what is not an amount', () => {
    expect(() => addAmounts(Number.NaN, 1)).toThrow(RangeError);
    expect(() => addAmounts(Number.POSITIVE_INFINITY, 1)).toThrow(RangeError);
  });
});
