import type { Tenant } from '../../platform/auth/principal.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { OrderDocument } from '../../subgraphs/order/domain/order.types.js';
import type { GiftCardContext } from './gift-card.context.js';
import { isActive, isGiftCard } from './gift-card.domain.js';
import type { GiftCardReservations } from './gift-card-reservations.service.js';

/**
 * An order paid entirely by gift cards has no other adapter to complete it. The engine never
 * calls this adapter's own /state hook for its own changes, so the cards are reserved here
 * first (same rules, same refusals), then the order moves processing → accepted → completed,
 * each its own change; other adapters' hooks (the commerce purchase) may still refuse
 * processing, and then the reservations are released. The `completed` notification redeems them.
 */
export class GiftCardCompletion {
  constructor(
    private readonly context: GiftCardContext,
    private readonly reservations: GiftCardReservations,
  ) {}

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
    await this.reservations.reserveOrder(tenant, order);
    try {
      await kit.orders.changeStatus(tenant, orderId, 'processing');
    } catch (error) {
      await this.reservations.releaseOrder(tenant, orderId).catch((release: unknown) => kit.logger.error({ err: release, orderId }, 'could not release the gift cards after a refused completion'));
      throw error;
    }
    const done: OrderDocument = await kit.orders.moveThrough(tenant, orderId, ['accepted', 'completed']);
    return { orderId, orderStatus: done.state.currentStatus };
  }
}
