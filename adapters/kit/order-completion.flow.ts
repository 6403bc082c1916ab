import type { Tenant } from '../../platform/auth/principal.js';
import type { OrderDocument } from '../../contracts/order.types.js';
import type { AdapterKit } from './adapter-kit.js';

/** What an adapter adds to the moves `checkout → processing → accepted → completed`. */
export interface CompletionSteps {
  /** While the order is still in `checkout`, before it is validated: throw to refuse (nothing moved). */
  check?(order: OrderDocument): Promise<void> | void;
  /** The move to `processing` was refused (a hook, a `process` callback): e.g. log it. The error is passed on. */
  onRefused?(error: unknown): Promise<void>;
  /** Once the order is `processing`, before `accepted`: e.g. authorize or reserve. Throw to undo. */
  whileProcessing?(order: OrderDocument): Promise<void>;
  /** Undo what `whileProcessing` did (best effort); the runtime then moves the order back to `checkout`. */
  compensate?(order: OrderDocument, error: unknown): Promise<void>;
  /** Where to stop: `completed` (default) or `accepted` (a pending payment, spec "States and transitions"). */
  until?: 'accepted' | 'completed';
}

/**
 * The order moves an adapter makes when its payment completes the order: validate, then
 * `processing` (every `/state` hook and every payment's `process` may veto; the caller gets that
 * 400 and the order stays in checkout), `accepted`, `completed` — each its own commit, so hooks
 * and notifications see every step. It resumes from wherever the order stands (calling it again
 * after a failure at `completed` finishes it). A failure while `processing` runs `compensate` and
 * returns the order to `checkout` (which makes the platform call `abort` on the payments).
 */
export async function completeOrder(kit: Pick<AdapterKit<unknown>, 'orders' | 'logger'>, tenant: Tenant, orderId: string, steps: CompletionSteps = {}): Promise<OrderDocument> {
  let order = await kit.orders.getOrder(tenant, orderId);
  if (order.state.currentStatus === 'checkout') {
    await steps.check?.(order);
    await kit.orders.validate(tenant, orderId); // 400 order_invalid with every failure
    try {
      order = await kit.orders.changeStatus(tenant, orderId, 'processing');
    } catch (error) {
      await steps.onRefused?.(error);
      throw error;
    }
  }
  if (order.state.currentStatus === 'processing') {
    try {
      await steps.whileProcessing?.(order);
      order = await kit.orders.changeStatus(tenant, orderId, 'accepted');
    } catch (error) {
      await steps.compensate?.(order, error);
      await kit.orders.changeStatus(tenant, orderId, 'checkout').catch((e: unknown) => kit.logger.error({ err: e, orderId }, 'could not return the order to checkout'));
      throw error;
    }
  }
  if (order.state.currentStatus === 'accepted' && steps.until !== 'accepted') order = await kit.orders.changeStatus(tenant, orderId, 'completed');
  return order;
}
