import type { FastifyRequest } from 'fastify';
import { badRequest } from '../kit/platform.js';
import type { LifecycleCall, PaymentProvider, ProviderResult } from '../kit/index.js';
import { verifyProviderCall } from './provider-c-callback.verifier.js';
import type { ProviderCCheckout } from './provider-c-checkout.usecase.js';
import { providerOrderId, type ProviderCContext } from './provider-c.context.js';
import { providerFailed } from '../kit/index.js';
import type { ProviderCSettlement, ValidationRequest } from './provider-c-settlement.usecase.js';
import { attributesOf } from './provider-c.settlement.js';
import { PROVIDER_C_PAYMENT_NAME, type ProviderCConfiguration, type ProviderCSession } from './provider-c.types.js';

/**
 * Provider C as the kit's payment provider: create (a checkout order at the provider, answered
 * `{paymentId, htmlSnippet}`), read (the snippet as the provider has it now: the confirmation page
 * embeds it again), amountChanged (the provider's items follow), the provider's validation at
 * `{adapter_url}/callback/validation` (signed address; the amount bought checked, the shopper's
 * details onto the order, then `processing` — or a decline with a published reason and words the
 * checkout shows), and the back office's Refresh (the provider's order re-read and applied as the
 * checkout push applies it).
 */
export function providerCProvider(context: ProviderCContext, checkout: ProviderCCheckout, settlement: ProviderCSettlement): PaymentProvider<ProviderCConfiguration, ProviderCSession> {
  return {
    name: PROVIDER_C_PAYMENT_NAME,

    async createSession({ tenant, order, configuration, payment }) {
      const request = checkout.createRequest(tenant, order, payment, configuration);
      const created = await context.provider(configuration).createOrder(request);
      const { MerchantReference, Currency, Country, Language, OrderItems, AvailableShippingMethods } = request;
      return {
        reference: String(created.OrderId),
        payment: { attributes: attributesOf(created) },
        response: { paymentId: payment.id, htmlSnippet: created.OrderHtmlSnippet },
        pspStatus: created.CustomerCheckoutStatus,
        // What was sent, less the shopper's details and the signed addresses.
        requestJson: { MerchantReference, Currency, Country, Language, OrderItems, ...(AvailableShippingMethods ? { AvailableShippingMethods } : {}), prefilled: request.CustomerInformation !== undefined },
        responseJson: { OrderId: created.OrderId, CustomerCheckoutStatus: created.CustomerCheckoutStatus, TotalPrice: created.TotalPrice },
      };
    },

    async readSession({ configuration, payment }) {
      const read = await context.provider(configuration).getOrder(providerOrderId(payment)).catch((error: unknown) => {
        throw providerFailed(error, payment.id);
      });
      return { paymentId: payment.id, htmlSnippet: read.OrderHtmlSnippet };
    },

    async amountChanged({ configuration, order, payment, amount }) {
      const request = checkout.updateRequest(configuration, order, amount);
      await checkout.updateOrder(configuration, payment, request);
      return {
        amount,
        transaction: { event: 'update', pspEvent: 'amount-changed', amount, isSuccess: true, requestJson: request },
      };
    },

    /**
     * The back office's Refresh (refreshPayment): the provider's order is read again and its
     * status applied exactly as the checkout push applies it (`settlement.settle`: one keyed
     * action per provider order and status) — so a push that never came is made up for, and a
     * status already applied changes nothing. The answer carries no state of its own: the
     * settlement has recorded it; the read is logged.
     */
    async refresh({ tenant, order, payment }: LifecycleCall<ProviderCConfiguration>): Promise<ProviderResult> {
      const settled = await settlement.settle(tenant, order.id, payment.id, 'refresh');
      return {
        pspStatus: settled.checkoutStatus,
        transaction: { event: 'refresh', pspEvent: 'get-order', amount: payment.amount, isSuccess: true, pspStatus: settled.checkoutStatus, responseJson: { status: settled.checkoutStatus, paymentState: settled.paymentState, changed: settled.changed } },
      };
    },

    async validationCallback(request: FastifyRequest) {
      const { tenant, query } = await verifyProviderCall(context.kit, request);
      if (!query.orderId || !query.paymentId) throw badRequest('invalid_request', 'The validation address names no order or payment.');
      const body = request.body && typeof request.body === 'object' ? (request.body as ValidationRequest) : {};
      return settlement.validate(tenant, query.orderId, query.paymentId, body);
    },
  };
}
