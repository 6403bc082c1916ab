import type { OrderDocument } from '../../../contracts/order.types.js';
import { isWithin } from '../domain/order-paths.js';

/** A URL the platform will call on the order's word, with where it stands in the document. */
export interface OutboundUrl {
  pointer: string;
  url: string;
}

/** Every URL of an order the platform calls: hooks, validations, notifications, payments' callbacks. */
export function outboundUrls(document: OrderDocument): OutboundUrl[] {
  return [
    ...document.hooks.map((hook, index) => ({ pointer: `/hooks/${index}/invoke`, url: hook.invoke })),
    ...document.validations.map((validation, index) => ({ pointer: `/validations/${index}/url`, url: validation.url })),
    ...document.notifications.map((notification, index) => ({ pointer: `/notifications/${index}/invoke`, url: notification.invoke })),
    ...document.payments.flatMap((payment, index) =>
      Object.entries(payment.callbacks ?? {}).map(([name, url]) => ({ pointer: `/payments/${index}/callbacks/${name}`, url: url! })),
    ),
  ].filter((entry) => typeof entry.url === 'string');
}

/** The URLs `after` calls that `before` did not: what a change registers. */
export function newOutboundUrls(before: OrderDocument | undefined, after: OrderDocument): OutboundUrl[] {
  const known = new Set(before ? outboundUrls(before).map((entry) => entry.url) : []);
  return outboundUrls(after).filter((entry) => !known.has(entry.url));
}

/** The members holding the URLs `outboundUrls` reads. */
const URL_MEMBERS = ['/hooks', '/validations', '/notifications', '/payments'];

/** Whether a change of these pointers can register a URL (none of the members holding URLs changed: it cannot). */
export const mayRegisterUrls = (changed: readonly string[]): boolean =>
  changed.some((pointer) => pointer === '' || URL_MEMBERS.some((member) => isWithin(pointer, member)));
