/**
 * A sandbox stands in for a provider's database, in memory: it keeps the last
 * `SANDBOX_RECORDS_KEPT` records of each kind (baskets, commerce orders, gift cards) and forgets
 * older ones, so a long-running stack (`npm start`, a soak) does not grow without end.
 */
export const SANDBOX_RECORDS_KEPT = 1_000;

/** Drops the oldest entries (insertion order) beyond `keep`, telling `forgotten` about each. */
export function forgetOldest<K, V>(records: Map<K, V>, keep = SANDBOX_RECORDS_KEPT, forgotten: (key: K, value: V) => void = () => undefined): void {
  for (const [key, value] of records) {
    if (records.size <= keep) return;
    records.delete(key);
    forgotten(key, value);
  }
}
