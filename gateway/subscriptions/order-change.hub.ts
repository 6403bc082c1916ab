import { PgListener } from '../../platform/db/pg-listener.js';
import type { Logger } from '../../platform/logging/logger.js';

/**
 * What the order engine publishes with pg_notify after commit (channel `order_changed`): one
 * change, or several packed in a JSON array (PgNotifier's `packed` delivery).
 */
export interface OrderChangeEvent {
  merchant: string;
  channel: string;
  id: string;
  version: number;
}

/**
 * One LISTEN per gateway process, fanned out in memory to the subscriptions of each order.
 * Every gateway process listens, so a change reaches subscribers on all of them.
 */
export class OrderChangeHub {
  private readonly byOrder = new Map<string, Set<(event: OrderChangeEvent) => void>>();
  private readonly listener: PgListener;

  constructor(databaseUrl: string, logger: Logger) {
    this.listener = new PgListener(databaseUrl, 'order_changed', logger, (payload) => this.dispatch(payload));
  }

  start(): Promise<void> {
    return this.listener.start();
  }

  stop(): Promise<void> {
    return this.listener.stop();
  }

  /** Calls `handler` for every committed change of the order; returns the unsubscribe function. */
  subscribe(orderId: string, handler: (event: OrderChangeEvent) => void): () => void {
    let handlers = this.byOrder.get(orderId);
    if (!handlers) {
      handlers = new Set();
      this.byOrder.set(orderId, handlers);
    }
    handlers.add(handler);
    return () => {
      handlers.delete(handler);
      if (handlers.size === 0) this.byOrder.delete(orderId);
    };
  }

  private dispatch(payload: string): void {
    // Nobody subscribed in this process (a busy engine's changes with no one watching): nothing to read.
    if (this.byOrder.size === 0) return;
    let parsed: OrderChangeEvent | OrderChangeEvent[];
    try {
      parsed = JSON.parse(payload) as OrderChangeEvent | OrderChangeEvent[];
    } catch {
      return;
    }
    for (const event of Array.isArray(parsed) ? parsed : [parsed]) {
      if (typeof event?.id !== 'string') continue;
      for (const handler of this.byOrder.get(event.id) ?? []) handler(event);
    }
  }
}
