import { AppError, type Tenant } from '../kit/platform.js';
import type { OrderDocument, PaymentDocument } from '../kit/order-contract.js';
import type { AdapterKit, TransactionLog } from '../kit/index.js';
import { idempotencyKeyFor, ProviderDError, type ProviderDClient, type ProviderDClients } from './provider-d-api.client.js';
import { paymentRequestOf, RETURN_PATH, shopperReferenceOf, toMinor, type ShopperContext } from './provider-d.mapper.js';
import { defined } from './defined.js';
import { browserDetailsOf, browserSubmitOf } from './drop-in-submit.rules.js';
import type { PaymentMethodsRequest, ProviderDConfiguration, ProviderPaymentResponse } from './provider-d.types.js';
import { outcomeOf } from './result-code.rules.js';
import { completeAuthorised, lockForPending } from './provider-d-completion.js';

type Kit = AdapterKit<ProviderDConfiguration>;
type ProviderStoredMethods = Awaited<ReturnType<ReturnType<ProviderDClients>['paymentMethods']>>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The drop-in's card fields are encrypted, but nothing of them belongs in a log. */
export function redacted(request: object): Record<string, unknown> {
  return redactedFields({ ...request });
}
function redactedFields(request: Record<string, unknown>): Record<string, unknown> {
  const method = request.paymentMethod;
  if (!isObject(method)) return request;
  return { ...request, paymentMethod: Object.fromEntries(Object.entries(method).map(([key, value]) => [key, /^encrypted|^number$|^cvc$|token$/i.test(key) ? '[redacted]' : value])) };
}

/**
 * The drop-in's two calls (spec "Provider D adapter"): `transaction` sends its submit data
 * (allow-listed, the shopper and recurring fields the order's) to `/payments`, `details` its
 * additional details (allow-listed) to `/payments/details`; both answer what the
 * provider answered, after applying it: an action leaves the payment open for the frontend,
 * Authorised completes the order, Pending/Received lock it in processing until the webhook,
 * a refusal fails the payment (the order stays in checkout; a new payment may be started).
 */
export class ProviderDPayments {
  constructor(
    private readonly kit: Kit,
    private readonly clientOf: ProviderDClients,
  ) {}

  async transaction(tenant: Tenant, orderId: string, paymentId: string, submit: unknown, shopper: ShopperContext): Promise<ProviderPaymentResponse> {
    const { order, payment } = await this.openPayment(tenant, orderId, paymentId);
    const shopperReference = shopperReferenceOf(order);
    const browser = browserSubmitOf(submit, shopperReference);
    const configuration = await this.kit.configuration.get(tenant);
    if (browser.storedPaymentMethodId !== undefined) await this.assertStoredMethodOf(order, shopperReference!, browser.storedPaymentMethodId, configuration);
    await this.kit.orders.validate(tenant, orderId); // nothing is charged for an order that cannot complete
    const request = paymentRequestOf(browser, order, payment, configuration, shopper, `${this.kit.publicUrl}${RETURN_PATH}`);
    const response = await this.call(tenant, order, payment, 'payments', redacted(request), (client) => client.payments(request, idempotencyKeyFor(`${paymentId}:payments`, request)), configuration);
    return this.apply(tenant, order, payment, configuration, response, redacted(request));
  }

  async details(tenant: Tenant, orderId: string, paymentId: string, submitted: unknown): Promise<ProviderPaymentResponse> {
    const body = browserDetailsOf(submitted);
    const { order, payment } = await this.openPayment(tenant, orderId, paymentId);
    if (!payment.reference) throw new AppError(409, 'no_action_pending', `Payment ${paymentId} awaits no details: submit it first.`);
    const configuration = await this.kit.configuration.get(tenant);
    const response = await this.call(tenant, order, payment, 'payments/details', body, (client) => client.details(body, idempotencyKeyFor(`${paymentId}:details`, body)), configuration);
    if (response.pspReference && response.pspReference !== payment.reference) {
      throw new AppError(409, 'details_of_another_payment', `These details belong to provider payment ${response.pspReference}, not to payment ${paymentId}.`);
    }
    const expected = toMinor(payment.amount, payment.currency ?? order.currency);
    if (response.resultCode === 'Authorised' && response.amount && (response.amount.value !== expected.value || response.amount.currency !== expected.currency)) {
      // The order changed while the shopper authenticated: the authorisation is for another amount.
      await this.cancelAtProvider(tenant, order, payment, configuration, response.pspReference!, 'amount changed during authentication');
      await this.fail(tenant, order.id, payment, response, `Authorised ${response.amount.value} ${response.amount.currency}, but the payment is now ${expected.value} ${expected.currency}; cancelled.`);
      throw new AppError(409, 'amount_changed', 'The order changed while the payment was authenticated; the authorisation was cancelled. Start a new payment.');
    }
    return this.apply(tenant, order, payment, configuration, response, body);
  }

