import type { Tenant } from '../../platform/auth/principal.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { OrderDocument } from '../../subgraphs/order/domain/order.types.js';
import type { GiftCardContext } from './gift-card.context.js';
import { isActive, isGiftCard } from './gift-card.domain.js';

/**
 * An order paid entirely by gift cards has no other adapter to complete it: it is moved to
 * processing here (the platform reserves every card through its `process` callback, also for
 * this adapter's own move), then accepted → completed, each its own change. Other adapters'
 * hooks (the commerce purchase) may still refuse processing; the platform then aborts the
 * cards (released). `confirm` commits them once the order is completed.
 */
export class GiftCardCompletion {
  constructor(private readonly context: GiftCardContext) {}

  async complete(tenant: Tenant, orderId: string): Promise<{ orderId: string; orderStatus: string }> {
    const { kit } = this.context;
    const order = await kit.orders.getOrder(tenant, orderId);
    if (order.state.currentStatus === 'completed') return { orderId, orderStatus: 'completed' };
    if (order.state.currentStatus !== 'checkout') throw new AppError(409, 'order_not_in_checkout', `Order ${orderId} is ${order.state.currentStatus}, not in checkout.`);
    const active = order.payments.filter(isActive);
    if (active.length === 0 || !active.every(isGiftCard)) {
      throw new AppError(409, 'not_gift_card_only', 'Only an order paid entirely by gift cards is completed here; complete it through its other payment.');
    }
    await kit.orders.validate(tenant, orderId); // 400 order_invalid with every failure, passed on as is
    // The platform calls every card's process (reserve) before the move commits; a refused card
    // or another adapter's hook vetoes it, and the cards reserved are aborted (released) first.
    await kit.orders.changeStatus(tenant, orderId, 'processing');
    const done: OrderDocument = await kit.orders.moveThrough(tenant, orderId, ['accepted', 'completed']);
    return { orderId, orderStatus: done.state.currentStatus };
  }
}
