// The storefront's own updates of the order as a provider's frontend sees them: before each, and once its payment has followed it.
import { ApolloLink, type ApolloClient } from '@apollo/client';
import { finalize } from 'rxjs';
import { CheckoutPageDocument, type CheckoutOrderFragment } from './generated/graphql.js';
import { watchLiveOrder } from './live-order.js';

/** Mutations that change nothing a provider shows (a token renewal, a check). */
const NOT_UPDATES = new Set(['RenewCheckoutToken', 'ValidateOrder']);
/** The longest a frontend waits for its payment to follow an update before it goes on anyway (ms). */
const FOLLOW_LIMIT_MS = 15_000;

interface UpdateListener {
  started(): void;
  settled(): void;
}
const listeners = new WeakMap<ApolloClient, Set<UpdateListener>>();

/**
 * In the checkout client's link chain (gateway-client.ts): tells the client's listeners when a
 * mutation of the order starts and when its answer is in (or it failed).
 */
export const orderUpdateLink = new ApolloLink((operation, forward) => {
  const watching = listeners.get(operation.client);
  if (operation.operationType !== 'mutation' || NOT_UPDATES.has(operation.operationName ?? '') || !watching || watching.size === 0) return forward(operation);
  const now = [...watching];
  for (const listener of now) listener.started();
  return forward(operation).pipe(finalize(() => now.forEach((listener) => listener.settled())));
});

const isActive = (state: string) => !['removed', 'cancelled', 'failed', 'refunded'].includes(state);

/** Whether the adapter's open payment holds its share of the order (what the other active payments leave), or the order has none of it. */
export function paymentFollows(order: CheckoutOrderFragment, adapterId: string): boolean {
  const active = order.payments.filter((payment) => isActive(payment.state));
  const ours = active.find((payment) => payment.adapterId === adapterId);
  if (!ours) return true;
  const others = active.filter((payment) => payment !== ours).reduce((sum, payment) => sum + Math.round(payment.amount * 100), 0);
  return Math.round(ours.amount * 100) === Math.round(order.amounts.total.amount * 100) - others;
}

/**
 * For a provider's frontend whose provider must not show the order while it changes (a checkout
 * suspended and resumed around the update, a form refreshed after it): `before` when the storefront starts updating the
 * order (the first of overlapping updates), `after` once every update is answered and the adapter's
 * payment holds its share again — the platform tells the adapter of a new amount a moment after the
 * update (amountChanged), and the adapter updates the provider then — read from the server, then
 * live; after FOLLOW_LIMIT_MS at the latest. Answers a stop.
 */
export function followOrderUpdates(client: ApolloClient, orderId: string, adapterId: string, hooks: { before(): void; after(): void }): () => void {
  let running = 0;
  let stopped = false;
  /** The wait for the payment to follow the last update, while there is one. */
  let wait: { stop(): void } | undefined;
  const finish = (which: { stop(): void }) => {
    if (wait !== which) return;
    which.stop();
    wait = undefined;
    if (!stopped && running === 0) hooks.after();
  };
  const waitForPayment = () => {
    let stopLive: (() => void) | undefined;
    const mine = { stop: () => undefined as void };
    const limit = setTimeout(() => finish(mine), FOLLOW_LIMIT_MS);
    mine.stop = () => {
      clearTimeout(limit);
      stopLive?.();
    };
    wait = mine;
    client
      .query({ query: CheckoutPageDocument, variables: { id: orderId }, fetchPolicy: 'network-only' })
      .then((result) => {
        if (wait !== mine) return;
        const fresh = result.data?.order ?? undefined;
        if (!fresh || paymentFollows(fresh, adapterId)) return finish(mine);
        const live = watchLiveOrder(client, orderId, ({ order }) => {
          if (order && order.version >= fresh.version && paymentFollows(order, adapterId)) finish(mine);
        });
        // An answer already in (the cache's) may have ended the wait while subscribing: then nothing is left to watch.
        if (wait === mine) stopLive = live;
        else live();
      })
      .catch(() => finish(mine));
  };
  const listener: UpdateListener = {
    started: () => {
      running += 1;
      if (running === 1 && !wait) hooks.before();
    },
    settled: () => {
      running -= 1;
      if (running === 0 && !stopped) {
        wait?.stop();
        waitForPayment();
      }
    },
  };
  const set = listeners.get(client) ?? new Set<UpdateListener>();
  set.add(listener);
  listeners.set(client, set);
  return () => {
    stopped = true;
    set.delete(listener);
    wait?.stop();
    wait = undefined;
  };
}
