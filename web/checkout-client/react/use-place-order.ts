// Placing the order from React: the core's placeOrder with the checkout's client.
import { useCallback } from 'react';
import { placeOrder, type CheckoutOrderFragment, type PaymentSelection, type PlaceOrderOptions, type PlaceOrderResult } from '../core/index.js';
import { useCheckout } from './checkout-context.js';

/** A function placing an order (see placeOrder): the open payment of the selection, validation, completion. */
export function usePlaceOrder(): (order: CheckoutOrderFragment, selection: PaymentSelection | undefined, giftCardAdapters: string[], options?: PlaceOrderOptions) => Promise<PlaceOrderResult> {
  const { client } = useCheckout();
  return useCallback((order, selection, giftCardAdapters, options) => placeOrder(client, order, selection, giftCardAdapters, options), [client]);
}
