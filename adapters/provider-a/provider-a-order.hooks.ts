import type { Tenant } from '../kit/platform.js';
import { AppError } from '../kit/platform.js';
import type { OrderDocument, PaymentDocument } from '../kit/order-contract.js';
import { PlatformCallError, type AdapterKit } from '../kit/index.js';
import { restToCover } from '../../contracts/allocation.js';
import { sameAmount } from '../../contracts/amount.js';
import type { HookRequest, JsonPatchOperation, NotificationRequest } from '../../contracts/callbacks.types.js';
import { failedCall, referenceOf, type ProviderAContext } from './provider-a.context.js';
import { offersShippingOptions, sessionAmounts } from './provider-a.mapping.js';
import { PROVIDER_A_ADAPTER_ID, type ProviderAConfiguration } from './provider-a.types.js';

/** The platform's calls to this adapter for one payment (spec table: state-changed, cart-changed, reference-changed). */
export const orderCallbackPath = (orderId: string, paymentId: string, name: 'state-changed' | 'cart-changed' | 'reference-changed') =>
  `/api/checkout/v1/callback/orders/${encodeURIComponent(orderId)}/payments/${encodeURIComponent(paymentId)}/${name}`;

const ignoreDuplicate = (error: unknown) => {
  if (error instanceof PlatformCallError && error.httpStatus === 409) return;
  throw error;
};

/** Spec rule 1: hooks on `/state` and `/cart` (target `/payments`) and a notification on `/reference`, for the payment. */
export async function registerOrderCallbacks(kit: AdapterKit<ProviderAConfiguration>, tenant: Tenant, order: OrderDocument, paymentId: string): Promise<void> {
  const base = kit.publicUrl;
  const id = (name: string) => `${PROVIDER_A_ADAPTER_ID}-${name}-${paymentId}`;
  await kit.orders.registerHook(tenant, order.id, { id: id('state'), subscribeTo: '/state', target: '/payments', invoke: `${base}${orderCallbackPath(order.id, paymentId, 'state-changed')}` }).catch(ignoreDuplicate);
  await kit.orders.registerHook(tenant, order.id, { id: id('cart'), subscribeTo: '/cart', target: '/payments', invoke: `${base}${orderCallbackPath(order.id, paymentId, 'cart-changed')}` }).catch(ignoreDuplicate);
  await kit.orders
    .registerNotification(tenant, order.id, {
      id: id('reference'),
      description: 'Provider A: set the merchant reference at the provider when the order reference is set (spec rule 5).',
      reference: paymentId,
      scope: '/reference',
      schema: { type: 'string', minLength: 1 },
      invoke: `${base}${orderCallbackPath(order.id, paymentId, 'reference-changed')}`,
    })
    .catch(ignoreDuplicate);
}

const paymentIn = (payments: readonly PaymentDocument[] | undefined, paymentId: string) => payments?.find((p) => p.id === paymentId && p.adapterId === PROVIDER_A_ADAPTER_ID);

/**
 * The `/state` hook: a move back to `checkout` is refused while the payment is being processed
 * at the provider (the shopper pressed buy, the provider has not confirmed yet); every other move passes.
 */
export async function onStateChanged(context: Pick<ProviderAContext, 'kit'>, tenant: Tenant, orderId: string, paymentId: string, call: HookRequest): Promise<JsonPatchOperation[]> {
  if (call.state?.currentStatus !== 'checkout') return [];
  const current = await context.kit.orders.getOrder(tenant, orderId);
  const payment = paymentIn(current.payments, paymentId);
  if (current.state.currentStatus === 'processing' && payment?.state === 'processing') {
    throw new AppError(400, 'payment_processing', `Payment ${paymentId} is being processed by provider A; order ${orderId} cannot go back to checkout now.`);
  }
  return [];
}

/** The `/cart` hook: the open payment follows the new total (a patch), and so does the provider's session. */
export async function onCartChanged(context: Pick<ProviderAContext, 'kit' | 'mounted' | 'client'>, tenant: Tenant, orderId: string, paymentId: string, call: HookRequest): Promise<JsonPatchOperation[]> {
  const { kit } = context;
  const committed = call.payments === undefined ? await kit.orders.getOrder(tenant, orderId) : undefined;
  const payments = call.payments ?? committed!.payments;
  const index = payments.findIndex((p) => p.id === paymentId && p.adapterId === PROVIDER_A_ADAPTER_ID);
  const payment = payments[index];
  if (!payment || payment.state !== 'intent') return [];
  const amount = restToCover({ total: call.total, payments }, paymentId);
  if (sameAmount(payment.amount, amount)) return [];
  const order = { ...(committed ?? (await kit.orders.getOrder(tenant, orderId))), ...call, payments } as OrderDocument;
  const configuration = await kit.configuration.get(tenant);
  const update = sessionAmounts(order, amount, { providerShipping: offersShippingOptions(configuration) });
  try {
    await context.client(configuration).updateOrder(referenceOf(payment), update);
    await context.mounted.log(tenant, orderId, paymentId, { event: 'update', pspEvent: 'cart-changed', amount, isSuccess: true, requestJson: update });
  } catch (error) {
    // The cart change stands; the session is checked against the order at validation, and PUT …/payments brings it back in step.
    await context.mounted.log(tenant, orderId, paymentId, failedCall(error, { event: 'update', pspEvent: 'cart-changed', amount, requestJson: update }));
  }
  return [{ op: 'replace', path: `/payments/${index}/amount`, value: amount }];
}

/** The `/reference` notification (spec rule 5): the order's reference becomes the merchant reference at the provider. */
export async function onReferenceChanged(context: Pick<ProviderAContext, 'kit' | 'mounted' | 'client'>, tenant: Tenant, orderId: string, paymentId: string, _call: NotificationRequest): Promise<{ merchantReference: string | null }> {
  const { kit } = context;
  // The order as it is now, not as the notification's body says.
  const order = await kit.orders.getOrder(tenant, orderId);
  const payment = paymentIn(order.payments, paymentId);
  if (!order.reference || !payment?.reference || !['reserved', 'captured', 'processing', 'pending', 'refunded'].includes(payment.state)) return { merchantReference: null };
  if (payment.attributes?.merchantReference === order.reference) return { merchantReference: order.reference };
  const configuration = await kit.configuration.get(tenant);
  try {
    await context.client(configuration).setMerchantReference(payment.reference, order.reference, `reference-${payment.id}-${order.reference}`);
  } catch (error) {
    await context.mounted.log(tenant, orderId, paymentId, failedCall(error, { event: 'reference', pspEvent: 'merchant-references', requestJson: { merchant_reference1: order.reference } }));
    // 502: the notification service retries.
    throw new AppError(502, 'provider_unavailable', `Provider A did not take the merchant reference: ${(error as Error).message}`);
  }
  await kit.payments.updatePayment(tenant, orderId, paymentId, { attributes: { ...payment.attributes, merchantReference: order.reference } });
  await context.mounted.log(tenant, orderId, paymentId, { event: 'reference', pspEvent: 'merchant-references', isSuccess: true, requestJson: { merchant_reference1: order.reference } });
  return { merchantReference: order.reference };
}
