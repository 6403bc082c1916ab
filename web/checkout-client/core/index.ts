// The checkout client's framework-free core: everything a storefront needs to talk to the platform and the providers' frontends.
export * from './generated/graphql.js';
export { loadConfig, readSession, saveSession, sessionHolder, startCheckout, seedDemoBasket, type CheckoutSession, type DemoBasket, type SessionHolder, type StorefrontConfig } from './checkout-session.js';
export { createCheckoutClient } from './gateway-client.js';
export { keepTokenRenewed } from './token-renewal.js';
export { openCheckout, type CheckoutConnection } from './checkout-connection.js';
export { newestOrder, watchLiveOrder, type LiveOrder } from './live-order.js';
export { deliveryMissing, placeOrder, type Failure, type PaymentSelection, type PlaceOrderOptions, type PlaceOrderResult } from './place-order.js';
export { choiceOfOpenPayment, rememberChoice, rememberedChoice } from './payment-choice.js';
export { checkoutError, type CheckoutError } from './checkout-error.js';
export { orderSettlement, type OrderSettlement } from './order-settlement.js';
export { startPayment, dataString, type PaymentSession } from './start-payment.js';
export { AdapterCallError, callAdapter } from './adapter-call.js';
export { forgetRedirect, providerReturn, rememberRedirect, type ProviderRedirect, type ProviderReturn } from './provider-return.js';
export * from './shopper-words.js';
export type { MountedFrontend, ProviderFrontend, ProviderFrontendOptions } from './frontends/provider-frontend.js';
export { PROVIDER_FRONTENDS, frontendFor, mountProviderFrontend } from './frontends/registry.js';
export type { ApolloClient } from '@apollo/client';
