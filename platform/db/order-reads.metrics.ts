/**
 * Every read of an order from the database by this process (the engine's reads, the GraphQL and
 * REST reads), for the benchmark's count of order reads per change (bench/journey.bench.ts).
 * Nothing is recorded unless an observer listens.
 */
const observers = new Set<(orderId: string) => void>();

/** Calls `observer` with the id of every order this process reads; returns the way to stop. */
export function observeOrderReads(observer: (orderId: string) => void): () => void {
  observers.add(observer);
  return () => void observers.delete(observer);
}

/** Tells the observers that these orders were read. */
export function orderRead(...orderIds: readonly string[]): void {
  if (observers.size === 0) return;
  for (const orderId of orderIds) for (const observer of observers) observer(orderId);
}
