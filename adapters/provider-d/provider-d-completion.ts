import type { Tenant } from '../kit/platform.js';
import type { AdapterKit } from '../kit/index.js';
import type { OrderDocument } from '../kit/order-contract.js';

/**
 * An authorised payment completes its order: `processing` (hooks may veto), the payment
 * `reserved`, `accepted`, `completed` — each its own commit. Resumes from wherever the order
 * stands, and a move that fails because someone else (the provider's AUTHORISATION webhook,
 * applied by the kit) moved the order meanwhile is not a failure: the order is read again and
 * the walk goes on. Returns `vetoed` with the error when the order stays in checkout.
 */
export async function completeAuthorised(kit: AdapterKit<unknown>, tenant: Tenant, orderId: string, paymentId: string): Promise<{ vetoed?: unknown }> {
  for (let round = 0; round < 4; round += 1) {
    const order = await kit.orders.getOrder(tenant, orderId);
    const before = order.state.currentStatus;
    try {
      await walk(kit, tenant, order, paymentId);
      return {};
    } catch (error) {
      const now = (await kit.orders.getOrder(tenant, orderId)).state.currentStatus;
      if (now === before && before === 'checkout') return { vetoed: error };
      if (now === before) throw error;
      // Moved by someone else meanwhile: go on from there.
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
