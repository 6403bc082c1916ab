// The storefront's startPayment at the adapter subgraph: resume the adapter's open payment, supersede the other adapters' open ones, else create.
import type { AdapterRegistry } from './adapter.registry.js';
import { AppError } from '../../platform/errors/app-error.js';
import { activePayments, hasLimit } from '../../contracts/allocation.js';
import type { OrderDocument, PaymentDocument } from '../../contracts/order.types.js';
import { callAction, readOrder, type Caller } from './adapter-call.js';
import type { PaymentSessionModel } from './adapter-actions.usecase.js';

/** Final payment states: such a payment covers nothing and is never resumed. */
const OVER = ['failed', 'removed', 'cancelled', 'refunded'];

/** The adapter's open payment the shopper can go on with: `intent`, no limit (a gift card is never one). */
export const openPaymentOf = (order: Pick<OrderDocument, 'payments'>, adapterId: string): PaymentDocument | undefined =>
  order.payments.find((payment) => payment.adapterId === adapterId && payment.state === 'intent' && !hasLimit(payment));

/**
 * The payments a new payment of `adapterId` supersedes: the other adapters' open payments that
 * were never authorised (`intent`) and have no limit. Gift cards stay; so does anything a
 * provider holds money for or is still deciding on (reserved, processing).
 */
export const supersededBy = (order: Pick<OrderDocument, 'payments'>, adapterId: string): PaymentDocument[] =>
  activePayments(order).filter((payment) => payment.adapterId !== adapterId && payment.state === 'intent' && !hasLimit(payment));

/**
 * The adapter whose checkout chose the order's delivery (a provider's pick keeps the shop's choice
 * it replaced, provider-shipping.rules.ts), when that adapter is not `adapterId` and none of its
 * payments is open any more: its last payment, so its remove route gives the delivery back.
 */
export function shippingLeftBy(order: Pick<OrderDocument, 'payments' | 'shippings'>, adapterId: string): PaymentDocument | undefined {
  const picked = order.shippings.find((shipping) => Array.isArray((shipping.attributes as { shopShippings?: unknown } | undefined)?.shopShippings));
  const owner = typeof picked?.adapterId === 'string' ? picked.adapterId : undefined;
  if (!owner || owner === adapterId) return undefined;
  const own = order.payments.filter((payment) => payment.adapterId === owner);
  return own.every((payment) => OVER.includes(payment.state)) ? own.at(-1) : undefined;
}

/**
 * A removal that cannot be done here and need not be: the payment is over or gone (404, 409), or
 * its adapter takes no removal here (no remove route, or its manifest cannot be read now). Such a
 * payment stays; the platform settles it when another payment completes (docs/order-engine.md).
 * Anything else (a refused caller above all) is the answer.
 */
const removalNotNeeded = (error: unknown) =>
  error instanceof AppError && (error.status === 404 || error.status === 409 || error.code === 'action_not_supported' || error.code === 'adapter_manifest_unavailable');

/** The open payment's session cannot be had again (its provider session expired or is gone): a new payment replaces it. */
const sessionGone = (error: unknown) => error instanceof AppError && [400, 404, 409, 410].includes(error.status);

/**
 * The storefront's `startPayment` (docs/storefront-api.md, "Starting a payment: resume and
 * supersede"): the shopper picks a way to pay, perhaps again (a reload, a second tab, back to a
 * provider after trying another).
 *
 * 1. The other adapters' open payments without a limit are superseded — removed through their
 *    adapters' own remove routes, as the storefront's `removePayment` does — so the payment
 *    started or resumed here covers what is due (contracts/allocation.ts gives the last payment
 *    without a limit the rest). A delivery the shopper picked in a provider's checkout that is
 *    no longer paying goes back to the shop's choice.
 * 2. The adapter's own open payment is **resumed**: its session is read again at the adapter
 *    (`readPayment`) and answered in the same PaymentSession shape, instead of a second create
 *    (which the spec's REST create refuses: `active_payment_exists`). A payment method asked for
 *    that is not the open payment's replaces it cleanly (removed, then a new one).
 * 3. Otherwise a new payment is created (`createPayment`); one created meanwhile by another tab
 *    (`active_payment_exists`) is resumed instead.
 */
