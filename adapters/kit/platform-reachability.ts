/** How long an adapter's /readyz waits for the order service. */
const PROBE_TIMEOUT_MS = 2_000;

/**
 * Readiness of an adapter: it can reach the platform (the order service answers /healthz).
 * Only the probe asks, never start-up, so starting adapters before the platform cannot deadlock.
 */
export function platformReachable(orderUrl: string): () => Promise<void> {
  return async () => {
    const response = await fetch(`${orderUrl.replace(/\/$/, '')}/healthz`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`the order service answered /healthz with HTTP ${response.status}`);
  };
}
