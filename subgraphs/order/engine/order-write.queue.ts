import { trace } from '@opentelemetry/api';
import { currentScope } from '../../../platform/telemetry/request-scope.js';

/**
 * Writers of one order take turns inside a process: a change of an order starts (load, hooks,
 * commit) only once the previous change of that order in this process has finished. So a hook
 * chain is never run for a change that then loses its commit to a neighbour, and a caller without
 * `If-Match` never sees a conflict caused by a writer of the same process. Writers in other
 * processes take turns through the database when the order calls out (the engine's writer turn,
 * docs/order-engine.md "Writers across processes"); otherwise the versioned update decides (the
 * loser re-runs its change, calling nothing).
 *
 * One queue is shared by every engine of the process (the order service and the payment API
 * each build one), keyed by tenant and order id. Entries are removed when a queue drains.
 */
export class OrderWriteQueue {
  private readonly tails = new Map<string, Promise<void>>();
  /** What caused the change holding each key's turn (its trace or request id), when known. */
  private readonly holders = new Map<string, string | undefined>();

  /**
   * Runs `work` after every earlier turn of the same key has finished (whatever their outcome).
   * A change caused by the very change holding the turn (same `cause`: a hook or callback of that
   * change writing its own order) runs at once instead of waiting for a turn it would never get
   * before the hook timed out; the versioned update still decides between the two.
   */
  async turn<T>(key: string, work: () => Promise<T>, cause?: string): Promise<T> {
    if (cause !== undefined && this.tails.has(key) && this.holders.get(key) === cause) return work();
    const previous = this.tails.get(key);
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    const tail = previous ? previous.then(() => done) : done;
    this.tails.set(key, tail);
    try {
      if (previous) await previous;
      this.holders.set(key, cause);
      return await work();
    } finally {
      release();
      if (this.tails.get(key) === tail) {
        this.tails.delete(key);
        this.holders.delete(key);
      }
    }
  }

  /** Orders with a change running or waiting (for tests and metrics). */
  get busy(): number {
    return this.tails.size;
  }
}

/** The process's queue: every OrderEngine uses it unless given its own. */
export const processWriteQueue = new OrderWriteQueue();

/**
 * What caused the change being served: the trace it belongs to (a hook or callback's own calls
 * continue the trace of the change that called it), else the request id passed along the hops.
 */
export function causeOfThisChange(): string | undefined {
  const span = trace.getActiveSpan()?.spanContext();
  if (span && trace.isSpanContextValid(span)) return `trace:${span.traceId}`;
  const requestId = currentScope()?.requestId;
  return requestId ? `request:${requestId}` : undefined;
}
