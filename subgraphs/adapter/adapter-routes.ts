/**
 * Where each adapter the platform runs takes the storefront's actions (as data): the adapters'
 * own REST paths from the spec. An adapter missing an action does not support it.
 */
export interface AdapterRoutes {
  /** POST; the storefront's chosen payment method, when it names one, goes as `{paymentMethod}`. */
  createPayment?: (orderId: string) => string;
  completePayment?: (orderId: string, paymentId: string) => string;
  removePayment?: (orderId: string, paymentId: string) => string;
}

const e = encodeURIComponent;

export const ADAPTER_ROUTES: Record<string, AdapterRoutes> = {
  commerce_adapter: {},
  nonpsp_adapter: {
    createPayment: (orderId) => `/api/v1/checkout/orders/${e(orderId)}/payments`,
    completePayment: (orderId, paymentId) => `/api/v1/checkout/orders/${e(orderId)}/payments/${e(paymentId)}/complete`,
    removePayment: (orderId, paymentId) => `/api/v1/checkout/orders/${e(orderId)}/payments/${e(paymentId)}/remove`,
  },
  giftcard_adapter: {
    removePayment: (orderId, paymentId) => `/api/checkout/v1/orders/${e(orderId)}/payments/${e(paymentId)}/remove`,
    // Completes an order paid entirely by gift cards (any of its cards names it).
    completePayment: (orderId) => `/api/checkout/v1/orders/${e(orderId)}/complete`,
  },
};

export const COMMERCE = {
  createOrder: () => '/api/v1/orders',
  updateItem: (orderId: string, itemId: string) => `/api/v1/orders/${e(orderId)}/cart/items/${e(itemId)}`,
  refresh: (orderId: string) => `/api/v1/orders/${e(orderId)}`,
};

export const GIFTCARD = {
  addCard: (orderId: string) => `/api/checkout/v1/orders/${e(orderId)}/payments`,
};
