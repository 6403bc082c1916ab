// One open checkout without a framework: the order's client, its token kept renewed, and a close.
import type { ApolloClient } from '@apollo/client';
import { readSession, sessionHolder, type CheckoutSession, type StorefrontConfig } from './checkout-session.js';
import { createCheckoutClient } from './gateway-client.js';
import { keepTokenRenewed } from './token-renewal.js';

export interface CheckoutConnection {
  orderId: string;
  config: StorefrontConfig;
  client: ApolloClient;
  /** The current (possibly renewed) checkout session of the order. */
  session(): CheckoutSession;
  /** Stops renewing the token and closes the client (its socket). */
  close(): void;
}

/**
 * Opens the checkout of an order whose token this browser holds (startCheckout saved it in
 * sessionStorage): undefined when there is none or it has expired — the shopper starts again
 * from the basket. The React bindings' CheckoutProvider does the same in React's lifecycle.
 */
export function openCheckout(config: StorefrontConfig, orderId: string): CheckoutConnection | undefined {
  const first = readSession(orderId);
  if (!first) return undefined;
  const sessions = sessionHolder(first);
  const client = createCheckoutClient(config, () => sessions.current() ?? first);
  const stopRenewing = keepTokenRenewed(client, orderId, sessions);
  return {
    orderId,
    config,
    client,
    session: () => sessions.current() ?? first,
    close: () => {
      stopRenewing();
      client.stop();
    },
  };
}
