import type { CallPurpose } from '../../platform/auth/platform-tokens.js';
import { paymentCallbackBody } from '../../subgraphs/order/engine/payment-callback.caller.js';
import type { ConformanceContext } from '../conformance.context.js';

/** One address the platform calls on this adapter's behalf, with a body as the platform would send. */
export interface PlatformCallback {
  label: string;
  url: string;
  purpose: CallPurpose;
  body: unknown;
}

const LIFECYCLE: Record<string, CallPurpose> = { process: 'process', abort: 'abort', confirm: 'confirm', capture: 'capture', cancel: 'cancel', refund: 'refund' };

const member = (order: Record<string, unknown>, pointer: string): unknown => order[pointer.replace(/^\//, '').split('/')[0] ?? ''];

/**
 * Every callback the adapter registered on the order the create check made: its payment's
 * `callbacks` (amountChanged, lifecycle callbacks), and its hooks, validations and notifications.
 */
export async function platformCallbacks(context: ConformanceContext): Promise<PlatformCallback[]> {
  const { orderId, paymentId } = context.created();
  const order = (await context.orders('GET', `/${orderId}`)).body as Record<string, any>;
  const payment = order.payments.find((p: { id: string }) => p.id === paymentId);
  const mine = (list: Array<{ adapterId?: string }>) => list.filter((item) => item.adapterId === context.target.adapterId);
  const found: PlatformCallback[] = [];
  for (const [name, url] of Object.entries((payment?.callbacks ?? {}) as Record<string, string>)) {
    if (name === 'amountChanged') found.push({ label: 'amountChanged', url, purpose: 'amount_changed', body: { amount: payment.amount } });
    else if (LIFECYCLE[name]) found.push({ label: name, url, purpose: LIFECYCLE[name], body: paymentCallbackBody({ order: order as never, payment, callback: name as never, extra: name === 'refund' ? { amount: payment.amount } : undefined }) });
  }
  for (const hook of mine(order.hooks)) {
    const h = hook as { id: string; invoke: string; subscribeTo: string };
    found.push({
      label: `hook ${h.id}`,
      url: h.invoke,
      purpose: 'hook',
      body: { id: order.id, merchant: order.merchant, channel: order.channel, changes: [h.subscribeTo], [h.subscribeTo.slice(1)]: member(order, h.subscribeTo), hooks: order.hooks, total: order.total },
    });
  }
  for (const validation of mine(order.validations)) {
    const v = validation as { id: string; url: string };
    found.push({ label: `validation ${v.id}`, url: v.url, purpose: 'validation', body: order });
  }
  for (const notification of mine(order.notifications)) {
    const n = notification as { id: string; invoke: string; scope: string };
    found.push({ label: `notification ${n.id}`, url: n.invoke, purpose: 'notification', body: { orderId, version: order.version, notification: n.id, value: member(order, n.scope) ?? null, order } });
  }
  return found;
}
