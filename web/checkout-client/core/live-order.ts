// The live order: the query's answer merged with the orderChanged subscription, newest version winning.
import type { ApolloClient } from '@apollo/client';
import { CheckoutPageDocument, OrderLiveDocument, type CheckoutOrderFragment } from './generated/graphql.js';

export interface LiveOrder {
  /** The order as last seen (undefined until the first answer). */
  order?: CheckoutOrderFragment;
  /** Whether the subscription has delivered the order (updates arrive live). */
  live: boolean;
  /** The query's or the subscription's error, when there is one. */
  error?: string;
}

/** The order to show: the subscription's version when it is as new as the query's or newer, else the query's. */
export function newestOrder(fromQuery: CheckoutOrderFragment | undefined, fromSocket: CheckoutOrderFragment | undefined): CheckoutOrderFragment | undefined {
  return fromSocket && (!fromQuery || fromSocket.version >= fromQuery.version) ? fromSocket : fromQuery;
}

/**
 * Follows an order: the CheckoutPage query (kept current from the client's cache, so a mutation's
 * answer or a refetch shows at once) and `orderChanged` over graphql-ws. Calls `listener` with the
 * merged state on every change; answers a stop.
 */
export function watchLiveOrder(client: ApolloClient, orderId: string, listener: (state: LiveOrder) => void): () => void {
  let fromQuery: CheckoutOrderFragment | undefined;
  let fromSocket: CheckoutOrderFragment | undefined;
  let queryError: string | undefined;
  let socketError: string | undefined;
  const emit = () => listener({ order: newestOrder(fromQuery, fromSocket), live: Boolean(fromSocket), error: queryError ?? socketError });
  const query = client.watchQuery({ query: CheckoutPageDocument, variables: { id: orderId } }).subscribe({
    next: (result) => {
      if (result.dataState === 'complete') fromQuery = result.data.order ?? undefined;
      queryError = result.error?.message;
      emit();
    },
    error: (failure: Error) => {
      queryError = failure.message;
      emit();
    },
  });
  const socket = client.subscribe({ query: OrderLiveDocument, variables: { id: orderId } }).subscribe({
    next: (result) => {
      if (result.data) fromSocket = result.data.orderChanged;
      socketError = result.error?.message;
      emit();
    },
    error: (failure: Error) => {
      socketError = failure.message;
      emit();
    },
  });
  return () => {
    query.unsubscribe();
    socket.unsubscribe();
  };
}
