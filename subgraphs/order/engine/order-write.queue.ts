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
  /** How many changes of each key wait behind the running one. */
  private readonly queued = new Map<string, number>();
  /**
   * Each key's run: how many changes of this process in a row took the order's writer turn in
   * the database while a writer of another process waited for it (see `mayKeepTurn`).
   */
  private readonly runs = new Map<string, number>();
  /** Keys whose turn a commit gave back without telling other processes, because a change queued here was to take it. */
  private readonly owed = new Set<string>();

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
      if (previous) {
        this.queued.set(key, (this.queued.get(key) ?? 0) + 1);
        try {
          await previous;
        } finally {
          this.queued.set(key, (this.queued.get(key) ?? 1) - 1);
        }
      }
      this.holders.set(key, cause);
      return await work();
    } finally {
      release();
      if (this.tails.get(key) === tail) {
        this.tails.delete(key);
        this.holders.delete(key);
        this.queued.delete(key);
        this.runs.delete(key);
      }
    }
  }

  /** Changes of the key waiting behind the running one. */
  behind(key: string): number {
    return this.queued.get(key) ?? 0;
  }

  /**
   * Whether the next change of the key may take the writer turn ahead of a writer of another
   * process that is next in line: while the process's run is shorter than TURN_RUN_LIMIT. So
   * processes alternate in runs of up to that many changes, not one change each (a hand-over
   * between processes costs a notification and a read), and no process waits longer than a run.
   */
  mayKeepTurn(key: string): boolean {
    return (this.runs.get(key) ?? 0) < TURN_RUN_LIMIT;
  }

  /**
   * A change of the key took the turn: `othersWaiting` when it took it ahead of a writer of another
   * process who stays next in line (the run goes on); otherwise the run starts again (nobody else
   * was waiting, or this was the writer next in line).
   */
  tookTurn(key: string, othersWaiting: boolean): void {
    this.runs.set(key, othersWaiting ? (this.runs.get(key) ?? 0) + 1 : 0);
    this.owed.delete(key);
  }

  /**
   * A commit that gives the turn back asks whether to tell other processes: not when a change
   * queued here takes it next (its read takes it at once; the others would wake for nothing).
   * The announcement is then owed: a change that ends without taking the turn pays it (`settle`).
   */
  announceOnCommit(key: string): boolean {
    if (this.behind(key) > 0 && this.mayKeepTurn(key)) {
      this.owed.add(key);
      return false;
    }
    return true;
  }

  /** A change of the key ended: whether it must announce the turn a commit gave back silently (nobody here took it). */
  settle(key: string): boolean {
    if (!this.owed.has(key) || this.behind(key) > 0) return false;
    this.owed.delete(key);
    return true;
  }

  /** Orders with a change running or waiting (for tests and metrics). */
  get busy(): number {
    return this.tails.size;
  }
}

/** The longest run of changes one process takes the turn for while another waits (see `mayKeepTurn`). */
export const TURN_RUN_LIMIT = 4;

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
