import type { DeliveryMethod, PaymentMethod } from './commerce.model.js';

/** The checkout payment method the commerce adapter purchases with (spec: item 9). */
export const CHECKOUT_PAYMENT_METHOD_ID = 239;
/** The external delivery method: delivery managed by the checkout (spec: item 9, 10). */
export const EXTERNAL_DELIVERY_METHOD_ID = 128;

export const PAYMENT_METHODS: readonly PaymentMethod[] = [
  { id: CHECKOUT_PAYMENT_METHOD_ID, name: 'Checkout', type: 'external', active: true },
  { id: 12, name: 'Invoice (in store)', type: 'invoice', active: true },
];

export const DELIVERY_METHODS: readonly DeliveryMethod[] = [
  { id: EXTERNAL_DELIVERY_METHOD_ID, name: 'External delivery (checkout)', type: 'external', priceIncVat: 0, vatRate: 0.25, active: true },
  { id: 1, name: 'Standard parcel', type: 'postal', priceIncVat: 49, vatRate: 0.25, active: true },
  { id: 2, name: 'Pick-up in store', type: 'pickup', priceIncVat: 0, vatRate: 0.25, active: true },
];

/** ISO 4217 code → the platform's numeric currency id (what carts carry as an attribute). */
export const CURRENCY_IDS: Readonly<Record<string, number>> = { SEK: 1, EUR: 2, NOK: 3, DKK: 4, USD: 5, GBP: 6 };

export const findPaymentMethod = (id: number) => PAYMENT_METHODS.find((method) => method.id === id && method.active);
export const findDeliveryMethod = (id: number) => DELIVERY_METHODS.find((method) => method.id === id && method.active);
