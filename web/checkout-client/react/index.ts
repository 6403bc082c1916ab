// The checkout client's React bindings: a provider, the live order, placing an order, a provider's frontend.
export { CheckoutProvider } from './CheckoutProvider.js';
export { useCheckout, type CheckoutContextValue } from './checkout-context.js';
export { useLiveOrder } from './use-live-order.js';
export { usePlaceOrder } from './use-place-order.js';
export { ProviderFrontend, type ProviderFrontendProps } from './ProviderFrontend.js';
export { useLatest } from './use-latest.js';
// The operations' hooks, so a storefront needs no Apollo import of its own: pass them the core's typed documents.
export { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
