// The React context a CheckoutProvider gives the hooks and components under it.
import { createContext, useContext } from 'react';
import type { ApolloClient } from '@apollo/client';
import type { StorefrontConfig } from '../core/index.js';

export interface CheckoutContextValue {
  config: StorefrontConfig;
  orderId: string;
  client: ApolloClient;
}

export const CheckoutContext = createContext<CheckoutContextValue | undefined>(undefined);

/** The checkout the component is in (its config, order and client); throws outside a CheckoutProvider. */
export function useCheckout(): CheckoutContextValue {
  const checkout = useContext(CheckoutContext);
  if (!checkout) throw new Error('useCheckout is used outside a <CheckoutProvider>.');
  return checkout;
}
