import type { Tenant } from '../kit/platform.js';
import type { OrderDocument, PaymentDocument } from '../kit/order-contract.js';
import type { OrderStatus } from '../../contracts/order.types.js';
import { failedCall, PaymentSerializer, readOrderFailed, referenceOf, type ProviderAContext } from './provider-a.context.js';
import { addressOf } from './provider-a.mapping.js';
import { PROVIDER_A_ADAPTER_ID, type ManagedOrder } from './provider-a.types.js';

/** Who asks: the shopper's return (confirmation), the provider's push or fraud-risk notification, the back office's Refresh, a recurring create. */
export type FinalizeSource = 'confirm' | 'push' | 'notification' | 'refresh' | 'recurring';

/** completed: authorized and accepted by the risk check; pending: authorized, risk check pending (order `accepted`); rejected: refused or cancelled at the provider. */
export type FinalizeOutcome = 'completed' | 'pending' | 'rejected';

const ACTION_PATHS = { Capture: 'capture', Cancel: 'cancel', Refresh: 'refresh-checkout' } as const;

/** The payment's actions as the provider allows them now (spec: `Cancel`, `Capture`, `Refresh`). */
export function actionsFor(publicUrl: string, orderId: string, paymentId: string, managed: ManagedOrder): NonNullable<PaymentDocument['actions']> {
  const types: Array<keyof typeof ACTION_PATHS> = [];
  const open = managed.status === 'AUTHORIZED' || managed.status === 'PART_CAPTURED';
  if (open && managed.fraud_status === 'ACCEPTED' && managed.remaining_authorized_amount > 0) types.push('Capture');
  if (managed.status === 'AUTHORIZED' && managed.captured_amount === 0) types.push('Cancel');
  types.push('Refresh');
  const base = `${publicUrl}/api/order/v1/orders/${encodeURIComponent(orderId)}/payments/${encodeURIComponent(paymentId)}`;
  return types.map((type) => ({ adapterId: PROVIDER_A_ADAPTER_ID, type, url: `${base}/${ACTION_PATHS[type]}` }));
}

/** The payment state the provider's order stands for. */
function stateFor(managed: ManagedOrder): 'pending' | 'reserved' | 'captured' | 'cancelled' | 'failed' {
  if (managed.fraud_status === 'REJECTED') return 'failed';
  if (managed.status === 'CANCELLED') return 'cancelled';
  if (managed.fraud_status === 'PENDING') return 'pending';
  return managed.status === 'CAPTURED' ? 'captured' : 'reserved';
}

/** The moves from one payment state to another through the payment state machine (captured goes through reserved). */
function paymentSteps(from: string, to: string): string[] {
  if (from === to) return [];
  if (to === 'captured' && from !== 'reserved') return ['reserved', 'captured'];
  if (to === 'cancelled' && from === 'captured') return [];
  return [to];
}

/** The order moves from where it stands to `target` (each its own commit). */
function orderSteps(from: OrderStatus, target: 'accepted' | 'completed'): OrderStatus[] {
  const path: OrderStatus[] = ['checkout', 'processing', 'accepted', 'completed'];
  const start = path.indexOf(from);
  if (start < 0) return [];
  return path.slice(start + 1, path.indexOf(target) + 1);
}

/**
 * Spec rules 4, 6 and 7 — confirm, push, recurring finalization, and the Refresh action — as one
 * idempotent step, one at a time per payment: read the order at the provider, acknowledge it,
 * write the shopper's addresses while the order is still in checkout, record the payment
 * (`reserved`, `captured`, `pending`, or `failed` when the risk check rejected it; its
 * actions, its recurring token) and move the order: `accepted` then `completed` when authorized
 * and accepted, `accepted` only while pending, back to `checkout` when rejected.
 */
export class Finalizer {
  private readonly serializer = new PaymentSerializer();

  constructor(private readonly context: ProviderAContext) {}

  run(tenant: Tenant, orderId: string, paymentId: string, source: FinalizeSource): Promise<{ outcome: FinalizeOutcome; order: OrderDocument; payment: PaymentDocument }> {
    return this.serializer.run(paymentId, () => this.finalize(tenant, orderId, paymentId, source));
  }

