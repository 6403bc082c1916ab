/**
 * What an adapter says about itself, served public at `GET {adapter_url}/.well-known/adapter.json`:
 * the adapter subgraph reads it to list adapters and to find where each storefront action goes,
 * so no path of an adapter is written down outside its folder (docs/adapter-kit.md).
 */
export const ADAPTER_MANIFEST_PATH = '/.well-known/adapter.json';

/** The storefront actions an adapter may take; each route is a path template with `{orderId}`, `{paymentId}`, `{itemId}`. */
export type StorefrontAction =
  | 'createOrder'
  | 'updateCartItem'
  | 'refreshOrder'
  | 'addGiftCard'
  | 'createPayment'
  /**
   * GET: the session of an open payment of this adapter, `{paymentId}` named — what `createPayment`
   * answered it, read again (a reload, a second tab, a shopper coming back to this adapter): the
   * storefront's `startPayment` resumes the open payment through it instead of creating a second.
   */
  | 'readPayment'
  | 'completePayment'
  /** POST: takes the payment out of the checkout (an open one becomes `removed`); the storefront's `removePayment`, and a switch to another adapter. */
  | 'removePayment'
  /** GET: the payment methods this adapter offers the order now, `{paymentMethods: [{identifier, name}]}` (storefront API paymentOptions). */
  | 'listPaymentMethods'
  /** GET: the order's shipping options (commerce adapter; docs/storefront-api.md). */
  | 'shippingOptions'
  /** PUT `{optionId}`: choose one of them. */
  | 'selectShipping';

export interface AdapterManifest {
  id: string;
  kind: 'commerce' | 'payment' | 'giftcard';
  /** A name for people (admin UIs). */
  name: string;
  /** Where each action it supports is taken; an action left out is not supported. */
  routes: Partial<Record<StorefrontAction, string>>;
}
