import { describe, expect, it } from '@jest/globals';
import { RecentOrders } from './recent-orders.cache.js';

describe('RecentOrders', () => {
  it('keeps at most max entries, the least recently touched first out', () => {
    const cache = new RecentOrders<number>(2, 60_000, () => 0);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 3);
    cache.set('c', 4);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.size]).toEqual([3, undefined, 4, 2]);
  });

  it('forgets entries untouched for idleMs, on read and on the next write', () => {
    let now = 0;
    const cache = new RecentOrders<string>(100, 1_000, () => now);
    cache.set('old', 'x');
    now = 500;
    cache.set('newer', 'y');
    now = 1_000;
    expect(cache.get('old')).toBeUndefined();
    now = 1_400;
    cache.set('newest', 'z');
    expect(cache.size).toBe(2);
    now = 1_600;
    cache.set('last', 'w');
    expect([cache.size, cache.get('newer'), cache.get('newest')]).toEqual([2, undefined, 'z']);
  });
});
