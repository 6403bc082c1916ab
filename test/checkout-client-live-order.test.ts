import { describe, expect, it } from '@jest/globals';
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { Observable, Subject } from 'rxjs';
import { newestOrder, watchLiveOrder, type LiveOrder } from '../web/checkout-client/core/live-order.js';
import type { CheckoutOrderFragment } from '../web/checkout-client/core/generated/graphql.js';

// The checkout client's live order (web/checkout-client/core/live-order.ts) on a real Apollo
// Client whose link answers the CheckoutPage query and plays the orderChanged subscription:
// the query's order first, the socket's newer versions after it, `live` once the socket spoke.

const money = (amount: number) => ({ __typename: 'Money' as const, amount, currency: 'NOK' });
const order = (version: number, status = 'checkout'): CheckoutOrderFragment => ({
  __typename: 'Order',
  id: 'order-1',
  status,
  version,
  culture: 'nb-NO',
  currency: 'NOK',
  reference: null,
  cart: { __typename: 'Cart', lines: [] },
  amounts: { __typename: 'OrderAmounts', items: money(10), shipping: money(0), total: money(10), vat: money(2), paid: money(0), due: money(10) },
  customer: { __typename: 'Customer', billing: null },
  consents: null,
  shippings: [],
  payments: [],
}) as CheckoutOrderFragment;

function clientWith(socket: Subject<{ data: { orderChanged: CheckoutOrderFragment } }>, fromQuery: CheckoutOrderFragment) {
  const link = new ApolloLink((operation) =>
    operation.operationName === 'OrderLive'
      ? socket.asObservable()
      : new Observable((observer) => {
          observer.next({ data: { order: fromQuery } });
          observer.complete();
        }),
  );
  return new ApolloClient({ link, cache: new InMemoryCache({ typePolicies: { Order: { fields: { payments: { merge: false }, shippings: { merge: false } } } } }) });
}

const until = async (seen: LiveOrder[], check: (state: LiveOrder) => boolean) => {
  for (let i = 0; i < 100 && !seen.some(check); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(seen.some(check)).toBe(true);
};

describe("the checkout client's live order", () => {
  it('the newest version wins: the socket over an older query, the query over an older socket', () => {
    expect(newestOrder(order(2), order(3))?.version).toBe(3);
    expect(newestOrder(order(3), order(2))?.version).toBe(3);
    expect(newestOrder(undefined, order(1))?.version).toBe(1);
    expect(newestOrder(order(1), undefined)?.version).toBe(1);
    expect(newestOrder(undefined, undefined)).toBeUndefined();
  });

  it("shows the query's order, then each orderChanged as it arrives, and stops listening when stopped", async () => {
    const socket = new Subject<{ data: { orderChanged: CheckoutOrderFragment } }>();
    const client = clientWith(socket, order(2));
    const seen: LiveOrder[] = [];
    const stop = watchLiveOrder(client, 'order-1', (state) => seen.push(state));

    await until(seen, (state) => state.order?.version === 2 && !state.live);
    socket.next({ data: { orderChanged: order(3, 'processing') } });
    await until(seen, (state) => state.order?.version === 3 && state.order.status === 'processing' && state.live);
    expect(seen.every((state) => state.error === undefined)).toBe(true);

    stop();
    const count = seen.length;
    expect(socket.observed).toBe(false);
    socket.next({ data: { orderChanged: order(4, 'completed') } });
    expect(seen.length).toBe(count);
    client.stop();
  });
});
