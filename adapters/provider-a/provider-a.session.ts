import type { Tenant } from '../kit/platform.js';
import type { OrderDocument } from '../kit/order-contract.js';
import { fillTemplate, orderValues, type AdapterKit } from '../kit/index.js';
import { signedCallback } from './provider-a.context.js';
import { localeOf, offersShippingOptions, providerAddressOf, providerOption, sessionAmounts } from './provider-a.mapping.js';
import type { ProviderAConfiguration } from './provider-a.types.js';

/** The adapter's callback paths for one payment (the provider's calls and the shopper's return). */
export const callbackPath = (orderId: string, paymentId: string, name: 'shipping-option-update' | 'confirm' | 'push' | 'notification') =>
  `/api/checkout/v1/callback/orders/${encodeURIComponent(orderId)}/payments/${encodeURIComponent(paymentId)}/${name}`;

/** The query parameter of the push address the provider fills with its order id (`{checkout.order.id}`). */
export const PUSH_ORDER_PARAM = 'klarna_order_id';

/** The merchant URLs the provider is given: the configured pages, and this adapter's signed callbacks. */
export function merchantUrls(kit: AdapterKit<ProviderAConfiguration>, configuration: ProviderAConfiguration, tenant: Tenant, order: OrderDocument, paymentId: string) {
  const signed = (path: string, extra: Record<string, string> = {}) => signedCallback(kit, configuration, path, tenant, extra);
  return {
    terms: fillTemplate(configuration.redirectUrls.termsUrl, orderValues(order)),
    checkout: fillTemplate(configuration.redirectUrls.checkoutUrl, orderValues(order)),
    confirmation: signed(callbackPath(order.id, paymentId, 'confirm')),
    // The provider fills its placeholder with the checkout order id (outside the signature: the push checks it against the payment).
    push: `${signed(callbackPath(order.id, paymentId, 'push'))}&${PUSH_ORDER_PARAM}={checkout.order.id}`,
    notification: signed(callbackPath(order.id, paymentId, 'notification')),
    ...(configuration.validationEnabled === false ? {} : { validation: signed('/api/checkout/v1/callback/validation', { orderId: order.id, paymentId }) }),
    ...(configuration.providesShipping ? { shipping_option_update: signed(callbackPath(order.id, paymentId, 'shipping-option-update')) } : {}),
  };
}

/** The provider's create-order request for a payment covering `amount` of the order. */
export function checkoutOrderRequest(kit: AdapterKit<ProviderAConfiguration>, configuration: ProviderAConfiguration, tenant: Tenant, order: OrderDocument, paymentId: string, amount: number) {
  const country = order.country ?? configuration.shippingCountries?.[0] ?? 'SE';
  // The addresses the shopper already gave the storefront: the provider's page starts from them.
  const billing = providerAddressOf(order.customer?.billing);
  const shipping = providerAddressOf(order.customer?.shipping);
  return {
    purchase_country: country,
    purchase_currency: order.currency,
    locale: localeOf(order),
    ...sessionAmounts(order, amount, { providerShipping: offersShippingOptions(configuration) }),
    merchant_urls: merchantUrls(kit, configuration, tenant, order, paymentId),
    merchant_reference2: order.id,
    ...(offersShippingOptions(configuration) ? { shipping_options: configuration.shippingOptions!.map(providerOption) } : {}),
    ...(configuration.shippingCountries?.length ? { shipping_countries: configuration.shippingCountries } : {}),
    ...(configuration.recurringEnabled ? { recurring: true } : {}),
    ...(billing ? { billing_address: billing } : {}),
    ...(shipping ? { shipping_address: shipping } : {}),
  };
}

/** The request as the transaction log keeps it: the callback addresses without their signatures (they are capabilities). */
export function loggedRequest<T extends { merchant_urls: Record<string, string> }>(request: T): T {
  const unsigned = Object.fromEntries(
    Object.entries(request.merchant_urls).map(([name, value]) => {
      const url = new URL(value);
      url.searchParams.delete('sig');
      return [name, url.toString()];
    }),
  );
  return { ...request, merchant_urls: unsigned };
}
