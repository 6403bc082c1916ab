import type { Tenant } from '../kit/platform.js';
import type { AdapterKit } from '../kit/index.js';
import type { OrderDocument } from '../kit/order-contract.js';

/**
 * An authorised payment completes its order: `processing` (hooks may veto), the payment
 * `reserved`, `accepted`, `completed` — each its own commit. Resumes from wherever the order
 * stands, and a move that fails because the order moved meanwhile (the provider's AUTHORISATION
 * webhook, applied by the kit, or another payment's failure returning it to checkout) is not a
 * failure: the order is read again and the walk goes on from there. Whether the order moved is
 * told by its status history, not its status: an order taken to `processing` and back to
 * `checkout` meanwhile is where it was, yet moved. Returns `vetoed` with the error when nothing
 * moved the order and it is in checkout: the refusal was of this walk's own first move.
 */
export async function completeAuthorised(kit: AdapterKit<unknown>, tenant: Tenant, orderId: string, paymentId: string): Promise<{ vetoed?: unknown }> {
  for (let round = 0; round < 4; round += 1) {
    const order = await kit.orders.getOrder(tenant, orderId);
    const moves = order.state.transitions.length;
    try {
      await walk(kit, tenant, order, paymentId);
      return {};
    } catch (error) {
      const now = (await kit.orders.getOrder(tenant, orderId)).state;
      if (now.transitions.length !== moves) continue;
      if (now.currentStatus === 'checkout') return { vetoed: error };
      throw error;
    }
  }
  return {};
}

async function walk(kit: AdapterKit<unknown>, tenant: Tenant, order: OrderDocument, paymentId: string): Promise<void> {
  let status = order.state.currentStatus;
  if (status === 'checkout') status = (await kit.orders.changeStatus(tenant, order.id, 'processing')).state.currentStatus;
  if (status === 'processing') {
    const payment = (await kit.orders.getOrder(tenant, order.id)).payments.find((p) => p.id === paymentId);
    if (payment && payment.state !== 'reserved') await kit.payments.updatePayment(tenant, order.id, paymentId, { state: 'reserved' });
    status = (await kit.orders.changeStatus(tenant, order.id, 'accepted')).state.currentStatus;
  }
  if (status === 'accepted') await kit.orders.changeStatus(tenant, order.id, 'completed');
}

/**
 * A pending payment (written `processing` first) locks its order in `processing` until the
 * AUTHORISATION webhook decides it. The webhook runs on its own and may come before the lock:
 * when it authorised the payment it also took the order on (nothing left to lock); when it
 * refused it, the order was still in checkout, so nothing released it — this returns it there once
 * the move is made. `before` is the order as read before the provider was asked: any status move
 * since is someone else's. A move refused with nothing else moving the order (a hook's veto) is thrown.
 */
export async function lockForPending(kit: AdapterKit<unknown>, tenant: Tenant, before: OrderDocument, paymentId: string): Promise<void> {
  try {
    await kit.orders.changeStatus(tenant, before.id, 'processing');
  } catch (error) {
    if ((await kit.orders.getOrder(tenant, before.id)).state.transitions.length !== before.state.transitions.length) return;
    throw error;
  }
  const order = await kit.orders.getOrder(tenant, before.id);
  const payment = order.payments.find((p) => p.id === paymentId);
  if (order.state.currentStatus === 'processing' && payment && (payment.state === 'failed' || payment.state === 'cancelled')) await kit.orders.changeStatus(tenant, before.id, 'checkout');
}
