// The live order as React state (the core's watchLiveOrder in an effect).
import { useEffect, useState } from 'react';
import { watchLiveOrder, type LiveOrder } from '../core/index.js';
import { useCheckout } from './checkout-context.js';

/** The order as last seen: the subscription's newest version, else the query's; re-renders on every change. */
export function useLiveOrder(orderId: string): LiveOrder {
  const { client } = useCheckout();
  const [state, setState] = useState<LiveOrder>({ live: false });
  useEffect(() => watchLiveOrder(client, orderId, setState), [client, orderId]);
  return state;
}
