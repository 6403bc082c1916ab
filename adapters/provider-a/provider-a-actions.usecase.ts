import { AppError, type Tenant } from '../kit/platform.js';
import type { PaymentDocument } from '../kit/order-contract.js';
import { createPayment, withTransaction } from '../kit/index.js';
import { providerFailed } from '../kit/index.js';
import { failedCall, referenceOf, type ProviderAContext } from './provider-a.context.js';
import type { Finalizer } from './provider-a-finalize.flow.js';
import { actionsFor } from './provider-a-finalize.flow.js';
import { registerOrderCallbacks } from './provider-a-order.hooks.js';
import { sessionAmounts } from './provider-a.mapping.js';
import type { ProviderAFront } from './provider-a.provider.js';

/**
 * The payment's actions (`payments[].actions`, run by the back office at their `url`): Capture,
 * Cancel (refused by the provider once captured), Refresh; and the recurring create (spec rule 7).
 * A provider refusal is logged and answered 400 `provider_failed` with `details.errorDetail`.
 */
export class ProviderAActions {
  constructor(
    private readonly context: ProviderAContext,
    private readonly finalizer: Finalizer,
  ) {}

  async capture(tenant: Tenant, orderId: string, paymentId: string): Promise<PaymentDocument> {
    return this.act(tenant, orderId, paymentId, 'capture', async (client, reference, payment) => {
      const managed = await client.readManaged(reference);
      if (managed.remaining_authorized_amount > 0) await client.capture(reference, managed.remaining_authorized_amount, `capture-${payment.id}-${managed.captured_amount}`);
      return { state: 'captured', requestJson: { captured_amount: managed.remaining_authorized_amount } };
    });
  }

  async cancel(tenant: Tenant, orderId: string, paymentId: string): Promise<PaymentDocument> {
    return this.act(tenant, orderId, paymentId, 'cancel', async (client, reference) => {
      await client.cancel(reference, `cancel-${reference}`);
      return { state: 'cancelled', requestJson: null };
    });
  }

  /** Re-reads the order at the provider: state, actions and (a pending order accepted since) the order's completion. */
  async refresh(tenant: Tenant, orderId: string, paymentId: string): Promise<PaymentDocument> {
    try {
      return (await this.finalizer.run(tenant, orderId, paymentId, 'refresh')).payment;
    } catch (error) {
      throw providerFailed(error, paymentId);
    }
  }

  private async act(
    tenant: Tenant,
    orderId: string,
    paymentId: string,
    name: 'capture' | 'cancel',
    work: (client: ReturnType<ProviderAContext['client']>, reference: string, payment: PaymentDocument) => Promise<{ state: string; requestJson: unknown }>,
  ): Promise<PaymentDocument> {
    const { kit, mounted } = this.context;
    const order = await kit.orders.getOrder(tenant, orderId);
    const payment = kit.ownPayment(order, paymentId);
    if (payment.state === (name === 'capture' ? 'captured' : 'cancelled')) return payment;
    // A captured payment is still asked about at the provider for a cancel: its refusal is what the back office sees.
    if (!['reserved', 'processing', 'pending', ...(name === 'cancel' ? ['captured'] : [])].includes(payment.state)) {
      throw new AppError(409, 'payment_action_unavailable', `Payment ${paymentId} is ${payment.state}; it cannot be ${name === 'capture' ? 'captured' : 'cancelled'}.`);
    }
    const client = this.context.client(await kit.configuration.get(tenant));
    const reference = referenceOf(payment);
    let done: { state: string; requestJson: unknown };
    try {
      done = await work(client, reference, payment);
    } catch (error) {
      await mounted.log(tenant, orderId, paymentId, failedCall(error, { event: name, pspEvent: name === 'capture' ? 'captures' : 'cancel', amount: payment.amount }));
      throw providerFailed(error, paymentId);
    }
    const managed = await client.readManaged(reference);
    const steps = done.state === 'captured' && payment.state !== 'reserved' ? ['reserved', 'captured'] : [done.state];
    let updated = payment;
    for (const state of steps) {
      updated = await kit.payments.updatePayment(tenant, orderId, paymentId, {
        state,
        actions: actionsFor(kit.publicUrl, orderId, paymentId, managed),
        attributes: { ...payment.attributes, providerStatus: managed.status, capturedMinorUnits: managed.captured_amount },
      });
    }
    await mounted.log(tenant, orderId, paymentId, { event: name, pspEvent: name === 'capture' ? 'captures' : 'cancel', amount: payment.amount, isSuccess: true, pspStatus: managed.status, requestJson: done.requestJson });
    return updated;
  }

