// The React binding of an open checkout: the order's client (token renewed at half-life) for everything under it.
import { ApolloProvider } from '@apollo/client/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { createCheckoutClient, keepTokenRenewed, readSession, sessionHolder, type StorefrontConfig } from '../core/index.js';
import { CheckoutContext } from './checkout-context.js';

/**
 * Everything under it talks to the gateway as the shopper of one order: an Apollo Client with the
 * order's checkout token (from sessionStorage, saved by startCheckout), renewed at half its
 * remaining life while it is mounted. Without a valid token it renders `closed` instead.
 */
export function CheckoutProvider({ config, orderId, closed = null, children }: { config: StorefrontConfig; orderId: string; closed?: ReactNode; children: ReactNode }) {
  const [sessions] = useState(() => sessionHolder(readSession(orderId)));
  const client = useMemo(() => {
    const first = sessions.current();
    return first ? createCheckoutClient(config, () => sessions.current() ?? first) : undefined;
  }, [config, sessions]);
  useEffect(() => (client ? keepTokenRenewed(client, orderId, sessions) : undefined), [client, orderId, sessions]);
  useEffect(() => () => client?.stop(), [client]);
  const checkout = useMemo(() => (client ? { config, orderId, client } : undefined), [config, orderId, client]);
  if (!checkout) return <>{closed}</>;
  return (
    <ApolloProvider client={checkout.client}>
      <CheckoutContext.Provider value={checkout}>{children}</CheckoutContext.Provider>
    </ApolloProvider>
  );
}