  /** A stored card is paid with only when the provider lists it among the order's shopper's own (403 otherwise; nothing is sent). */
  private async assertStoredMethodOf(order: OrderDocument, shopperReference: string, storedPaymentMethodId: string, configuration: ProviderDConfiguration): Promise<void> {
    let listed: ProviderStoredMethods;
    try {
      listed = await this.clientOf(configuration).paymentMethods(defined({ amount: toMinor(order.total.includingVat, order.currency), shopperReference, countryCode: order.country } satisfies Omit<PaymentMethodsRequest, 'merchantAccount'>));
    } catch (error) {
      if (!(error instanceof ProviderDError)) throw error;
      throw new AppError(400, 'provider_failed', error.message, { errorDetail: error.message });
    }
    const owned = (listed.storedPaymentMethods ?? []).some((method) => isObject(method) && method.id === storedPaymentMethodId);
    if (!owned) throw new AppError(403, 'submit_field_not_allowed', 'The stored payment method is not one of this shopper\'s.', { field: 'paymentMethod.storedPaymentMethodId' });
  }

  private async openPayment(tenant: Tenant, orderId: string, paymentId: string): Promise<{ order: OrderDocument; payment: PaymentDocument }> {
    const order = await this.kit.orders.getOrder(tenant, orderId);
    const payment = order.payments.find((p) => p.id === paymentId && p.adapterId === this.kit.adapterId);
    if (!payment) throw new AppError(404, 'payment_not_found', `Order ${orderId} has no ${this.kit.adapterId} payment ${paymentId}.`);
    if (payment.state !== 'intent') throw new AppError(409, 'payment_not_open', `Payment ${paymentId} is ${payment.state}; start a new payment.`, { paymentState: payment.state });
    if (order.state.currentStatus !== 'checkout') throw new AppError(409, 'order_not_in_checkout', `Order ${orderId} is ${order.state.currentStatus}.`, { orderStatus: order.state.currentStatus });
    return { order, payment };
  }

  /** One provider call; a refusal of the call itself (4xx/5xx, unreachable) is logged and answered 400 `provider_failed` (the payment stays open). */
  private async call(tenant: Tenant, order: OrderDocument, payment: PaymentDocument, pspEvent: string, requestJson: unknown, send: (client: ProviderDClient) => Promise<ProviderPaymentResponse>, configuration: ProviderDConfiguration) {
    try {
      return await send(this.clientOf(configuration));
    } catch (error) {
      if (!(error instanceof ProviderDError)) throw error;
      await this.log(tenant, order.id, payment.id, { event: 'authorize', pspEvent, amount: payment.amount, isSuccess: false, pspStatus: String(error.status ?? 'unreachable'), requestJson, responseJson: error.body ?? null, errorDetail: error.message });
      throw new AppError(400, 'provider_failed', error.message, { errorDetail: error.message, paymentId: payment.id });
    }
  }

