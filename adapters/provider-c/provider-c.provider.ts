import type { FastifyRequest } from 'fastify';
import { badRequest } from '../kit/platform.js';
import type { PaymentProvider } from '../kit/index.js';
import { verifyProviderCall } from './provider-c-callback.verifier.js';
import type { ProviderCCheckout } from './provider-c-checkout.service.js';
import { providerOrderId, type ProviderCContext } from './provider-c.context.js';
import { providerFailure } from './provider-c.errors.js';
import type { ProviderCSettlement } from './provider-c-settlement.service.js';
import { PROVIDER_C_PAYMENT_NAME, type ProviderCConfiguration, type ProviderCSession } from './provider-c.types.js';
import { attributesOf } from './provider-c-checkout.service.js';

/**
 * Provider C as the kit's payment provider: create (a checkout order at the provider, answered
 * `{paymentId, htmlSnippet}`), read (the snippet as the provider has it now: the confirmation page
 * embeds it again), amountChanged (the provider's cart follows), and the provider's validation
 * callback at `{adapter_url}/callback/validation` (signed address and signed request; the shopper's
 * details onto the order, the order checked, then `processing` — or a decline with a message the
 * iframe shows).
 */
export function providerCProvider(context: ProviderCContext, checkout: ProviderCCheckout, settlement: ProviderCSettlement): PaymentProvider<ProviderCConfiguration, ProviderCSession> {
  return {
    name: PROVIDER_C_PAYMENT_NAME,

    async createSession({ tenant, order, configuration, payment, cancelUrl }) {
      const request = checkout.createRequest(tenant, order, payment, configuration, configuration.redirectUrls.checkoutUrl ? cancelUrl : undefined);
      const created = await context.provider(configuration).createOrder(request);
      return {
        reference: String(created.OrderId),
        payment: { attributes: attributesOf(created) },
        response: { paymentId: payment.id, htmlSnippet: created.OrderHtmlSnippet },
        pspStatus: created.CustomerCheckoutStatus,
        requestJson: { ...request, MerchantSettings: '(callback addresses)' },
        responseJson: { OrderId: created.OrderId, CustomerCheckoutStatus: created.CustomerCheckoutStatus, OrderAmount: created.OrderAmount },
      };
    },

    async readSession({ configuration, payment }) {
      const providerOrder = await context.provider(configuration).getOrder(providerOrderId(payment)).catch((error: unknown) => {
        throw providerFailure(error, payment.id);
      });
      return { paymentId: payment.id, htmlSnippet: providerOrder.OrderHtmlSnippet };
    },

    async amountChanged({ configuration, order, payment, amount }) {
      const updated = await checkout.updateCart(configuration, payment, order, amount);
      return {
        amount,
        transaction: { event: 'update', pspEvent: 'amount-changed', amount, isSuccess: true, pspStatus: updated.CustomerCheckoutStatus, requestJson: { amount }, responseJson: { OrderAmount: updated.OrderAmount } },
      };
    },

    async validationCallback(request: FastifyRequest) {
      const { tenant, query } = await verifyProviderCall(context.kit, request);
      if (!query.orderId || !query.paymentId) throw badRequest('invalid_request', 'The validation address names no order or payment.');
      return settlement.validate(tenant, query.orderId, query.paymentId);
    },
  };
}