  private async finalize(tenant: Tenant, orderId: string, paymentId: string, source: FinalizeSource) {
    const { kit, mounted } = this.context;
    let order = await kit.orders.getOrder(tenant, orderId);
    let payment = kit.ownPayment(order, paymentId);
    const configuration = await kit.configuration.get(tenant);
    const client = this.context.client(configuration);
    const reference = referenceOf(payment);
    let managed: ManagedOrder;
    let recurringToken: string | undefined;
    try {
      managed = await client.readManaged(reference);
      // Order management publishes no "acknowledged" field: the payment remembers that it acknowledged.
      if (payment.attributes?.providerAcknowledged !== true) await client.acknowledge(reference, `acknowledge-${reference}`);
      // The recurring token is on the checkout order once the purchase completed (order management does not carry it).
      if (configuration.recurringEnabled && source !== 'recurring' && !payment.recurring?.token && stateFor(managed) !== 'failed') {
        recurringToken = (await client.readOrder(reference)).recurring_token ?? undefined;
      }
    } catch (error) {
      await mounted.log(tenant, orderId, paymentId, failedCall(error, { event: source, pspEvent: 'read-order', amount: payment.amount }));
      throw readOrderFailed(error, paymentId);
    }
    const state = stateFor(managed);

    if (state === 'failed' || state === 'cancelled') {
      if (managed.fraud_status === 'REJECTED' && managed.status !== 'CANCELLED') {
        await client.cancel(reference, `cancel-${reference}`).catch((error: unknown) => mounted.log(tenant, orderId, paymentId, failedCall(error, { event: source, pspEvent: 'cancel' })));
      }
      for (const step of paymentSteps(payment.state, state)) payment = await kit.payments.updatePayment(tenant, orderId, paymentId, { state: step, attributes: this.attributes(payment, managed) });
      if (order.state.currentStatus === 'processing') order = await kit.orders.changeStatus(tenant, orderId, 'checkout');
      await mounted.log(tenant, orderId, paymentId, { event: source, pspEvent: 'read-order', amount: payment.amount, isSuccess: false, pspStatus: `${managed.status}/${managed.fraud_status}`, errorDetail: `Provider A ${managed.fraud_status === 'REJECTED' ? 'rejected the purchase (fraud status REJECTED)' : 'cancelled the order'}.` });
      return { outcome: 'rejected' as const, order, payment };
    }

    // No validation call came (validation off, or a recurring order): the shopper's addresses, then processing.
    if (order.state.currentStatus === 'checkout') {
      const billing = addressOf(managed.billing_address);
      const shipping = addressOf(managed.shipping_address) ?? billing;
      if (billing) await kit.orders.setAddress(tenant, orderId, 'billing', billing);
      if (shipping) await kit.orders.setAddress(tenant, orderId, 'shipping', shipping);
    }
    const fields = {
      attributes: this.attributes(payment, managed),
      actions: actionsFor(kit.publicUrl, orderId, paymentId, managed),
      ...(recurringToken ? { recurring: { ...payment.recurring, token: recurringToken } } : {}),
    };
    const target = state === 'pending' ? 'accepted' : 'completed';
    const moves = orderSteps(order.state.currentStatus, target);
    if (moves[0] === 'processing') {
      order = await kit.orders.changeStatus(tenant, orderId, 'processing');
      moves.shift();
    }
    const steps = paymentSteps(payment.state, state);
    if (steps.length === 0) payment = await kit.payments.updatePayment(tenant, orderId, paymentId, fields);
    for (const step of steps) payment = await kit.payments.updatePayment(tenant, orderId, paymentId, { ...fields, state: step });
    for (const status of moves) order = await kit.orders.changeStatus(tenant, orderId, status);
    await mounted.log(tenant, orderId, paymentId, { event: source, pspEvent: 'read-order', amount: payment.amount, isSuccess: true, pspStatus: `${managed.status}/${managed.fraud_status}`, responseJson: { status: managed.status, fraud_status: managed.fraud_status, order_amount: managed.order_amount } });
    if (source === 'push') payment = await this.orderAccepted(tenant, orderId, payment);
    return { outcome: state === 'pending' ? ('pending' as const) : ('completed' as const), order, payment };
  }

  /** Spec rule 6: the push's `OrderAccepted` event, once per payment (a later push records nothing). */
  private async orderAccepted(tenant: Tenant, orderId: string, payment: PaymentDocument): Promise<PaymentDocument> {
    if (payment.attributes?.orderAcceptedAt) return payment;
    const at = new Date().toISOString();
    const updated = await this.context.kit.payments.updatePayment(tenant, orderId, payment.id, { attributes: { ...payment.attributes, orderAcceptedAt: at } });
    await this.context.mounted.log(tenant, orderId, payment.id, { event: 'OrderAccepted', pspEvent: 'push', amount: payment.amount, isSuccess: true, pspStatus: 'OrderAccepted', responseJson: { orderAcceptedAt: at } });
    return updated;
  }

  private attributes(payment: PaymentDocument, managed: ManagedOrder): Record<string, unknown> {
    return {
      ...payment.attributes,
      providerOrderId: managed.order_id,
      providerStatus: managed.status,
      fraudStatus: managed.fraud_status,
      paymentStatus: managed.fraud_status === 'PENDING' ? 'pending' : managed.fraud_status === 'REJECTED' ? 'rejected' : 'authorized',
      providerAcknowledged: true,
      capturedMinorUnits: managed.captured_amount,
      refundedMinorUnits: managed.refunded_amount,
    };
  }
}
