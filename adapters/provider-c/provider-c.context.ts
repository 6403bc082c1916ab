import { notFound, type Tenant } from '../kit/platform.js';
import { fillTemplate, type AdapterKit } from '../kit/index.js';
import type { PaymentDocument } from '../kit/order-contract.js';
import { ProviderCClient } from './provider-c.client.js';
import type { ProviderCConfiguration } from './provider-c.types.js';

/** The provider's calls back to the adapter; their addresses carry the tenant in a signed query. */
export const ADAPTER_BASE = '/api/checkout/v1';
export const CALLBACK_ROUTES = {
  push: '/api/checkout/v1/callback/orders/:orderId/payments/:paymentId/push',
  confirmation: '/api/checkout/v1/callback/orders/:orderId/payments/:paymentId/confirmation',
  savedCard: '/api/checkout/v1/callback/orders/:orderId/payments/:paymentId/saved-credit-card',
  event: '/api/checkout/v1/callback/orders/event',
} as const;

/** How long the addresses handed to the provider stay valid: a pending payment may be decided days later. */
const CALLBACK_LIFETIME_S = 30 * 24 * 3600;

/** What the adapter's services share: the kit and a provider client per configuration. */
export class ProviderCContext {
  constructor(
    readonly kit: AdapterKit<ProviderCConfiguration>,
    /** How long each call to the provider waits (PROVIDER_C_API_TIMEOUT_MS). */
    private readonly timeoutMs: number,
    private readonly clientFor: (configuration: ProviderCConfiguration) => ProviderCClient = (configuration) => new ProviderCClient(configuration.apiSettings, timeoutMs),
  ) {}

  provider(configuration: ProviderCConfiguration): ProviderCClient {
    return this.clientFor(configuration);
  }

  /** The validation address (the runtime's `{adapter_url}/callback/validation`), order and tenant in its signed query. */
  validationUrl(tenant: Tenant, orderId: string, paymentId: string): string {
    return this.kit.callbacks.forTenant(`${this.kit.publicUrl}${ADAPTER_BASE}/callback/validation`, tenant, { orderId, paymentId }, CALLBACK_LIFETIME_S);
  }

  /** A callback address for the provider: the tenant (and, for the event, the order and payment) in a signed query. */
  callbackUrl(route: keyof typeof CALLBACK_ROUTES, tenant: Tenant, orderId: string, paymentId: string): string {
    const path = CALLBACK_ROUTES[route].replace(':orderId', encodeURIComponent(orderId)).replace(':paymentId', encodeURIComponent(paymentId));
    return this.kit.callbacks.forTenant(`${this.kit.publicUrl}${path}`, tenant, route === 'event' ? { orderId, paymentId } : {}, CALLBACK_LIFETIME_S);
  }
}

/** The provider's order id of a payment (its reference). */
export function providerOrderId(payment: PaymentDocument): string {
  if (!payment.reference) throw notFound(`Payment ${payment.id} has no provider order.`, 'payment_not_found');
  return payment.reference;
}

/** The confirmation page for the shopper, placeholders filled. */
export function confirmationPage(configuration: ProviderCConfiguration, tenant: Tenant, orderId: string, paymentId: string): string {
  return fillTemplate(configuration.redirectUrls.confirmationUrl, { orderId, paymentId, merchant: tenant.merchant, channel: tenant.channel });
}