  /**
   * Spec rule 7, the recurring endpoint: an order placed at the provider with the stored token (no
   * shopper), captured at once when `autoCapture`; the payment is created with its reference,
   * then the order is finalized (pending when the risk check is not ACCEPTED; rejected → 400).
   */
  async recurring(tenant: Tenant, orderId: string, token: string, autoCapture: boolean): Promise<ProviderAFront & { paymentId: string; state: string; orderStatus: string; fraudStatus: string }> {
    const { kit, mounted } = this.context;
    const { payment } = await createPayment(kit, tenant, orderId, {
      name: 'Provider A recurring',
      callbacks: () => mounted.callbackUrls(orderId),
      callProvider: async ({ order, configuration, payment: draft }) => {
        if (order.state.currentStatus !== 'checkout') throw new AppError(409, 'order_not_in_checkout', `Order ${orderId} is ${order.state.currentStatus}; a payment can only be added in checkout.`);
        // The published customer-token order takes no country or locale: the token carries the shopper's.
        const request = { purchase_currency: order.currency, ...sessionAmounts(order, draft.amount), merchant_reference2: order.id, auto_capture: autoCapture };
        let placed;
        try {
          placed = await this.context.client(configuration).tokenOrder(token, request, `recurring-${draft.id}`);
        } catch (error) {
          throw withTransaction(error as Error, failedCall(error, { event: 'open', pspEvent: 'customer-token-order', amount: draft.amount, requestJson: request }));
        }
        await registerOrderCallbacks(kit, tenant, order, draft.id);
        return {
          reference: placed.order_id,
          payment: { recurring: { token, attributes: { autoCapture } }, attributes: { providerOrderId: placed.order_id, fraudStatus: placed.fraud_status } },
          response: null,
          pspStatus: placed.fraud_status,
          requestJson: { ...request, token: '(stored token)' },
          responseJson: placed,
        };
      },
    });
    let finalized: Awaited<ReturnType<Finalizer['run']>>;
    try {
      finalized = await this.finalizer.run(tenant, orderId, payment.id, 'recurring');
    } catch (error) {
      // Authorized at the provider but the order could not take it (a hook refused processing…): undo at the provider.
      await this.undoRecurring(tenant, orderId, payment, error);
      throw providerFailed(error, payment.id);
    }
    const { outcome, order, payment: done } = finalized;
    if (outcome === 'rejected') {
      throw new AppError(400, 'provider_failed', 'Provider A rejected the recurring order (fraud status REJECTED).', { errorDetail: 'fraud status REJECTED', paymentId: payment.id });
    }
    return { id: payment.id, paymentId: payment.id, status: 'checkout_complete', htmlSnippet: '', state: done.state, orderStatus: order.state.currentStatus, fraudStatus: String(done.attributes?.fraudStatus) };
  }

  /** Best effort: cancel the provider's order, fail the payment, return the order to checkout. */
  private async undoRecurring(tenant: Tenant, orderId: string, payment: PaymentDocument, cause: unknown): Promise<void> {
    const { kit, mounted } = this.context;
    const reference = referenceOf(payment);
    await mounted.log(tenant, orderId, payment.id, failedCall(cause, { event: 'recurring', pspEvent: 'finalize', amount: payment.amount }));
    try {
      await this.context.client(await kit.configuration.get(tenant)).cancel(reference, `cancel-${reference}`);
      const order = await kit.orders.getOrder(tenant, orderId);
      const current = kit.ownPayment(order, payment.id);
      if (['intent', 'processing'].includes(current.state)) await kit.payments.updatePayment(tenant, orderId, payment.id, { state: 'failed' });
      if (order.state.currentStatus === 'processing') await kit.orders.changeStatus(tenant, orderId, 'checkout');
    } catch (error) {
      kit.logger.error({ err: error, orderId, paymentId: payment.id }, 'could not undo a recurring payment the order did not take');
    }
  }
}
