import type { Tenant } from '../kit/platform.js';
import { AppError, badRequest } from '../kit/platform.js';
import type { OrderDocument, Shipping } from '../kit/order-contract.js';
import type { AdapterKit } from '../kit/adapter-kit.js';
import { PlatformCallError } from '../kit/platform-call.js';
import { mapCart, mapCustomerToBuyer, mapShippingsToDelivery } from './basket-order.mapper.js';
import { basketDifferences, customerDataProblem, jsonEqual, purchaseRequest, transitionOf, type Problem } from './checkout.rules.js';
import { deliveryModeOf, type CommerceAdapterConfiguration } from './commerce-adapter.config.js';
import type { CommercePlatformClient, CommercePlatformClients } from './commerce-platform.client.js';
import { EXTERNAL_DELIVERY_METHOD_ID, type Basket, type CommerceOrder, type PaymentInput } from './commerce-platform.types.js';

type Kit = AdapterKit<CommerceAdapterConfiguration>;
type JsonPatch = Array<{ op: 'replace'; path: string; value: unknown }>;

/** Most purchases, not yet exported, that one adapter process remembers (oldest forgotten first). */
const REMEMBERED_PURCHASES = 1000;

/** A purchase this process made: the basket it was made from and the commerce order it created. */
interface RememberedPurchase {
  basket: string;
  commerceOrderId: string;
}

/** What the notification service delivers (docs/events.md). */
export interface NotificationDelivery {
  orderId?: string;
  version?: number;
  value?: unknown;
  order?: OrderDocument;
}

/**
 * The platform's side: the validation callback, the hooks on `/state`, `/customer` and
 * `/shippings`, and the export notification. Hooks answer a veto as a 400 AppError whose message
 * the order service passes on to whoever made the change.
 */
export class OrderLifecycle {
  /**
   * The purchase (basket and commerce order) of each order this process purchased for, until the
   * order is exported or goes back to checkout. The `/state` hook's body carries the state, not
   * the cart, and an order in `processing` is locked (its cart cannot change), so the moves that
   * follow the purchase use this instead of reading the order back, and the export completes the
   * remembered commerce order without looking it up through the basket. Another process (or a
   * forgotten entry) reads the order and the basket instead.
   */
  private readonly purchases = new Map<string, RememberedPurchase>();

  constructor(
    private readonly kit: Kit,
    private readonly clients: CommercePlatformClients,
  ) {}

  /**
   * The validation callback: everything the move to processing would veto, so validateOrder tells
   * it first — the customer data the purchase needs, and the order still matching its basket (see basketDifferences).
   */
  async validate(tenant: Tenant, order: OrderDocument): Promise<Problem[]> {
    const reference = order.cart?.reference;
    if (!reference) return [{ code: 'not_a_basket_order', message: `Order ${order.id} was not made from a commerce basket.` }];
    const customer = customerDataProblem(order.customer);
    const customerProblems: Problem[] = customer ? [{ code: customer.code, message: customer.message, pointers: customer.pointers }] : [];
    const configuration = await this.kit.configuration.get(tenant);
    try {
      const basket = await this.clients.for(configuration).getBasket(reference);
      return [...customerProblems, ...basketDifferences(order, basket, configuration)];
    } catch (error) {
      if (error instanceof PlatformCallError && error.httpStatus === 404) return [{ code: 'basket_not_found', message: `Basket ${reference} was not found in the commerce platform.` }];
      if (error instanceof AppError) return [{ code: error.code, message: error.message }];
      throw error;
    }
  }

  /** Hook on `/shippings`, managed mode: the checkout's shipping becomes the basket's external delivery (128). */
  async shippingChanged(tenant: Tenant, orderId: string, shippings: Shipping[] | undefined): Promise<void> {
    const configuration = await this.kit.configuration.get(tenant);
    if (deliveryModeOf(configuration) !== 'managed') return; // full control: the commerce platform's delivery is authoritative
    const { reference } = await this.orderAndBasketReference(tenant, orderId);
    await vetoOnFailure(
      this.clients.for(configuration).setDelivery(reference, { deliveryMethodId: EXTERNAL_DELIVERY_METHOD_ID, ...mapShippingsToDelivery(shippings ?? []) }),
      'The commerce platform refused the shipping',
    );
  }

