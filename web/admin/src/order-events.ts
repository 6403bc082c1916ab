import type { AdminOrderQuery } from './generated/graphql.js';

/**
 * An order's events (docs/events.md) in words for the timeline: what happened and what changed,
 * payments by their name rather than their id. An event as the order page's query selects it
 * (AdminOrder in operations.graphql).
 */
export type OrderEventView = NonNullable<AdminOrderQuery['order']>['events'][number];

type Data = Record<string, unknown>;

const PARTS: Record<string, string> = {
  '/customer': 'customer',
  '/customer/billing': 'billing address',
  '/customer/shipping': 'shipping address',
  '/cart': 'cart',
  '/shippings': 'shipping',
  '/payments': 'payments',
  '/consents': 'consents',
  '/state': 'status',
  '/reference': 'reference',
  '/hooks': 'hooks',
  '/notifications': 'notifications',
  '/validations': 'validations',
};

const ACTIONS: Record<string, string> = {
  'order.created': 'Order created',
  'customer.billing.set': 'Billing address set',
  'customer.shipping.set': 'Shipping address set',
  'reference.set': 'Reference set',
  'status.changed': 'Status changed',
  'payment.removed': 'Payment removed',
};

const CALLBACKS: Record<string, string> = {
  process: 'processing',
  abort: 'abort',
  confirm: 'confirmation',
  capture: 'capture',
  cancel: 'cancellation',
  refund: 'refund',
  refresh: 'refresh',
};

/** `shippings.replaced` → "Shippings replaced"; `payment_process_failed` → "payment process failed". */
const words = (text: string) => text.replace(/[._]/g, ' ').trim();
const sentence = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);
const adapterName = (id: unknown) => (typeof id === 'string' ? id.replace(/_adapter$/, '').replace(/_/g, ' ') : 'an adapter');
const string = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** The order's parts a change touched, from its JSON pointers (/customer/billing/email → billing address). */
function partsOf(changes: unknown): string[] {
  if (!Array.isArray(changes)) return [];
  const parts = changes
    .filter((pointer): pointer is string => typeof pointer === 'string')
    .map((pointer) => {
      const [first = '', second = ''] = pointer.split('/').slice(1);
      return PARTS[`/${first}/${second}`] ?? PARTS[`/${first}`] ?? words(first);
    });
  return [...new Set(parts)].filter(Boolean);
}

/** One event in words; `paymentName` names a payment by its id (undefined when the order has no such payment). */
export function describeEvent(event: OrderEventView, paymentName: (id: string) => string | undefined): string {
  const data = (event.data && typeof event.data === 'object' ? event.data : {}) as Data;
  const payment = (id: unknown) => (typeof id === 'string' ? (paymentName(id) ?? 'a payment') : 'a payment');
  const action = string(data.action);
  const actionText = action ? (ACTIONS[action] ?? sentence(words(action))) : undefined;
  switch (event.type) {
    case 'order.created':
      return 'Order created';
    case 'order.changed': {
      const status = data.status as { from?: string; to?: string } | undefined;
      const parts = partsOf(data.changes);
      const hooks = Array.isArray(data.hooks) ? (data.hooks as Data[]) : [];
      const patched = hooks.filter((hook) => hook.patched).map((hook) => adapterName(hook.adapterId));
      return [
        status?.from && status.to ? `Status changed from ${status.from} to ${status.to}` : (actionText ?? 'Order changed'),
        parts.length > 0 && !(status && parts.every((part) => part === 'status')) ? `changed: ${parts.join(', ')}` : undefined,
        patched.length > 0 ? `adjusted by ${[...new Set(patched)].join(', ')}` : undefined,
      ]
        .filter(Boolean)
        .join('; ');
    }
    case 'order.change_vetoed': {
      const why = string(data.hookMessage) ?? string(data.message) ?? (string(data.reason) ? words(string(data.reason)!) : undefined);
      const by = data.adapterId ? ` by ${adapterName(data.adapterId)}` : '';
      return `${actionText ?? 'A change'} refused${by}${why ? `: ${why}` : ''}`;
    }
    case 'payment.callback': {
      const callback = string(data.callback) ?? 'call';
      const outcome = data.succeeded ? 'succeeded' : `failed${string(data.message) ? `: ${string(data.message)}` : string(data.reason) ? `: ${words(string(data.reason)!)}` : ''}`;
      return `${sentence(CALLBACKS[callback] ?? callback)} of ${payment(data.paymentId)} at ${adapterName(data.adapterId)} ${outcome}`;
    }
    case 'order.validated': {
      const failures = Array.isArray(data.failures) ? (data.failures as Data[]) : [];
      return data.valid ? 'Validated: nothing stops completion' : `Validation found ${failures.length} problem${failures.length === 1 ? '' : 's'}${failures.length ? `: ${failures.map((failure) => string(failure.message) ?? '').filter(Boolean).join('; ')}` : ''}`;
    }
    case 'notification.delivered':
      return `Notification delivered (${words(string(data.kind) ?? 'notification')}, attempt ${String(data.attempt ?? 1)})`;
    case 'notification.delivery_failed':
      return `Notification failed (attempt ${String(data.attempt ?? 1)})${string(data.error) ? `: ${string(data.error)}` : ''}${data.receiverPaused ? '; its receiver is paused' : '; it will be retried'}`;
    case 'notification.dead_lettered':
      return `Notification gave up after ${String(data.attempt ?? 'every')} attempts${string(data.error) ? `: ${string(data.error)}` : ''}`;
    case 'notification.skipped':
      return `Notification skipped${string(data.reason) ? `: ${words(string(data.reason)!)}` : ''}`;
    case 'notification.retry_requested':
      return data.replay ? 'Notification replayed' : 'Notification retry requested';
    case 'notification.receiver_paused':
      return `Notification receiver paused${string(data.url) ? ` (${string(data.url)})` : ''}${string(data.lastError) ? `: ${string(data.lastError)}` : ''}`;
    case 'notification.receiver_resumed':
      return `Notification receiver resumed${typeof data.requeued === 'number' ? `, ${data.requeued} waiting notification${data.requeued === 1 ? '' : 's'} released` : ''}`;
    default:
      return sentence(words(event.type));
  }
}
