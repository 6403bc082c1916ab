/**
 * Readiness of an adapter: it can reach the platform (the order service answers /healthz).
 * Only the probe asks, never start-up, so starting adapters before the platform cannot deadlock.
 * It waits `timeoutMs` (READINESS_PROBE_TIMEOUT_MS) for the answer.
 */
export function platformReachable(orderUrl: string, timeoutMs: number): () => Promise<void> {
  return async () => {
    const response = await fetch(`${orderUrl.replace(/\/$/, '')}/healthz`, { signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`the order service answered /healthz with HTTP ${response.status}`);
  };
}
