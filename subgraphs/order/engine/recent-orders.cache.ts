/**
 * The last version this process committed or read of the orders it is working on, for the next
 * change of the same order (docs/order-engine.md). An order is remembered while it is being
 * worked on: an entry untouched for `idleMs` is forgotten, and at most `max` are kept (the least
 * recently touched first out). So memory follows the orders in checkout now, not every order
 * seen since start-up; a forgotten order only costs its next change one read.
 */
export class RecentOrders<T> {
  /** Key → value and when it was last touched; insertion order is touch order. */
  private readonly entries = new Map<string, { value: T; touchedAt: number }>();

  constructor(
    private readonly max = 5_000,
    private readonly idleMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.touchedAt >= this.idleMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T): void {
    const now = this.now();
    this.entries.delete(key);
    this.entries.set(key, { value, touchedAt: now });
    // The oldest first: drop what is over the bound or idle too long, stop at the first kept.
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.max && now - entry.touchedAt < this.idleMs) break;
      this.entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}