  /**
   * Hook on `/state`. `checkout → processing`: check the customer data and the basket, purchase
   * in the commerce platform (method 239, externalReference = order id) and validate the
   * payment there; any refusal vetoes the move, and so does the basket's purchase by another
   * checkout order still under way. `processing → accepted`: veto when another checkout order of
   * the basket has purchased it since (one basket, one paid order). `processing → checkout`:
   * cancel the pending commerce order (best effort). Every other move is accepted at once.
   */
  async stateChanged(tenant: Tenant, orderId: string, state: Partial<OrderDocument['state']> | undefined): Promise<void> {
    const { from, to } = transitionOf(state);
    if (from === 'checkout' && to === 'processing') return this.purchase(tenant, orderId);
    if (from === 'processing' && to === 'accepted') return this.assertPurchaseStillOurs(tenant, orderId);
    if (from === 'processing' && to === 'checkout') return this.cancelPending(tenant, orderId);
  }

  /**
   * Hook on `/customer` (target `/cart`): push the buyer to the basket; when the basket's lines or
   * totals moved with it (buyer-dependent prices), answer a patch replacing `/cart`. Pushing is
   * best effort: the purchase sends the buyer again, so a platform failure never blocks the shopper.
   * The hook's body carries the customer and (its target) the cart: the order is read back only
   * when a body lacks them.
   */
  async customerChanged(tenant: Tenant, orderId: string, customer: OrderDocument['customer'] | undefined, cart: OrderDocument['cart'] | undefined): Promise<JsonPatch | undefined> {
    const configuration = await this.kit.configuration.get(tenant);
    const { order, reference } = customer && cart?.reference ? { order: { customer, cart }, reference: cart.reference } : await this.orderAndBasketReference(tenant, orderId);
    const client = this.clients.for(configuration);
    try {
      await client.setBuyer(reference, mapCustomerToBuyer(customer ?? order.customer));
      const basketCart = mapCart(await client.getBasket(reference), configuration);
      return jsonEqual(basketCart, order.cart) ? undefined : [{ op: 'replace', path: '/cart', value: basketCart }];
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      this.kit.logger.warn({ orderId, code: error.code, status: error.status }, 'could not push the buyer to the commerce platform');
      return undefined;
    }
  }

  /**
   * Notification on `completed`: complete the payment of the order's commerce order (purchasing
   * first when none is pending) and set the order's `reference` to the commerce order id.
   * The commerce order this process purchased is completed directly; when none is remembered, or
   * the platform refuses it (409: cancelled, replaced, or its basket moved; 404: forgotten), the
   * basket's latest commerce order is. The remembered purchase is forgotten once tried, so a
   * redelivery reads the basket. Idempotent: a paid commerce order is not completed again (an
   * order whose reference is already its remembered commerce order was exported: nothing is
   * called), an equal reference is not rewritten.
   * The order is read from the order service, never taken from the delivery: only an order that
   * is `completed` (or since `delivered`) there is exported, whatever the body says.
   */
  async exportOrder(tenant: Tenant, orderId: string, delivery: NotificationDelivery): Promise<{ reference: string | null }> {
    if (delivery.value !== undefined && delivery.value !== 'completed') return { reference: null };
    const order = await this.kit.orders.getOrder(tenant, orderId);
    // A late delivery may find the order already delivered: that is completed too.
    if (!['completed', 'delivered'].includes(order.state.currentStatus)) return { reference: null };
    const reference = order.cart.reference;
    if (!reference) throw badRequest('not_a_basket_order', `Order ${orderId} was not made from a commerce basket.`);
    const remembered = this.purchases.get(orderId);
    this.purchases.delete(orderId);
    const rememberedId = remembered?.basket === reference ? remembered.commerceOrderId : undefined;
    if (rememberedId !== undefined && order.reference === rememberedId) return { reference: rememberedId };
    const configuration = await this.kit.configuration.get(tenant);
    const client = this.clients.for(configuration);
    const payment = { amount: order.total.includingVat, currency: order.currency, externalReference: order.id };

    const commerceOrder =
      (rememberedId !== undefined ? await completeUnlessRefused(client, rememberedId, payment) : undefined) ??
      (await this.completeBasketPurchase(client, order, reference, configuration, payment));
    if (order.reference !== commerceOrder.id) await this.kit.orders.setReference(tenant, orderId, commerceOrder.id);
    return { reference: commerceOrder.id };
  }

