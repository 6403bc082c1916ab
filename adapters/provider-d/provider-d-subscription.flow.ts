import { randomUUID } from 'node:crypto';
import { AppError, type Tenant } from '../kit/platform.js';
import type { PaymentDocument } from '../kit/order-contract.js';
import { ACTIVE_PAYMENT_EXISTS, PlatformCallError, type AdapterKit } from '../kit/index.js';
import { shareOfNewPayment } from '../../contracts/allocation.js';
import { idempotencyKeyFor, ProviderDError, type ProviderDClients } from './provider-d-api.client.js';
import { metadataOf, RETURN_PATH, returnUrlOf, toMinor } from './provider-d.mapper.js';
import type { PaymentRequest, ProviderDConfiguration, ProviderPaymentResponse } from './provider-d.types.js';
import { outcomeOf } from './result-code.rules.js';
import { completeAuthorised, lockForPending } from './provider-d-completion.js';

export interface SubscriptionRequest {
  token: string;
  shopperReference: string;
  recurringProcessingModel?: string;
}

/** The fields the spec names in the subscription answer (the provider's answer, these always present). */
export interface SubscriptionAnswer {
  resultCode: string;
  additionalData: Record<string, string> & { recurringProcessingModel: string };
  amount: { currency: string; value: number };
  merchantReference: string;
  paymentMethod: { brand?: string; type?: string };
  pspReference: string;
  [field: string]: unknown;
}

/**
 * `POST …/payments/recurring/subscription/complete {token, shopperReference}`: a subscription's
 * next charge from a stored token, no shopper present (ContAuth, recurringProcessingModel
 * Subscription — one-off and top-up models are refused). The payment is created with the
 * provider's answer in one commit; Authorised completes the order (processing → reserved →
 * accepted → completed); a refusal is answered 200 with the provider's resultCode and the
 * payment failed. 404 unknown order (the order service's answer), 400 missing configuration.
 */
