import { describe, expect, it } from '@jest/globals';
import { growth } from './memory-growth.js';

const samples = (heap: (minute: number) => number) => Array.from({ length: 21 }, (_, i) => ({ atMs: i * 30_000, rssMiB: 300, heapUsedMiB: heap(i / 2) }));

describe('growth', () => {
  it('is flat when a bounded cache fills in the first half and then holds', () => {
    const result = growth(samples((minute) => 100 + Math.min(minute, 4) * 3), 60_000);
    expect(result).toMatchObject({ verdict: 'flat', heapSlopeMiBPerMin: 0, heapLastMinusFirstMiB: 9 });
  });

  it('is growing at a steady 1 MiB/min, and says so', () => {
    const result = growth(samples((minute) => 100 + minute), 60_000);
    expect(result.verdict).toBe('growing');
    expect(result.heapSlopeMiBPerMin).toBeCloseTo(1, 5);
  });

  it('does not judge a soak whose second half spans under four minutes', () => {
    const quick = Array.from({ length: 15 }, (_, i) => ({ atMs: i * 3_000, rssMiB: 300, heapUsedMiB: 100 + i }));
    expect(growth(quick, 9_000).verdict).toBe('too_short');
  });

  it('needs samples to judge', () => {
    expect(growth(samples(() => 100).slice(0, 3), 60_000).verdict).toBe('too_few_samples');
  });
});
