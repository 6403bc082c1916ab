/** Writers waiting for an order's writer turn held by another process, woken when it is given back (LISTEN) or by a bounded poll. */
import type { Tenant } from '../../../platform/auth/principal.js';
import { PgListener } from '../../../platform/db/pg-listener.js';
import type { Logger } from '../../../platform/logging/logger.js';
import { orderKey } from '../order.model.js';
import { ORDER_TURNS_CHANNEL } from './order-store.repository.js';

/** A waiter reads again at least this often, whatever it hears: a missed notification costs at most this. */
export const TURN_POLL_MS = 250;

/**
 * The process's writers waiting for a turn (docs/order-engine.md, "Writers across processes").
 * A turn given back (a commit or a release, ORDER_TURNS_CHANNEL) wakes that order's waiters, who
 * then try to take it; a waiter also wakes after `pollMs`, or when the holder's turn expires if
 * sooner. The LISTEN connection is opened on the first wait (most processes never wait), and
 * without a database URL the waiters only poll.
 */
export class OrderTurnWaiters {
  private readonly waiting = new Map<string, Set<() => void>>();
  private listener: PgListener | undefined;
  private listening: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly databaseUrl: string | undefined,
    private readonly logger: Logger,
    readonly pollMs = TURN_POLL_MS,
  ) {}

  /**
   * Resolves once the order's turn may have been given back: announced, polled, or `untilMs`
   * (epoch ms) reached. The first wait of the process opens the LISTEN connection and resolves
   * once it listens (a release announced before then was not heard: the caller reads again).
   */
  async wait(tenant: Tenant, orderId: string, untilMs: number): Promise<void> {
    if (this.databaseUrl !== undefined && this.listening === undefined && !this.closed) {
      this.listening = this.listen();
      return this.listening;
    }
    await this.listening;
    const key = orderKey(tenant, orderId);
    await new Promise<void>((resolve) => {
      const waiters = this.waiting.get(key) ?? new Set<() => void>();
      this.waiting.set(key, waiters);
      const wake = () => {
        clearTimeout(timer);
        waiters.delete(wake);
        if (waiters.size === 0 && this.waiting.get(key) === waiters) this.waiting.delete(key);
        resolve();
      };
      const timer = setTimeout(wake, Math.max(0, Math.min(this.pollMs, untilMs - Date.now())));
      waiters.add(wake);
    });
  }

  /** Stops listening and wakes every waiter (they read again; from now on waiters only poll). */
  async close(): Promise<void> {
    this.closed = true;
    this.wakeAll();
    await this.listening?.catch(() => undefined);
    await this.listener?.stop();
  }

  private async listen(): Promise<void> {
    const listener = new PgListener(this.databaseUrl!, ORDER_TURNS_CHANNEL, this.logger, (payload) => this.heard(payload), () => this.wakeAll());
    try {
      await listener.start();
      this.listener = listener;
      if (this.closed) await listener.stop();
    } catch (error) {
      this.logger.warn({ err: error }, 'could not LISTEN for order turns; waiting writers poll');
    }
  }

  /** A packed notification: the orders whose turn was given back. */
  private heard(payload: string): void {
    let released: unknown;
    try {
      released = JSON.parse(payload);
    } catch {
      return;
    }
    for (const order of Array.isArray(released) ? released : [released]) {
      const { merchant, channel, id } = (order ?? {}) as { merchant?: unknown; channel?: unknown; id?: unknown };
      if (typeof merchant !== 'string' || typeof channel !== 'string' || typeof id !== 'string') continue;
      for (const wake of [...(this.waiting.get(orderKey({ merchant, channel }, id)) ?? [])]) wake();
    }
  }

  private wakeAll(): void {
    for (const waiters of [...this.waiting.values()]) for (const wake of [...waiters]) wake();
  }

  /** Writers waiting now (for tests and metrics). */
  get count(): number {
    let count = 0;
    for (const waiters of this.waiting.values()) count += waiters.size;
    return count;
  }
}
