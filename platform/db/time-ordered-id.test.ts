import { describe, expect, it } from '@jest/globals';
import { timeOrderedUuid } from './time-ordered-id.js';

describe('time-ordered UUIDs', () => {
  it('are version 7, RFC variant, and carry the time they were made', () => {
    const now = Date.UTC(2026, 10, 29, 12, 0, 0);
    const id = timeOrderedUuid(now);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBeGreaterThanOrEqual(now);
  });

  it('sort in the order they were made, within a millisecond, across a full counter and when the clock steps back', () => {
    const start = Date.now() + 60_000;
    const ids = [
      ...Array.from({ length: 5_000 }, () => timeOrderedUuid(start)),
      ...Array.from({ length: 10 }, () => timeOrderedUuid(start - 5_000)),
      timeOrderedUuid(start + 10_000),
    ];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
