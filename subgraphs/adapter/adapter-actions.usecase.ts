import type { AdapterRegistry, StorefrontAction } from './adapter.registry.js';
import { AppError, badRequest, notFound } from '../../platform/errors/app-error.js';
import { callJson } from '../../platform/http-client/http-client.js';
import type { PaymentDocument } from '../../contracts/order.types.js';
import { PaymentStarts } from './payment-start.usecase.js';
import { callAction, readOrder, type Caller } from './adapter-call.js';

export type { Caller } from './adapter-call.js';

export interface OrderRef {
  id: string;
}
export interface PaymentRef {
  orderId: string;
  id: string;
}

export interface CheckoutTokenModel {
  token: string;
  orderId: string;
  expiresAt: string;
  expiresIn: number;
}

export interface CreatedCheckoutModel {
  order: OrderRef;
  checkoutToken: CheckoutTokenModel;
}

export interface PaymentSessionModel {
  adapterId: string;
  payment: PaymentRef;
  htmlSnippet: string | null;
  redirectUrl: string | null;
  paymentMethods: Array<{ identifier: string; name?: string | null }> | null;
  selectedPaymentMethod: string | null;
  data: Record<string, unknown>;
}

/**
 * The storefront's actions, each one call to the adapter that owns it. Answers are references
 * the order subgraph resolves, so the client gets the order as committed.
 */
export class AdapterActions {
  private readonly starts: PaymentStarts;

  constructor(
    private readonly registry: AdapterRegistry,
    private readonly orderUrl: string,
  ) {
    this.starts = new PaymentStarts(registry, orderUrl);
  }

  async createOrderFromBasket(caller: Caller, input: { cartReference: string; culture: string; currency: string }): Promise<OrderRef> {
    const created = await this.call<{ id: string }>(caller, 'commerce_adapter', 'createOrder', 'create orders', {}, 'POST', input);
    return { id: created.id };
  }

  /** The commerce adapter's create answers the checkout token it got from the order service for the new order. */
  async createCheckout(caller: Caller, input: { cartReference: string; culture: string; currency: string }): Promise<CreatedCheckoutModel> {
    const created = await this.call<{ id: string; checkoutToken?: CheckoutTokenModel }>(caller, 'commerce_adapter', 'createOrder', 'create orders', {}, 'POST', input);
    if (!created.checkoutToken) throw new AppError(502, 'upstream_invalid', 'The commerce adapter did not answer a checkout token.');
    return { order: { id: created.id }, checkoutToken: created.checkoutToken };
  }

  /** Issued by the order service: renewal with a checkout token, a first token with a server's. */
  renewCheckoutToken(caller: Caller, orderId: string): Promise<CheckoutTokenModel> {
    return callJson<CheckoutTokenModel>(`${this.orderUrl}/api/v0/checkout/orders/${encodeURIComponent(orderId)}/checkout-token`, { method: 'POST', headers: caller.headers });
  }

  async updateCartItem(caller: Caller, orderId: string, itemId: string, quantity: number): Promise<OrderRef> {
    if (!Number.isInteger(quantity) || quantity < 0) throw badRequest('invalid_quantity', 'The quantity must be a whole number, 0 or more.');
    await this.call(caller, 'commerce_adapter', 'updateCartItem', 'change cart items', { orderId, itemId }, 'PATCH', { quantity });
    return { id: orderId };
  }

  async refreshOrder(caller: Caller, orderId: string): Promise<OrderRef> {
    await this.call(caller, 'commerce_adapter', 'refreshOrder', 'refresh orders', { orderId }, 'PATCH');
    return { id: orderId };
  }

  async addGiftCard(caller: Caller, orderId: string, cardId: string, code: string | null | undefined): Promise<PaymentRef> {
    const added = await this.call<{ paymentId?: string; id?: string }>(caller, 'giftcard_adapter', 'addGiftCard', 'add gift cards', { orderId }, 'POST', { cardId, ...(code ? { code } : {}) });
    const id = added.paymentId ?? added.id;
    if (!id) throw new AppError(502, 'upstream_invalid', 'The gift card adapter did not say which payment it created.');
    return { orderId, id };
  }

  async removePayment(caller: Caller, orderId: string, paymentId: string): Promise<OrderRef> {
    const payment = await this.payment(caller, orderId, paymentId);
    await this.call(caller, payment.adapterId, 'removePayment', 'remove payments', { orderId, paymentId }, 'POST');
    return { id: orderId };
  }

  /** Resumes the adapter's open payment or starts one, the other adapters' open payments superseded (payment-start.usecase.ts). */
  startPayment(caller: Caller, orderId: string, adapterId: string, paymentMethod?: string | null): Promise<PaymentSessionModel> {
    return this.starts.start(caller, orderId, adapterId, paymentMethod ?? undefined);
  }

  async completePayment(caller: Caller, orderId: string, paymentId: string): Promise<OrderRef> {
    const payment = await this.payment(caller, orderId, paymentId);
    await this.call(caller, payment.adapterId, 'completePayment', 'complete payments', { orderId, paymentId }, 'POST', {});
    return { id: orderId };
  }

  private async payment(caller: Caller, orderId: string, paymentId: string): Promise<PaymentDocument> {
    const order = await readOrder(this.orderUrl, caller, orderId);
    const payment = order.payments.find((p) => p.id === paymentId);
    if (!payment) throw notFound(`Payment ${paymentId} was not found on order ${orderId}.`, 'payment_not_found');
    return payment;
  }

  private call<T = unknown>(caller: Caller, adapterId: string, action: StorefrontAction, what: string, params: Record<string, string>, method: string, body?: unknown): Promise<T> {
    return callAction<T>(this.registry, caller, adapterId, action, what, params, method, body);
  }
}
