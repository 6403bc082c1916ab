import { describe, expect, it } from '@jest/globals';
import { forgetOldest } from './kept-records.js';

describe('forgetOldest', () => {
  it('drops the oldest entries beyond the bound and names each', () => {
    const records = new Map([['a', 1], ['b', 2], ['c', 3], ['d', 4]]);
    const forgotten: string[] = [];
    forgetOldest(records, 2, (key) => forgotten.push(key));
    expect([...records.keys()]).toEqual(['c', 'd']);
    expect(forgotten).toEqual(['a', 'b']);
    forgetOldest(records, 2, (key) => forgotten.push(key));
    expect(forgotten).toEqual(['a', 'b']);
  });
});
