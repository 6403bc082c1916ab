import type { Tenant } from '../../platform/auth/principal.js';
import type { OrderDocument } from '../../subgraphs/order/domain/order.types.js';
import { PlatformCallError } from '../kit/index.js';
import { callbackUrls, type GiftCardContext } from './gift-card.context.js';
import { GIFTCARD_ADAPTER_ID } from './gift-card.domain.js';

/** Fixed ids, so registering is idempotent per order (a second registration is a 409 we ignore). */
export const STATE_HOOK_ID = `${GIFTCARD_ADAPTER_ID}.state`;
export const COMPLETED_NOTIFICATION_ID = `${GIFTCARD_ADAPTER_ID}.completed`;

/**
 * Once per order, before the first card: a hook on `/state` with target `/payments` (reserve at
 * processing, release on the way back to checkout) and a notification on
 * `/state/currentStatus` = `completed` (commit the reservations).
 */
export async function ensureOrderCallbacks(context: GiftCardContext, tenant: Tenant, order: OrderDocument): Promise<void> {
  const { kit } = context;
  const urls = callbackUrls(kit.publicUrl, order.id);
  if (!order.hooks.some((hook) => hook.id === STATE_HOOK_ID)) {
    await ignoreDuplicate(kit.orders.registerHook(tenant, order.id, { id: STATE_HOOK_ID, subscribeTo: '/state', target: '/payments', invoke: urls.stateChanged }));
  }
  if (!order.notifications.some((notification) => notification.id === COMPLETED_NOTIFICATION_ID)) {
    await ignoreDuplicate(
      kit.orders.registerNotification(tenant, order.id, {
        id: COMPLETED_NOTIFICATION_ID,
        reference: COMPLETED_NOTIFICATION_ID,
        description: 'Commit the gift card reservations: the card balances drop by the amounts paid.',
        scope: '/state/currentStatus',
        schema: { enum: ['completed'] },
        invoke: urls.completed,
      }),
    );
  }
}

async function ignoreDuplicate(registration: Promise<unknown>): Promise<void> {
  try {
    await registration;
  } catch (error) {
    // Another request registered it first.
    if (!(error instanceof PlatformCallError && error.httpStatus === 409)) throw error;
  }
}
