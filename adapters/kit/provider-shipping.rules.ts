/**
 * A delivery the shopper picks inside a provider's own checkout (a shipping assistant, an
 * iframe's pick-up point) replaces the order's shippings; the shop's choice it replaces is kept
 * on the provider's shipping (`attributes.shopShippings`), so that it comes back when that
 * provider's payment leaves the checkout (removed, superseded by another way to pay, or failed):
 * the kit's remove route puts it back (payment-provider.runtime.ts).
 */
import type { OrderDocument, Shipping } from '../../contracts/order.types.js';

/** What a provider's shipping keeps of the shop's choice it replaced. */
interface ShopShippingAttributes {
  shopShippings?: Shipping[];
}

const recorded = (shipping: Shipping): Shipping[] | undefined => {
  const kept = (shipping.attributes as ShopShippingAttributes | undefined)?.shopShippings;
  return Array.isArray(kept) ? kept : undefined;
};

/**
 * The shop's choice of delivery as it was before any provider's checkout replaced it: the
 * shippings a provider's pick keeps, else the order's own (no provider has picked one).
 */
export function shopShippingsOf(order: Pick<OrderDocument, 'shippings'>): Shipping[] {
  for (const shipping of order.shippings) {
    const kept = recorded(shipping);
    if (kept) return kept;
  }
  return order.shippings;
}

/** Whether the order's delivery is one a provider's checkout chose (it keeps the shop's choice it replaced). */
export const chosenAtAProvider = (order: Pick<OrderDocument, 'shippings'>): boolean => order.shippings.some((shipping) => recorded(shipping) !== undefined);

/**
 * The provider's pick as the order's new shippings, each keeping the shop's choice it replaces
 * (carried over when it replaces another provider's pick). Pass the answer to `replaceShippings`.
 */
export function chosenAtProvider(order: Pick<OrderDocument, 'shippings'>, shippings: readonly Shipping[]): Shipping[] {
  const shop = shopShippingsOf(order);
  return shippings.map((shipping) => ({ ...shipping, attributes: { ...(shipping.attributes as Record<string, unknown> | undefined), shopShippings: shop } }));
}
