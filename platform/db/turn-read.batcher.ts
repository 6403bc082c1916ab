/**
 * Reads across requests: the keys that callers of one group (a tenant) ask for in the same turn
 * of the event loop are read with one query, at the end of that turn (`setImmediate`).
 *
 * A request's own DataLoader already makes one query of all it needs at a moment; under load,
 * many requests reach that moment in the same turn (their sockets were read together), and each
 * would send its own query: a round trip, a socket write and the database's per-statement work
 * each. Here they share one. Groups never share a query, so a query keeps its tenant's condition.
 *
 * Nothing is kept once the query has answered (no cache): a read is never older than the moment
 * it was asked for. Each caller gets its own values — the first caller of a key the value the
 * query gave, any other caller of that key in the same batch a copy — so no two requests ever
 * hold the same object. A failed query is every caller's failure in that batch.
 */
export interface TurnReadSource<G, K, V> {
  /** The group as one string: callers of one group share queries. */
  groupKeyOf(group: G): string;
  /** One query for the group's keys: the values found, by `keyOf`; a key absent from the map was not found. */
  load(group: G, keys: K[]): Promise<Map<string, V>>;
  keyOf(key: K): string;
  /** Another caller's own copy of a value. */
  copy(value: V): V;
}

interface Caller<K, V> {
  keys: readonly K[];
  resolve(values: Array<V | undefined>): void;
  reject(error: unknown): void;
}

interface Batch<G, K, V> {
  group: G;
  keys: Map<string, K>;
  callers: Array<Caller<K, V>>;
}

export class TurnReadBatcher<G, K, V> {
  private waiting = new Map<string, Batch<G, K, V>>();
  private scheduled = false;
  /** Queries sent and the calls they answered (tests and benchmarks). */
  readonly stats = { queries: 0, calls: 0 };

  constructor(private readonly source: TurnReadSource<G, K, V>) {}

  /** The values of `keys` in their order, undefined where not found. */
  read(group: G, keys: readonly K[]): Promise<Array<V | undefined>> {
    return new Promise((resolve, reject) => {
      const groupKey = this.source.groupKeyOf(group);
      let batch = this.waiting.get(groupKey);
      if (!batch) this.waiting.set(groupKey, (batch = { group, keys: new Map(), callers: [] }));
      for (const key of keys) batch.keys.set(this.source.keyOf(key), key);
      batch.callers.push({ keys, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batches = this.waiting;
    this.waiting = new Map();
    for (const batch of batches.values()) void this.run(batch);
  }

  private async run(batch: Batch<G, K, V>): Promise<void> {
    this.stats.queries++;
    this.stats.calls += batch.callers.length;
    let found: Map<string, V>;
    try {
      found = await this.source.load(batch.group, [...batch.keys.values()]);
    } catch (error) {
      for (const caller of batch.callers) caller.reject(error);
      return;
    }
    const handedOut = new Set<string>();
    for (const caller of batch.callers) {
      caller.resolve(
        caller.keys.map((key) => {
          const name = this.source.keyOf(key);
          const value = found.get(name);
          if (value === undefined) return undefined;
          if (!handedOut.has(name)) {
            handedOut.add(name);
            return value;
          }
          return this.source.copy(value);
        }),
      );
    }
  }
}