export async function completeSubscription(kit: AdapterKit<ProviderDConfiguration>, tenant: Tenant, orderId: string, body: SubscriptionRequest, callbacks: (orderId: string) => PaymentDocument['callbacks'], clientOf: ProviderDClients): Promise<SubscriptionAnswer> {
  if (body.recurringProcessingModel !== undefined && body.recurringProcessingModel !== 'Subscription') {
    throw new AppError(400, 'recurring_model_not_supported', 'Only subscriptions (regular interval) are supported: one-off card-on-file payments and automatic top-ups are not.');
  }
  const order = await kit.orders.getOrder(tenant, orderId).catch((error: unknown) => {
    if (error instanceof PlatformCallError && error.httpStatus === 404) throw new AppError(404, 'order_not_found', `Order ${orderId} does not exist.`);
    throw error;
  });
  const configuration = await kit.configuration.get(tenant);
  if (order.state.currentStatus !== 'checkout') throw new AppError(409, 'order_not_in_checkout', `Order ${orderId} is ${order.state.currentStatus}.`);
  const open = order.payments.find((p) => p.adapterId === kit.adapterId && p.state === 'intent');
  if (open) throw new AppError(409, 'active_payment_exists', ACTIVE_PAYMENT_EXISTS, { paymentId: open.id, adapterId: kit.adapterId });

  const paymentId = randomUUID();
  const amount = shareOfNewPayment(order);
  const draft: PaymentDocument = { id: paymentId, adapterId: kit.adapterId, state: 'intent', amount, currency: order.currency };
  const request: Omit<PaymentRequest, 'merchantAccount'> = {
    amount: toMinor(amount, order.currency),
    reference: order.id,
    paymentMethod: { type: 'scheme', storedPaymentMethodId: body.token },
    shopperReference: body.shopperReference,
    shopperInteraction: 'ContAuth',
    recurringProcessingModel: 'Subscription',
    // Required by the provider's /payments even when no shopper is redirected.
    returnUrl: returnUrlOf(configuration, order, `${kit.publicUrl}${RETURN_PATH}`),
    metadata: metadataOf(order, draft),
  };
  const logged = { ...request, paymentMethod: { type: 'scheme', storedPaymentMethodId: '[redacted]' } };
  let response: ProviderPaymentResponse;
  try {
    response = await clientOf(configuration).payments(request, idempotencyKeyFor(`${paymentId}:subscription`, request));
  } catch (error) {
    if (!(error instanceof ProviderDError)) throw error;
    // A token the provider does not know (4xx) is the caller's input; anything else is the provider's failure.
    const invalid = error.status !== undefined && error.status >= 400 && error.status < 500;
    await kit.payments
      .logAttempt(tenant, orderId, { event: 'open', pspEvent: 'subscription', amount, isSuccess: false, pspStatus: String(error.status ?? 'unreachable'), requestJson: logged, responseJson: error.body ?? null, errorDetail: error.message })
      .catch((e: unknown) => kit.logger.error({ err: e, orderId }, 'could not log the subscription attempt'));
    throw new AppError(400, invalid ? 'invalid_subscription' : 'provider_failed', error.message, { errorDetail: error.message });
  }

  const outcome = outcomeOf(response.resultCode, Boolean(response.action));
  const authorised = outcome === 'authorised';
  await kit.payments.createPayment(tenant, {
    id: paymentId,
    orderId,
    name: 'Subscription',
    type: 'checkout',
    currency: order.currency,
    amount,
    state: outcome === 'failed' || outcome === 'action' ? 'failed' : outcome === 'pending' ? 'processing' : 'intent',
    ...(response.pspReference ? { reference: response.pspReference } : {}),
    attributes: { pspReference: response.pspReference, resultCode: response.resultCode, paymentMethod: response.paymentMethod ?? null },
    recurring: { token: body.token, attributes: { shopperReference: body.shopperReference, recurringProcessingModel: 'Subscription' } },
    callbacks: callbacks(orderId),
    transaction: {
      event: 'open',
      pspEvent: 'subscription',
      amount,
      isSuccess: authorised || outcome === 'pending',
      pspStatus: response.resultCode,
      requestJson: logged,
      responseJson: response,
      ...(authorised || outcome === 'pending' ? {} : { errorDetail: response.refusalReason ?? `${response.resultCode}${response.action ? ' (a subscription cannot ask the shopper to act)' : ''}` }),
    },
  });
  if (authorised) {
    const { vetoed } = await completeAuthorised(kit as AdapterKit<unknown>, tenant, orderId, paymentId);
    if (vetoed !== undefined) {
      // The order cannot complete: the charge is cancelled and the payment fails (logged), the veto answered.
      await cancelCharge(kit, clientOf, tenant, orderId, paymentId, configuration, response.pspReference);
      throw vetoed;
    }
  } else if (outcome === 'pending') {
    await lockForPending(kit as AdapterKit<unknown>, tenant, order, paymentId);
  }
  const { action: _action, ...answer } = response;
  return {
    ...answer,
    resultCode: response.resultCode,
    additionalData: { ...response.additionalData, recurringProcessingModel: response.additionalData?.recurringProcessingModel ?? 'Subscription' },
    amount: response.amount ?? request.amount,
    merchantReference: response.merchantReference ?? order.id,
    paymentMethod: response.paymentMethod ?? { type: 'scheme' },
    pspReference: response.pspReference ?? '',
  };
}

async function cancelCharge(kit: AdapterKit<ProviderDConfiguration>, clientOf: ProviderDClients, tenant: Tenant, orderId: string, paymentId: string, configuration: ProviderDConfiguration, pspReference: string | undefined): Promise<void> {
  const body = { reference: `${paymentId}:cancels` };
  const transaction = await (pspReference ? clientOf(configuration).cancel(pspReference, body, idempotencyKeyFor(`${paymentId}:cancels`, body)) : Promise.reject(new Error('no provider reference')))
    .then((answer) => ({ isSuccess: true, pspStatus: `cancel-${answer.status}`, responseJson: answer }))
    .catch((error: unknown) => ({ isSuccess: false, errorDetail: error instanceof Error ? error.message : String(error) }));
  await kit.payments.updatePayment(tenant, orderId, paymentId, { state: 'failed' }).catch((error: unknown) => kit.logger.error({ err: error, orderId }, 'could not fail the subscription payment'));
  await kit.payments.logTransaction(tenant, orderId, paymentId, { event: 'cancel', pspEvent: 'cancels', requestJson: body, ...transaction }).catch((error: unknown) => kit.logger.error({ err: error, orderId }, 'could not log the cancel'));
}
