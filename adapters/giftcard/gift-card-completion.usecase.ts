import type { Tenant } from '../kit/platform.js';
import { AppError } from '../kit/platform.js';
import { completeOrder } from '../kit/index.js';
import type { GiftCardContext } from './gift-card.context.js';
import { isActivePayment } from '../../contracts/allocation.js';
import { isGiftCard } from './gift-card.domain.js';

/**
 * An order paid entirely by gift cards has no other adapter to complete it: the kit's order moves
 * (`completeOrder`) take it to processing (the platform reserves every card through its `process`
 * callback, also for this adapter's own move), then accepted → completed, each its own change.
 * Other adapters' hooks (the commerce purchase) may still refuse processing; the platform then
 * aborts the cards (released). `confirm` commits them once the order is completed.
 */
export class GiftCardCompletion {
  constructor(private readonly context: GiftCardContext) {}

  async complete(tenant: Tenant, orderId: string): Promise<{ orderId: string; orderStatus: string }> {
    const done = await completeOrder(this.context.kit, tenant, orderId, {
      check(order) {
        const active = order.payments.filter(isActivePayment);
        if (active.length === 0 || !active.every(isGiftCard)) {
          throw new AppError(409, 'not_gift_card_only', 'Only an order paid entirely by gift cards is completed here; complete it through its other payment.');
        }
      },
    });
    return { orderId, orderStatus: done.state.currentStatus };
  }
}