  private async apply(tenant: Tenant, order: OrderDocument, payment: PaymentDocument, configuration: ProviderDConfiguration, response: ProviderPaymentResponse, requestJson: unknown): Promise<ProviderPaymentResponse> {
    const outcome = outcomeOf(response.resultCode, isObject(response.action));
    const attributes = { ...payment.attributes, pspReference: response.pspReference, resultCode: response.resultCode, ...(response.paymentMethod ? { paymentMethod: response.paymentMethod } : {}) };
    const base = { event: 'authorize', pspEvent: response.action ? 'action' : 'payment', amount: payment.amount, pspStatus: response.resultCode, requestJson, responseJson: response };
    switch (outcome) {
      case 'action':
        await this.kit.payments.updatePayment(tenant, order.id, payment.id, { ...(response.pspReference ? { reference: response.pspReference } : {}), attributes: { ...attributes, actionType: response.action?.type } });
        await this.log(tenant, order.id, payment.id, { ...base, isSuccess: true });
        return response;
      case 'failed':
        await this.fail(tenant, order.id, payment, response, response.refusalReason ?? response.resultCode);
        return response;
      case 'pending':
        await this.kit.payments.updatePayment(tenant, order.id, payment.id, { state: 'processing', ...(response.pspReference ? { reference: response.pspReference } : {}), attributes });
        await this.log(tenant, order.id, payment.id, { ...base, isSuccess: true });
        // Locked until the AUTHORISATION webhook decides (it completes the order, or returns it to checkout).
        await lockForPending(this.kit as AdapterKit<unknown>, tenant, order, payment.id);
        return response;
      case 'authorised': {
        const reserved = await this.kit.payments.updatePayment(tenant, order.id, payment.id, { ...(response.pspReference ? { reference: response.pspReference } : {}), attributes });
        await this.log(tenant, order.id, payment.id, { ...base, isSuccess: true });
        await this.complete(tenant, order, reserved, configuration, response);
        return response;
      }
    }
  }

  /** Authorised: the order completes; a veto (the order stays in checkout) cancels the authorisation and fails the payment. */
  private async complete(tenant: Tenant, order: OrderDocument, payment: PaymentDocument, configuration: ProviderDConfiguration, response: ProviderPaymentResponse): Promise<void> {
    const { vetoed } = await completeAuthorised(this.kit as AdapterKit<unknown>, tenant, order.id, payment.id);
    if (vetoed === undefined) return;
    await this.cancelAtProvider(tenant, order, payment, configuration, response.pspReference!, 'the order could not move to processing');
    await this.fail(tenant, order.id, payment, response, vetoed instanceof Error ? vetoed.message : String(vetoed));
    throw vetoed;
  }

  private async fail(tenant: Tenant, orderId: string, payment: PaymentDocument, response: ProviderPaymentResponse, errorDetail: string): Promise<void> {
    await this.kit.payments.updatePayment(tenant, orderId, payment.id, {
      state: 'failed',
      ...(response.pspReference ? { reference: response.pspReference } : {}),
      attributes: { ...payment.attributes, pspReference: response.pspReference, resultCode: response.resultCode, ...(response.refusalReason ? { refusalReason: response.refusalReason } : {}) },
    });
    await this.log(tenant, orderId, payment.id, { event: 'authorize', pspEvent: 'payment', amount: payment.amount, isSuccess: false, pspStatus: response.resultCode, responseJson: response, errorDetail });
  }

  private async cancelAtProvider(tenant: Tenant, order: OrderDocument, payment: PaymentDocument, configuration: ProviderDConfiguration, pspReference: string, why: string): Promise<void> {
    const body = { reference: `${payment.id}:cancels` };
    try {
      const answer = await this.clientOf(configuration).cancel(pspReference, body, idempotencyKeyFor(`${payment.id}:cancels`, body));
      await this.log(tenant, order.id, payment.id, { event: 'cancel', pspEvent: 'cancels', amount: payment.amount, isSuccess: true, pspStatus: `cancel-${answer.status}`, requestJson: { ...body, why }, responseJson: answer });
    } catch (error) {
      await this.log(tenant, order.id, payment.id, { event: 'cancel', pspEvent: 'cancels', amount: payment.amount, isSuccess: false, requestJson: { ...body, why }, errorDetail: error instanceof Error ? error.message : String(error) });
    }
  }

  private async log(tenant: Tenant, orderId: string, paymentId: string, transaction: TransactionLog): Promise<void> {
    await this.kit.payments.logTransaction(tenant, orderId, paymentId, transaction).catch((error: unknown) => this.kit.logger.error({ err: error, orderId, paymentId }, 'could not log a provider D transaction'));
  }
}
