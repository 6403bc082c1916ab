import type { SessionPaymentProvider } from '../kit/index.js';
import { chosenAtProvider, operationKey, withTransaction } from '../kit/index.js';
import { shareOfNewPayment, UNLIMITED } from '../../contracts/allocation.js';
import type { OrderDocument } from '../kit/order-contract.js';
import type { Tenant } from '../kit/platform.js';
import { failedCall, referenceOf, type ProviderAContext } from './provider-a.context.js';
import { offersShippingOptions, providerOption, sessionAmounts, shippingOf, toMinor } from './provider-a.mapping.js';
import { registerOrderCallbacks } from './provider-a-order.hooks.js';
import { checkoutOrderRequest, loggedRequest } from './provider-a.session.js';
import type { ProviderAConfiguration } from './provider-a.types.js';

/** What the storefront gets: the spec's `{id, status, htmlSnippet}`. */
export interface ProviderAFront {
  id: string;
  status: string;
  htmlSnippet: string;
}

/**
 * With the shipping assistant, a new payment starts with the preselected option as the order's
 * shipping (spec rule 1): put it on the order first, so the payment covers items and shipping.
 */
async function withPreselectedShipping(context: Pick<ProviderAContext, 'kit'>, tenant: Tenant, order: OrderDocument, configuration: ProviderAConfiguration): Promise<OrderDocument> {
  const preselected = configuration.providesShipping ? configuration.shippingOptions?.find((option) => option.preselected) : undefined;
  if (!preselected) return order;
  const shipping = shippingOf(order, providerOption(preselected));
  const current = order.shippings.find((s) => s.id === shipping.id);
  if (order.shippings.length === 1 && current && current.reference === shipping.reference) return order;
  return context.kit.orders.replaceShippings(tenant, order.id, chosenAtProvider(order, [shipping]));
}

/**
 * Provider A as a payment provider for the kit's runtime (docs/adapters/provider-a.md): create
 * makes the hosted checkout order (and the preselected shipping, hooks and notification), read
 * answers the snippet, amountChanged updates the checkout order, capture (order delivered) and
 * refund act in order management.
 */
export function providerA(context: Pick<ProviderAContext, 'kit' | 'client'>): SessionPaymentProvider<ProviderAConfiguration, ProviderAFront> {
  const { kit } = context;
  return {
    name: 'Provider A checkout',

    /** `{adapter_url}/callback/cancel` sends the shopper back to the configured checkout page, its placeholders filled. */

    async createSession({ tenant, order: read, configuration, payment, cancelUrl }) {
      const order = await withPreselectedShipping(context, tenant, read, configuration);
      const amount = order === read ? payment.amount : shareOfNewPayment(order, UNLIMITED);
      const request = checkoutOrderRequest(kit, configuration, tenant, order, payment.id, amount);
      let created;
      try {
        created = await context.client(configuration).createOrder(request);
      } catch (error) {
        // No session, so no shipping chosen through provider A: the order gets back the shippings it had.
        if (order !== read) {
          await kit.orders.replaceShippings(tenant, read.id, read.shippings).catch((undo: unknown) => kit.logger.error({ err: undo, orderId: read.id }, 'could not restore the shippings after provider A refused the payment'));
        }
        throw withTransaction(error as Error, failedCall(error, { event: 'open', pspEvent: 'create', amount, requestJson: loggedRequest(request) }));
      }
      await registerOrderCallbacks(kit, tenant, order, payment.id);
      return {
        reference: created.order_id,
        // cancelUrl: the shopper's way back to the checkout page (the runtime's signed `/callback/cancel`).
        payment: { amount, attributes: { providerOrderId: created.order_id, locale: request.locale, ...(cancelUrl ? { cancelUrl } : {}) } },
        response: { id: payment.id, status: created.status, htmlSnippet: created.html_snippet },
        pspStatus: created.status,
        requestJson: loggedRequest(request),
        responseJson: { order_id: created.order_id, status: created.status, order_amount: created.order_amount },
      };
    },

    /** The confirm page's data (spec rule 8): the provider's status, upper case as the spec writes it there, and the snippet. */
    async readSession({ configuration, payment }) {
      const checkout = await context.client(configuration).readOrder(referenceOf(payment));
      return { id: payment.id, status: checkout.status.toUpperCase(), htmlSnippet: checkout.html_snippet };
    },

    /** The session follows the amount (another payment or the total changed): new lines and amounts at the provider. */
    async amountChanged({ order, configuration, payment, amount }) {
      const update = sessionAmounts(order, amount, { providerShipping: offersShippingOptions(configuration) });
      try {
        await context.client(configuration).updateOrder(referenceOf(payment), update);
      } catch (error) {
        throw withTransaction(error as Error, failedCall(error, { event: 'update', pspEvent: 'amount-changed', amount, requestJson: update }));
      }
      return { amount, transaction: { event: 'update', pspEvent: 'amount-changed', amount, isSuccess: true, requestJson: update, responseJson: { order_amount: update.order_amount } } };
    },

    /** Order delivered: capture what is still authorized (nothing when already captured or not authorized). */
    async capture(call) {
      const { configuration, payment } = call;
      if (payment.state !== 'reserved') return {};
      const client = context.client(configuration);
      const reference = referenceOf(payment);
      const managed = await client.readManaged(reference);
      // Keyed by the platform's capture operation (once per payment): a capture whose answer was lost is not made again.
      if (managed.remaining_authorized_amount > 0) await client.capture(reference, managed.remaining_authorized_amount, operationKey(call, 'uuid'));
      return { state: 'captured', transaction: { event: 'capture', pspEvent: 'captures', amount: payment.amount, isSuccess: true, pspStatus: 'CAPTURED', requestJson: { captured_amount: managed.remaining_authorized_amount } } };
    },

    /** Refund through the payment API's Refund action: the platform records it. */
    async refund(call) {
      const { configuration, payment, request } = call;
      const refunded = toMinor(request.amount);
      // Keyed by the platform's refund operation: its retry (the answer lost) is replayed by the provider, not refunded twice.
      await context.client(configuration).refund(referenceOf(payment), refunded, operationKey(call, 'uuid'));
      return { pspStatus: 'REFUNDED', transaction: { event: 'refund', pspEvent: 'refunds', amount: request.amount, isSuccess: true, requestJson: { refunded_amount: refunded } } };
    },
  };
}
