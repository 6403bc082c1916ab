/** Growth of post-GC heap samples: the pure arithmetic of the memory soak (bench/memory.bench.ts). */

export interface MemorySample {
  /** Since the load started, ms. */
  atMs: number;
  rssMiB: number;
  heapUsedMiB: number;
}

export interface Growth {
  /** Least-squares slope of post-GC heap used over the second half of the samples, MiB per minute. */
  heapSlopeMiBPerMin: number;
  /** Heap used, last sample − first sample after warm-up, MiB (bounded caches filling show here). */
  heapLastMinusFirstMiB: number;
  /** Heap used, last sample − first sample of the second half, MiB. */
  heapSecondHalfRiseMiB: number;
  rssLastMinusFirstMiB: number;
  verdict: 'flat' | 'growing' | 'too_few_samples' | 'too_short';
}

/** Slope of y over x (per unit of x), least squares; 0 for fewer than two points. */
export function slope(points: Array<[number, number]>): number {
  if (points.length < 2) return 0;
  const n = points.length;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - meanX) * (y - meanY);
    den += (x - meanX) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

/**
 * Samples taken before `warmUpMs` are start-up (JIT, first connections); of the rest, the second
 * half is judged, so bounded caches may fill in the first: flat when its slope is at most
 * `maxSlopeMiBPerMin` and its heap rose by at most `maxRiseMiB`. A second half spanning less than
 * `minJudgedMs` is not judged (`too_short`): the stack's bounded caches take minutes to fill, so a
 * short soak (a quick run's 45 s) sees them filling and cannot tell that from a leak.
 */
export function growth(samples: MemorySample[], warmUpMs: number, limits = { maxSlopeMiBPerMin: 0.5, maxRiseMiB: 5, minJudgedMs: 4 * 60_000 }): Growth {
  const warm = samples.filter((sample) => sample.atMs >= warmUpMs);
  const secondHalf = warm.slice(Math.floor(warm.length / 2));
  const first = warm[0];
  const last = warm[warm.length - 1];
  const heapSlopeMiBPerMin = slope(secondHalf.map((sample) => [sample.atMs / 60_000, sample.heapUsedMiB]));
  const heapLastMinusFirstMiB = first && last ? last.heapUsedMiB - first.heapUsedMiB : 0;
  const rssLastMinusFirstMiB = first && last ? last.rssMiB - first.rssMiB : 0;
  const heapSecondHalfRiseMiB = secondHalf.length ? secondHalf[secondHalf.length - 1]!.heapUsedMiB - secondHalf[0]!.heapUsedMiB : 0;
  const judgedMs = secondHalf.length ? secondHalf[secondHalf.length - 1]!.atMs - secondHalf[0]!.atMs : 0;
  const verdict =
    secondHalf.length < 3 ? 'too_few_samples'
    : judgedMs < limits.minJudgedMs ? 'too_short'
    : heapSlopeMiBPerMin <= limits.maxSlopeMiBPerMin && heapSecondHalfRiseMiB <= limits.maxRiseMiB ? 'flat'
    : 'growing';
  return { heapSlopeMiBPerMin, heapLastMinusFirstMiB, heapSecondHalfRiseMiB, rssLastMinusFirstMiB, verdict };
}
