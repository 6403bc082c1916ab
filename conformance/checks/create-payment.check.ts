import { send, until } from '../conformance-http.js';
import { ORDER_TOTAL, shareOf } from '../conformance.context.js';
import { CheckFailure } from '../conformance.types.js';
import type { Check } from './check.js';

/** Create on an order in checkout: 2xx and one payment of this adapter in `intent` on the order. */
export const createCheck: Check = {
  name: 'create: POST {adapter_url}/orders/{order_id}/payments adds an intent payment',
  async run(context) {
    const orderId = await context.newOrder();
    const answer = await context.create(orderId);
    if (answer.status < 200 || answer.status > 299) throw new CheckFailure(`create answered ${answer.status} ${JSON.stringify(answer.body)}`);
    const order = (await context.orders('GET', `/${orderId}`)).body;
    const mine = (order.payments as Array<{ id: string; adapterId: string; state: string }>).filter((p) => p.adapterId === context.target.adapterId);
    const [payment] = mine;
    if (mine.length !== 1 || !payment) throw new CheckFailure(`the order has ${mine.length} payments of ${context.target.adapterId} after create`);
    if (payment.state !== 'intent') throw new CheckFailure(`the payment is ${payment.state}, not intent`);
    context.orderId = orderId;
    context.createAnswer = answer.body;
    context.paymentId = payment.id;
    return `payment ${payment.id}`;
  },
};

/** The new payment covers what the other active payments leave of the total (at once or once the platform reallocates). */
export const coversRestCheck: Check = {
  name: 'create: the payment covers the rest of the order total',
  async run(context) {
    const { orderId, paymentId } = context.created();
    let last: { amount?: number; expected?: number } = {};
    const settled = await until(async () => {
      const order = (await context.orders('GET', `/${orderId}`)).body;
      const payment = order.payments.find((p: { id: string }) => p.id === paymentId);
      last = { amount: payment?.amount, expected: shareOf(order, paymentId) };
      return last.amount === last.expected;
    });
    if (!settled) throw new CheckFailure(`the payment's amount is ${last.amount}; of the order's total ${ORDER_TOTAL} the other payments leave it ${last.expected}`);
  },
};

/** A second create while the first payment is still `intent` is refused and adds nothing. */
export const secondIntentCheck: Check = {
  name: 'create again: a second intent payment is refused (4xx)',
  async run(context) {
    const { orderId } = context.created();
    const answer = await context.create(orderId);
    if (answer.status < 400 || answer.status > 499) throw new CheckFailure(`the second create answered ${answer.status} ${JSON.stringify(answer.body)}`);
    const order = (await context.orders('GET', `/${orderId}`)).body;
    const open = order.payments.filter((p: { adapterId: string; state: string }) => p.adapterId === context.target.adapterId && p.state === 'intent');
    if (open.length !== 1) throw new CheckFailure(`the order has ${open.length} intent payments of the adapter after the refusal`);
    return `${answer.status} ${answer.body?.code ?? ''}`.trim();
  },
};

/** GET {adapter_url}/orders/{order_id}/payments/{payment_id}: the storefront reads the payment's current state. */
export const getPaymentCheck: Check = {
  name: 'GET {adapter_url}/orders/{order_id}/payments/{payment_id} answers the payment',
  async run(context) {
    const { orderId, paymentId } = context.created();
    const url = `${context.paymentsUrl(orderId)}/${encodeURIComponent(paymentId)}`;
    const answer = await send('GET', url, { headers: await context.headers('storefront') });
    if (answer.status !== 200) throw new CheckFailure(`GET ${url} answered ${answer.status} ${JSON.stringify(answer.body)}`);
    if (!JSON.stringify(answer.body ?? '').includes(paymentId)) throw new CheckFailure(`GET ${url} does not name payment ${paymentId}: ${JSON.stringify(answer.body)}`);
  },
};

/**
 * The order's total changes; the payment comes to its new share: set by the platform in the same
 * commit (no provider session), or followed by the adapter when the platform calls its amountChanged.
 */
export const amountChangedCheck: Check = {
  name: 'amount-changed: the payment follows the order to its new remaining total',
  async run(context) {
    const { orderId, paymentId } = context.created();
    const changed = await context.orders('PUT', `/${orderId}/cart`, { reference: 'conformance', items: [{ id: 'item-1', quantity: 1, unitPrice: 300 }], total: { includingVat: 300, excludingVat: 240 } });
    if (changed.status !== 200) throw new CheckFailure(`the platform refused the cart change: ${changed.status} ${JSON.stringify(changed.body)}`);
    let last: { amount?: number; expected?: number } = {};
    const followed = await until(async () => {
      const order = (await context.orders('GET', `/${orderId}`)).body;
      last = { amount: order.payments.find((p: { id: string }) => p.id === paymentId)?.amount, expected: shareOf(order, paymentId) };
      return last.amount === last.expected;
    });
    if (!followed) throw new CheckFailure(`after the total became 300 the payment's amount is ${last.amount}, not its share ${last.expected}`);
  },
};