  /** Completes the basket's latest commerce order of this checkout order (purchasing first when there is none). */
  private async completeBasketPurchase(
    client: CommercePlatformClient,
    order: OrderDocument,
    reference: string,
    configuration: CommerceAdapterConfiguration,
    payment: PaymentInput,
  ): Promise<CommerceOrder> {
    const commerceOrder = await this.commerceOrderOf(client, order, reference, configuration);
    if (commerceOrder.status === 'paid') return commerceOrder;
    try {
      return await client.completePayment(commerceOrder.id, payment);
    } catch (error) {
      // The basket moved after the purchase (or the order was cancelled): purchase again, once.
      if (!(error instanceof PlatformCallError && error.httpStatus === 409)) throw error;
      const basket = await client.getBasket(reference);
      const purchased = await client.purchase(reference, purchaseRequest(order, basket, configuration));
      return client.completePayment(purchased.orderId, payment);
    }
  }

  private async purchase(tenant: Tenant, orderId: string): Promise<void> {
    const { order, reference } = await this.orderAndBasketReference(tenant, orderId);
    const missing = customerDataProblem(order.customer);
    if (missing) throw badRequest(missing.code, missing.message, { fields: missing.fields.map((field) => `/customer/billing/${field}`) });
    const configuration = await this.kit.configuration.get(tenant);
    const client = this.clients.for(configuration);
    const basket = await vetoOnFailure(client.getBasket(reference), 'The basket could not be read');
    await this.assertBasketFree(tenant, orderId, reference, client, basket);
    const problems = basketDifferences(order, basket, configuration);
    if (problems.length > 0) throw badRequest(problems[0]!.code, problems.map((problem) => problem.message).join(' '), problems);
    const purchased = await vetoOnFailure(client.purchase(reference, purchaseRequest(order, basket, configuration)), 'The commerce platform refused the purchase');
    await vetoOnFailure(
      client.validatePayment(purchased.orderId, { amount: order.total.includingVat, currency: order.currency }),
      'The commerce platform refused the payment',
    );
    this.kit.logger.info({ orderId, commerceOrderId: purchased.orderId }, 'purchased in the commerce platform');
    this.purchases.delete(orderId);
    this.purchases.set(orderId, { basket: reference, commerceOrderId: purchased.orderId });
    if (this.purchases.size > REMEMBERED_PURCHASES) this.purchases.delete(this.purchases.keys().next().value!);
  }

  /**
   * Several checkout orders may be made from one basket (two tabs), but one at a time pays for
   * it: a purchase pending for another checkout order that has left `checkout` (it is paying, or
   * paid) refuses this one (400 `basket_in_purchase`), and a paid basket refuses every other
   * (`basket_closed`). A pending purchase of an order back in checkout is replaced, as before.
   */
  private async assertBasketFree(tenant: Tenant, orderId: string, reference: string, client: CommercePlatformClient, basket: Basket): Promise<void> {
    if (basket.status !== 'open') throw badRequest('basket_closed', `Basket ${reference} was paid by another order.`);
    if (!basket.orderId) return;
    const pending = await vetoOnFailure(client.getOrder(basket.orderId), "The basket's pending order could not be read");
    const owner = pending.externalReference;
    if (pending.status !== 'pending_payment' || !owner || owner === orderId) return;
    const other = await this.kit.orders.getOrder(tenant, owner).catch(() => undefined);
    if (other && other.state.currentStatus !== 'checkout') {
      throw badRequest('basket_in_purchase', `Basket ${reference} is being paid by checkout order ${owner}; this order can be paid once that one is back in checkout.`, { orderId: owner });
    }
  }

