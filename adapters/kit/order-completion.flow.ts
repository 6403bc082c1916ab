import type { Tenant } from '../../platform/auth/principal.js';
import { ORDER_STATUSES, type OrderDocument, type OrderStatus } from '../../contracts/order.types.js';
import { AppError } from '../../platform/errors/app-error.js';
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
 *
 * Another writer may complete the same order at the same time (a second click, the provider's
 * event beside the shopper's return). A move refused because that writer already took the order
 * to `accepted` or past it is not a failure: the walk goes on from where the order stands, and
 * nothing is compensated — undoing there would release what the other writer completed with.
 * So is a move to `processing` refused because that writer took the order there first: the walk
 * goes on from `processing`, as it does for a call that read the order there, and nothing is
 * logged as a failed attempt.
 */
export async function completeOrder(kit: Pick<AdapterKit<unknown>, 'orders' | 'logger'>, tenant: Tenant, orderId: string, steps: CompletionSteps = {}): Promise<OrderDocument> {
  let order = await kit.orders.getOrder(tenant, orderId);
  if (order.state.currentStatus === 'checkout') {
    await steps.check?.(order);
    await kit.orders.validate(tenant, orderId); // 400 order_invalid with every failure
    try {
      order = await kit.orders.changeStatus(tenant, orderId, 'processing');
    } catch (error) {
      // Another writer took it to processing (or past) meanwhile: go on from there, as a call that read it so.
      const moved = await movedPast(kit, tenant, orderId, 'processing', error);
      if (!moved) {
        await steps.onRefused?.(error);
        throw error;
      }
      order = moved;
    }
  }
  if (order.state.currentStatus === 'processing') {
    try {
      await steps.whileProcessing?.(order);
      order = await kit.orders.changeStatus(tenant, orderId, 'accepted');
    } catch (error) {
      const moved = await movedPast(kit, tenant, orderId, 'accepted', error);
      if (!moved) {
        await steps.compensate?.(order, error);
        await kit.orders.changeStatus(tenant, orderId, 'checkout').catch((e: unknown) => kit.logger.error({ err: e, orderId }, 'could not return the order to checkout'));
        throw error;
      }
      order = moved;
    }
  }
  if (order.state.currentStatus === 'accepted' && steps.until !== 'accepted') {
    try {
      order = await kit.orders.changeStatus(tenant, orderId, 'completed');
    } catch (error) {
      order = (await movedPast(kit, tenant, orderId, 'completed', error)) ?? rethrow(error);
    }
  }
  return order;
}

/**
 * After a refused move (4xx): the order as it stands now when another writer has taken it to
 * `status` or past it meanwhile, else undefined (the refusal stands).
 */
async function movedPast(kit: Pick<AdapterKit<unknown>, 'orders'>, tenant: Tenant, orderId: string, status: OrderStatus, error: unknown): Promise<OrderDocument | undefined> {
  const refused = error instanceof AppError && error.status >= 400 && error.status < 500;
  if (!refused) return undefined;
  const now = await kit.orders.getOrder(tenant, orderId).catch(() => undefined);
  return now && ORDER_STATUSES.indexOf(now.state.currentStatus) >= ORDER_STATUSES.indexOf(status) ? now : undefined;
}

const rethrow = (error: unknown): never => {
  throw error;
};
