/**
 * Who the shopper is, for providers that keep stored cards per shopper, is the merchant's word:
 * the `shopperReference` attribute of the customer's addresses is set by the merchant's server
 * (storefront, admin, service) or an adapter, never by a checkout token in the shopper's browser.
 */
import { AppError } from '../../../platform/errors/app-error.js';
import type { Address, OrderDocument } from '../../../contracts/order.types.js';

/** The address attributes that name the shopper to a provider. */
export const SHOPPER_IDENTITY_ATTRIBUTES = ['shopperReference'] as const;

type Customer = OrderDocument['customer'];
const KINDS = ['billing', 'shipping'] as const;

/**
 * The address a checkout token asked for, with the identity attributes the order already had
 * carried over; naming another value (or one the order has not got) is 403
 * `shopper_reference_not_allowed`. Other roles' addresses pass unchanged.
 */
export function withShopperIdentityKept(role: string, before: Address | undefined, next: Address): Address {
  if (role !== 'shopper') return next;
  const kept: Record<string, unknown> = {};
  for (const name of SHOPPER_IDENTITY_ATTRIBUTES) {
    const had = before?.attributes?.[name];
    const asked = next.attributes?.[name];
    if (asked !== undefined && asked !== had) throw new AppError(403, 'shopper_reference_not_allowed', `${name} is set by the merchant, not by the shopper's browser.`, { attribute: name });
    if (had !== undefined) kept[name] = had;
  }
  return Object.keys(kept).length === 0 ? next : { ...next, attributes: { ...next.attributes, ...kept } };
}

/** The same for a whole customer replaced by a checkout token. */
export function customerWithShopperIdentityKept(role: string, before: Customer | undefined, next: Customer): Customer {
  if (role !== 'shopper') return next;
  const customer: Customer = { ...next };
  for (const kind of KINDS) {
    const address = next[kind];
    const previous = before?.[kind];
    if (address) customer[kind] = withShopperIdentityKept(role, previous, address);
    else if (previous?.attributes && SHOPPER_IDENTITY_ATTRIBUTES.some((name) => previous.attributes?.[name] !== undefined)) throw new AppError(403, 'shopper_reference_not_allowed', `The ${kind} address names the shopper; a checkout token cannot remove it.`, { attribute: 'shopperReference' });
  }
  return customer;
}