  /**
   * `processing → accepted`: this order's purchase is still the basket's. Two orders of one basket
   * moving to processing at once both purchase, the later replacing the earlier; the earlier is
   * refused here (400 `basket_purchased_elsewhere`), so its payment adapter undoes its payment and
   * returns it to checkout, and the basket is paid once. The commerce platform cancels a pending
   * commerce order when its basket is purchased again (`replacedBy` names the new one), so a
   * remembered commerce order that is not cancelled is still the basket's: only it is read. A
   * cancelled one (or none remembered) reads the basket's latest. Best effort: a platform that
   * cannot be read does not block the payment (the export purchases again if need be).
   */
  private async assertPurchaseStillOurs(tenant: Tenant, orderId: string): Promise<void> {
    const remembered = this.purchases.get(orderId);
    const reference = remembered?.basket ?? (await this.orderAndBasketReference(tenant, orderId)).reference;
    const client = this.clients.for(await this.kit.configuration.get(tenant));
    const latest = await (async () => {
      const ours = remembered ? await client.getOrder(remembered.commerceOrderId) : undefined;
      if (ours && ours.status !== 'cancelled') return ours;
      const basket = await client.getBasket(reference);
      return basket.orderId ? client.getOrder(basket.orderId) : undefined;
    })().catch((error: unknown) => {
      if (!(error instanceof AppError)) throw error;
      this.kit.logger.warn({ orderId, code: error.code, status: error.status }, "could not read the basket's purchase");
      return undefined;
    });
    if (latest && latest.externalReference !== orderId && latest.status !== 'cancelled') {
      throw badRequest('basket_purchased_elsewhere', `Basket ${reference} was purchased by checkout order ${latest.externalReference ?? 'unknown'} after this order's purchase; this order cannot be accepted.`, {
        orderId: latest.externalReference ?? null,
      });
    }
  }

  private async cancelPending(tenant: Tenant, orderId: string): Promise<void> {
    try {
      const reference = await this.takePurchasedBasket(tenant, orderId);
      const client = this.clients.for(await this.kit.configuration.get(tenant));
      const basket = await client.getBasket(reference);
      if (!basket.orderId) return;
      const pending = await client.getOrder(basket.orderId);
      if (pending.status === 'pending_payment' && pending.externalReference === orderId) {
        await client.cancelOrder(pending.id, `Checkout order ${orderId} went back to checkout.`);
      }
    } catch (error) {
      // Never block an abort: a pending commerce order left behind is replaced by the next purchase.
      if (!(error instanceof AppError)) throw error;
      this.kit.logger.warn({ orderId, code: error.code, status: error.status }, 'could not cancel the pending commerce order');
    }
  }

  /** The commerce order to complete: the basket's latest for this checkout order, else a new purchase. */
  private async commerceOrderOf(client: CommercePlatformClient, order: OrderDocument, reference: string, configuration: CommerceAdapterConfiguration): Promise<CommerceOrder> {
    const basket: Basket = await client.getBasket(reference);
    if (basket.orderId) {
      const latest = await client.getOrder(basket.orderId);
      if (latest.externalReference === order.id && latest.status !== 'cancelled') return latest;
    }
    if (basket.status !== 'open') throw new AppError(409, 'basket_closed', `Basket ${reference} was paid by another order.`);
    return (await client.purchase(reference, purchaseRequest(order, basket, configuration))).order;
  }

  /** The basket this order's purchase was made from (back in checkout: forgotten), read from the order when this process did not purchase it. */
  private async takePurchasedBasket(tenant: Tenant, orderId: string): Promise<string> {
    const remembered = this.purchases.get(orderId);
    this.purchases.delete(orderId);
    return remembered?.basket ?? (await this.orderAndBasketReference(tenant, orderId)).reference;
  }

  private async orderAndBasketReference(tenant: Tenant, orderId: string): Promise<{ order: OrderDocument; reference: string }> {
    const order = await this.kit.orders.getOrder(tenant, orderId);
    const reference = order.cart.reference;
    if (!reference) throw badRequest('not_a_basket_order', `Order ${orderId} was not made from a commerce basket.`);
    return { order, reference };
  }
}

/** Completes the payment of a commerce order; undefined when the platform refuses it as cancelled, replaced, moved (409) or unknown (404). */
async function completeUnlessRefused(client: CommercePlatformClient, commerceOrderId: string, payment: PaymentInput): Promise<CommerceOrder | undefined> {
  try {
    return await client.completePayment(commerceOrderId, payment);
  } catch (error) {
    if (error instanceof PlatformCallError && (error.httpStatus === 409 || error.httpStatus === 404)) return undefined;
    throw error;
  }
}

/** A platform failure inside a hook is a veto: 400 with the platform's message. */
async function vetoOnFailure<T>(call: Promise<T>, what: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw badRequest(error.code, `${what}: ${error.message}`, error.details);
  }
}