export class PaymentStarts {
  constructor(
    private readonly registry: AdapterRegistry,
    private readonly orderUrl: string,
  ) {}

  async start(caller: Caller, orderId: string, adapterId: string, paymentMethod: string | undefined): Promise<PaymentSessionModel> {
    // The adapter must be able to start payments at all before anything else changes.
    await this.registry.route(adapterId, 'createPayment', 'start payments');
    const order = await readOrder(this.orderUrl, caller, orderId);
    const adapter = await this.registry.find(adapterId);
    if (adapter?.kind === 'payment') {
      for (const payment of supersededBy(order, adapterId)) await this.remove(caller, orderId, payment);
      const left = shippingLeftBy(order, adapterId);
      if (left) await this.remove(caller, orderId, left);
    }
    const open = openPaymentOf(order, adapterId);
    if (open) {
      const resumed = await this.resume(caller, orderId, adapterId, open.id).catch((error: unknown) => {
        if (sessionGone(error)) return null;
        throw error;
      });
      if (resumed && (paymentMethod === undefined || resumed.selectedPaymentMethod === null || resumed.selectedPaymentMethod === paymentMethod)) return resumed;
      // Another method of the same adapter, or a session that cannot be resumed: the open payment gives way to a new one.
      if (resumed !== undefined) await this.remove(caller, orderId, open);
    }
    return this.create(caller, orderId, adapterId, paymentMethod);
  }

  private async create(caller: Caller, orderId: string, adapterId: string, paymentMethod: string | undefined): Promise<PaymentSessionModel> {
    let answer: Record<string, unknown>;
    try {
      answer = await callAction<Record<string, unknown>>(this.registry, caller, adapterId, 'createPayment', 'start payments', { orderId }, 'POST', paymentMethod ? { paymentMethod } : undefined);
    } catch (error) {
      // Another tab (or a double click) created the payment first: go on with that one.
      const raced = error instanceof AppError && error.code === 'active_payment_exists' ? (error.details as { paymentId?: unknown } | undefined)?.paymentId : undefined;
      const resumed = typeof raced === 'string' ? await this.resume(caller, orderId, adapterId, raced) : undefined;
      if (resumed) return resumed;
      throw error;
    }
    const paymentId = (answer.paymentId ?? answer.id) as string | undefined;
    if (!paymentId) throw new AppError(502, 'upstream_invalid', `${adapterId} did not say which payment it created.`);
    return sessionOf(adapterId, orderId, paymentId, answer);
  }

  /** The open payment's session read again at its adapter; undefined when the adapter has no read route. */
  private async resume(caller: Caller, orderId: string, adapterId: string, paymentId: string): Promise<PaymentSessionModel | undefined> {
    const routes = await this.registry.routes(adapterId);
    if (!routes.readPayment) return undefined;
    const answer = await callAction<Record<string, unknown>>(this.registry, caller, adapterId, 'readPayment', 'read payments', { orderId, paymentId }, 'GET');
    return sessionOf(adapterId, orderId, paymentId, answer);
  }

  /** Takes a payment out of the checkout through its adapter's remove route; one already over or gone is left as it is. */
  private async remove(caller: Caller, orderId: string, payment: PaymentDocument): Promise<void> {
    await callAction(this.registry, caller, payment.adapterId, 'removePayment', 'remove payments', { orderId, paymentId: payment.id }, 'POST').catch((error: unknown) => {
      if (!removalNotNeeded(error)) throw error;
    });
  }
}

/** An adapter's create or read answer as the PaymentSession every frontend reads. */
function sessionOf(adapterId: string, orderId: string, paymentId: string, answer: Record<string, unknown>): PaymentSessionModel {
  const methods = answer.paymentMethods as Array<{ identifier: string; name?: string }> | undefined;
  return {
    adapterId,
    payment: { orderId, id: paymentId },
    htmlSnippet: typeof answer.htmlSnippet === 'string' ? answer.htmlSnippet : null,
    redirectUrl: typeof answer.redirectUrl === 'string' ? answer.redirectUrl : null,
    paymentMethods: Array.isArray(methods) ? methods : null,
    selectedPaymentMethod: typeof answer.selectedPaymentMethod === 'string' ? answer.selectedPaymentMethod : null,
    data: answer,
  };
}
