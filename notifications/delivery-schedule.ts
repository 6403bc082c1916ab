/**
 * When a failed delivery is tried again. `delays[i]` is the wait after the (i+1)-th failed
 * attempt; after `delays.length + 1` attempts the delivery is dead-lettered. The default
 * (NOTIFICATION_RETRY_DELAYS_MS) is 1 s, 5 s, 30 s, 2 min, 10 min, 30 min, 1 h: eight attempts
 * over about 1 h 43 min. Each delay gets up to 10 % of jitter so retries of many orders spread out.
 */
export function nextAttemptDelay(delays: readonly number[], attemptsMade: number, random = Math.random): number | undefined {
  const base = delays[attemptsMade - 1];
  if (base === undefined) return undefined;
  return Math.round(base * (1 + 0.1 * random()));
}
