import { randomInt } from 'node:crypto';
import { AppError, badRequest, notFound } from '../../platform/errors/app-error.js';
import { Decimal } from '../shared/money.js';
import { basketView } from './basket.pricing.js';
import type { BasketStore, DeliveryInput } from './basket.store.js';
import type { Buyer, CommerceOrder } from './commerce.model.js';
import { EXTERNAL_DELIVERY_METHOD_ID, findDeliveryMethod, findPaymentMethod } from './method.catalog.js';

export interface PurchaseInput {
  paymentMethodId: number;
  deliveryMethodId: number;
  /** The checkout's order id, kept on the commerce order. */
  externalReference?: string;
  /** Sets the basket's buyer before purchasing. */
  buyer?: Buyer;
  /** For delivery method 128: the shipping chosen in the checkout (name, price incl. VAT, VAT rate). */
  delivery?: Omit<DeliveryInput, 'deliveryMethodId'>;
}

export interface PaymentInput {
  amount?: number;
  currency?: string;
  paymentReference?: string;
  externalReference?: string;
}

/** Commerce orders purchased from baskets, and their payment (pending → validated → paid). */
export class CommerceOrderStore {
  private readonly orders = new Map<string, CommerceOrder>();

  constructor(
    private readonly baskets: BasketStore,
    private readonly now: () => Date,
  ) {
    // Orders are kept as long as their basket (the sandbox keeps the last SANDBOX_RECORDS_KEPT baskets).
    baskets.onForget((basket) => {
      for (const [id, order] of this.orders) if (order.basketId === basket.id) this.orders.delete(id);
    });
  }

  /** An order number as commerce platforms give them: eight digits a shopper can read out, unique in this sandbox. */
  private newOrderNumber(): string {
    for (;;) {
      const number = String(randomInt(10_000_000, 100_000_000));
      if (!this.orders.has(number)) return number;
    }
  }

  get(id: string): CommerceOrder {
    const order = this.orders.get(id);
    if (!order) throw notFound(`Commerce order ${id} was not found.`, 'order_not_found');
    return order;
  }

  list(filter: { basketId?: string; externalReference?: string } = {}): CommerceOrder[] {
    return [...this.orders.values()].filter(
      (order) =>
        (filter.basketId === undefined || order.basketId === filter.basketId) &&
        (filter.externalReference === undefined || order.externalReference === filter.externalReference),
    );
  }

  /**
   * Creates the commerce order from the basket. Repeating the same purchase of an unchanged
   * basket returns the pending order (`created: false`); purchasing a changed basket cancels the
   * pending order and creates a new one.
   */
  purchase(basketId: string, input: PurchaseInput): { order: CommerceOrder; created: boolean } {
    const basket = this.baskets.open(basketId);
    const paymentMethod = findPaymentMethod(input.paymentMethodId);
    if (!paymentMethod) throw badRequest('unknown_payment_method', `Payment method ${input.paymentMethodId} does not exist.`);
    if (!findDeliveryMethod(input.deliveryMethodId)) {
      throw badRequest('unknown_delivery_method', `Delivery method ${input.deliveryMethodId} does not exist.`);
    }
    if (input.buyer) this.baskets.setBuyer(basketId, input.buyer);
    const keepExternal = input.deliveryMethodId === EXTERNAL_DELIVERY_METHOD_ID && !input.delivery && basket.delivery?.deliveryMethodId === EXTERNAL_DELIVERY_METHOD_ID;
    if (!keepExternal && (input.delivery || basket.delivery?.deliveryMethodId !== input.deliveryMethodId)) {
      this.baskets.setDelivery(basketId, { ...input.delivery, deliveryMethodId: input.deliveryMethodId });
    }
    if (basket.items.length === 0) throw badRequest('basket_empty', `Basket ${basketId} has no items.`);
    const buyer = requireCompleteBuyer(basket.buyer);

    const pending = basket.orderId ? this.orders.get(basket.orderId) : undefined;
    if (pending?.status === 'pending_payment') {
      const same =
        pending.basketVersion === basket.version &&
        pending.payment.paymentMethodId === input.paymentMethodId &&
        pending.externalReference === (input.externalReference ?? null);
      if (same) return { order: pending, created: false };
    }

    const view = basketView(basket);
    const at = this.now().toISOString();
    const order: CommerceOrder = {
      id: this.newOrderNumber(),
      basketId,
      basketVersion: basket.version,
      clientId: basket.clientId,
      status: 'pending_payment',
      currency: basket.currency,
      currencyId: basket.currencyId,
      items: view.items,
      delivery: view.delivery!,
      buyer: structuredClone(buyer),
      total: view.total,
      payment: {
        paymentMethodId: paymentMethod.id,
        name: paymentMethod.name,
        status: 'pending',
        amount: null,
        reference: null,
        validatedAt: null,
        paidAt: null,
      },
      externalReference: input.externalReference ?? null,
      cancelledReason: null,
      replacedBy: null,
      createdAt: at,
      updatedAt: at,
    };
    if (pending?.status === 'pending_payment') {
      this.cancel(pending.id, `Replaced by order ${order.id} after the basket or purchase changed.`);
      pending.replacedBy = order.id;
    }
    this.orders.set(order.id, order);
    this.baskets.linkOrder(basketId, order.id);
    return { order, created: true };
  }

  /**
   * Checks that the payment can complete: the order is pending, its basket unchanged since the
   * purchase, and amount and currency (when given) match. Refusals are 422 `payment_invalid`
   * listing each reason in `details`.
   */
  validatePayment(orderId: string, input: PaymentInput): CommerceOrder {
    const order = this.get(orderId);
    if (order.status === 'paid') return order;
    const problems = this.paymentProblems(order, input);
    if (problems.length > 0) {
      throw new AppError(422, 'payment_invalid', `The payment of order ${orderId} cannot be accepted: ${problems.map((p) => p.message).join(' ')}`, problems);
    }
    order.payment.status = 'validated';
    order.payment.validatedAt = this.now().toISOString();
    order.payment.amount = input.amount ?? order.total.includingVat;
    if (input.paymentReference) order.payment.reference = input.paymentReference;
    order.updatedAt = order.payment.validatedAt;
    return order;
  }

  /** Marks the order paid and closes its basket; completing a paid order again changes nothing. */
  completePayment(orderId: string, input: PaymentInput): CommerceOrder {
    const order = this.get(orderId);
    if (order.status === 'paid') return order;
    const problems = this.paymentProblems(order, input);
    const cancelled = problems.find((p) => p.code === 'order_cancelled' || p.code === 'basket_changed');
    if (cancelled) throw new AppError(409, cancelled.code, cancelled.message);
    if (problems.length > 0) {
      throw new AppError(422, 'payment_invalid', `The payment of order ${orderId} cannot be completed: ${problems.map((p) => p.message).join(' ')}`, problems);
    }
    const at = this.now().toISOString();
    order.status = 'paid';
    order.payment.status = 'paid';
    order.payment.paidAt = at;
    order.payment.amount = input.amount ?? order.total.includingVat;
    if (input.paymentReference) order.payment.reference = input.paymentReference;
    if (input.externalReference) order.externalReference = input.externalReference;
    order.updatedAt = at;
    this.baskets.complete(order.basketId);
    return order;
  }

  /** Cancels a pending order (idempotent); a paid order cannot be cancelled (409 `order_paid`). */
  cancel(orderId: string, reason: string): CommerceOrder {
    const order = this.get(orderId);
    if (order.status === 'cancelled') return order;
    if (order.status === 'paid') throw new AppError(409, 'order_paid', `Commerce order ${orderId} is paid and cannot be cancelled.`);
    order.status = 'cancelled';
    order.payment.status = 'cancelled';
    order.cancelledReason = reason;
    order.updatedAt = this.now().toISOString();
    return order;
  }

  private paymentProblems(order: CommerceOrder, input: PaymentInput): Array<{ code: string; message: string }> {
    const problems: Array<{ code: string; message: string }> = [];
    if (order.status === 'cancelled') problems.push({ code: 'order_cancelled', message: `Order ${order.id} is cancelled.` });
    else if (this.baskets.get(order.basketId).version !== order.basketVersion) {
      problems.push({ code: 'basket_changed', message: `Basket ${order.basketId} changed after the purchase; purchase again.` });
    }
    if (input.amount !== undefined && !new Decimal(input.amount).equals(order.total.includingVat)) {
      problems.push({ code: 'amount_mismatch', message: `The amount ${input.amount} is not the order total ${order.total.includingVat}.` });
    }
    if (input.currency !== undefined && input.currency !== order.currency) {
      problems.push({ code: 'currency_mismatch', message: `The currency ${input.currency} is not the order currency ${order.currency}.` });
    }
    return problems;
  }
}

/** The buyer, when it has what an order needs: an email and a billing address. */
function requireCompleteBuyer(buyer: Buyer | null): Buyer {
  const missing: string[] = [];
  if (!buyer) missing.push('buyer');
  else {
    if (!buyer.email && !buyer.billing?.email) missing.push('email');
    if (!buyer.billing) missing.push('billing');
  }
  if (missing.length > 0 || !buyer) {
    throw badRequest('buyer_incomplete', `The basket's buyer is incomplete: ${missing.join(', ')} missing.`, missing.map((field) => ({ field })));
  }
  return buyer;
}
