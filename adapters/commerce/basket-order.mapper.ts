import { sum, toAmount } from '../kit/platform.js';
import type { Address, OrderCart, OrderDocument, Shipping } from '../kit/order-contract.js';
import { COMMERCE_ADAPTER_ID, type CommerceAdapterConfiguration } from './commerce-adapter.config.js';
import { EXTERNAL_DELIVERY_METHOD_ID, type Basket, type BasketDelivery, type BasketItem, type Buyer, type CommerceAddress, type DeliveryInput } from './commerce-platform.types.js';

/**
 * Basket ↔ order, as pure functions (no I/O): the cart, the shipping of full-control mode, the
 * customer from the buyer and back, the delivery of managed mode. Values that are absent are
 * left out (never `undefined`), so a mapped part compares equal to the same part read back.
 */

type Customer = OrderDocument['customer'];
type Presentation = Pick<CommerceAdapterConfiguration, 'application' | 'settings'>;

/** Drops `undefined`, `null` and empty-string members. */
export function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, member]) => member !== undefined && member !== null && member !== '')) as T;
}

/** `application.imageBaseUrl` joined with the item's image key; `{clientId}` is the commerce client id. */
export function imageUrlOf(image: string | null, configuration: Presentation, clientId: number): string | undefined {
  if (!image) return undefined;
  if (/^https?:\/\//i.test(image)) return image;
  const base = configuration.application?.imageBaseUrl;
  if (!base) return undefined;
  const resolved = base.replaceAll('{clientId}', String(configuration.settings?.clientId ?? clientId));
  return `${resolved.replace(/\/+$/, '')}/${image.replace(/^\/+/, '')}`;
}

/** `application.productUrlPattern` with `{productId}` filled in. */
export function productUrlOf(productId: string, configuration: Presentation): string | undefined {
  const pattern = configuration.application?.productUrlPattern;
  return pattern ? pattern.replaceAll('{productId}', encodeURIComponent(productId)) : undefined;
}

export function mapItem(item: BasketItem, configuration: Presentation, clientId: number): OrderCart['items'][number] {
  return compact({
    id: item.id,
    sku: item.sku,
    productId: item.productId,
    name: item.name,
    quantity: item.quantity,
    unitPrice: { includingVat: item.unitPrice.includingVat, excludingVat: item.unitPrice.excludingVat },
    vatRate: item.vatRate,
    total: { includingVat: item.total.includingVat, excludingVat: item.total.excludingVat },
    imageUrl: imageUrlOf(item.image, configuration, clientId),
    productUrl: productUrlOf(item.productId, configuration),
  });
}

/**
 * The order's cart: `reference` = basket id, the lines, `total` = the basket's items total
 * (delivery is a shipping, never part of the cart), `attributes` = the platform's currency id
 * and commerce client id.
 */
export function mapCart(basket: Basket, configuration: Presentation): OrderCart {
  return {
    reference: basket.id,
    items: basket.items.map((item) => mapItem(item, configuration, basket.clientId)),
    total: { includingVat: basket.itemsTotal.includingVat, excludingVat: basket.itemsTotal.excludingVat },
    attributes: { currencyId: basket.currencyId, commerceClientId: basket.clientId },
  };
}

/** Id of the shipping mapped from the basket's delivery (stable, so a re-read compares equal). */
export const deliveryShippingId = (delivery: Pick<BasketDelivery, 'deliveryMethodId'>) => `commerce-delivery-${delivery.deliveryMethodId}`;

/** The order a shipping belongs to: the spec's Shipping carries its tenant and order id. */
export interface ShippingOwner {
  merchant: string;
  channel: string;
  orderId: string;
}

/** The owner of an order's shippings. */
export const shippingOwnerOf = (order: Pick<OrderDocument, 'id' | 'merchant' | 'channel'>): ShippingOwner => ({ merchant: order.merchant, channel: order.channel, orderId: order.id });

/**
 * Full-control mode: the basket's delivery (chosen in the commerce platform) as the order's
 * shippings, with every field of the spec's Shipping the basket knows (`tmsReference`,
 * `deliveryDetails` and `addons` have no source in a basket delivery, so they are left out).
 * The external method 128 is not a choice made in the commerce platform (only the checkout sets
 * it), so it maps to no shipping.
 */
export function mapDeliveryToShippings(delivery: BasketDelivery | null, owner: ShippingOwner): Shipping[] {
  if (!delivery || delivery.deliveryMethodId === EXTERNAL_DELIVERY_METHOD_ID) return [];
  return [
    compact({
      id: deliveryShippingId(delivery),
      merchant: owner.merchant,
      channel: owner.channel,
      orderId: owner.orderId,
      adapterId: COMMERCE_ADAPTER_ID,
      state: 'intent',
      reference: delivery.reference ?? String(delivery.deliveryMethodId),
      name: delivery.name,
      total: { includingVat: delivery.price.includingVat, excludingVat: delivery.price.excludingVat },
      vatRate: delivery.vatRate,
      attributes: { deliveryMethodId: delivery.deliveryMethodId },
    }),
  ];
}

/**
 * Managed mode: the checkout's shippings as the body of the external delivery (method 128).
 * One shipping is taken as it is; several are summed into one delivery line (name joined, VAT
 * rate of the first); none is delivery at price 0.
 */
export function mapShippingsToDelivery(shippings: readonly Shipping[]): Omit<DeliveryInput, 'deliveryMethodId'> {
  if (shippings.length === 0) return { priceIncVat: 0 };
  const names = shippings.map((shipping) => (typeof shipping.name === 'string' ? shipping.name : '')).filter(Boolean);
  const first = shippings[0]!;
  return compact({
    name: names.join(' + ').slice(0, 200) || undefined,
    priceIncVat: toAmount(sum(shippings.map((shipping) => shipping.total?.includingVat ?? 0))),
    vatRate: typeof first.vatRate === 'number' ? first.vatRate : undefined,
    reference: shippings.length === 1 ? first.id : undefined,
  });
}

/** The person fields of a buyer, on every address that lacks them. */
function personOf(buyer: Buyer): Partial<Address> {
  return compact({ givenName: buyer.givenName, familyName: buyer.familyName, email: buyer.email, phone: buyer.phone });
}

/**
 * The order's customer from the basket's buyer: `type`, `billing` (the billing address with the
 * buyer's name, email, phone and national id where the address has none; just those when the
 * buyer has no billing address) and `shipping`.
 */
export function mapBuyerToCustomer(buyer: Buyer | null): Customer {
  if (!buyer) return {};
  const person = personOf(buyer);
  const billingBase = compact({ ...person, nationalIdentificationNumber: buyer.nationalIdentificationNumber });
  const billing = buyer.billing ? compact({ type: 'person', ...billingBase, ...compact(buyer.billing) }) : Object.keys(billingBase).length > 0 ? { type: 'person', ...billingBase } : undefined;
  const shipping = buyer.shipping ? compact({ type: 'person', givenName: person.givenName, familyName: person.familyName, ...compact(buyer.shipping) }) : undefined;
  return compact({ type: buyer.type ?? 'person', billing, shipping });
}

const ADDRESS_FIELDS = ['givenName', 'familyName', 'streetAddress', 'streetAddress2', 'postalCode', 'city', 'region', 'country', 'phone', 'email'] as const;

/** An order address as a commerce address, or null unless it has street, postal code, city and country. */
export function toCommerceAddress(address: Address | undefined): CommerceAddress | null {
  if (!address?.streetAddress || !address.postalCode || !address.city || !address.country) return null;
  return compact(Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, address[field]]))) as unknown as CommerceAddress;
}

/** The buyer the commerce platform gets from the order's customer (pushed on changes, sent with the purchase). */
export function mapCustomerToBuyer(customer: Customer | undefined): Buyer {
  const billing = customer?.billing;
  const shipping = customer?.shipping;
  return {
    type: 'person',
    ...compact({
      givenName: billing?.givenName ?? shipping?.givenName,
      familyName: billing?.familyName ?? shipping?.familyName,
      email: billing?.email ?? shipping?.email,
      phone: billing?.phone ?? shipping?.phone,
      nationalIdentificationNumber: billing?.nationalIdentificationNumber,
    }),
    billing: toCommerceAddress(billing),
    shipping: toCommerceAddress(shipping),
  };
}

/**
 * The customer after re-reading the buyer: the buyer's addresses replace the order's, keeping
 * what the commerce platform cannot hold (`attributes`); an address the buyer lacks is kept.
 */
export function mergeCustomer(current: Customer | undefined, fromBuyer: Customer): Customer {
  const merge = (existing: Address | undefined, incoming: Address | undefined) =>
    incoming ? compact({ ...incoming, attributes: existing?.attributes }) : existing;
  return compact({
    type: fromBuyer.type ?? current?.type,
    billing: merge(current?.billing, fromBuyer.billing),
    shipping: merge(current?.shipping, fromBuyer.shipping),
  });
}

/** The order's country: the buyer's billing (else shipping) country, else `country.defaultCountry`. */
export function countryOf(buyer: Buyer | null, configuration: Pick<CommerceAdapterConfiguration, 'country'>): string | undefined {
  return buyer?.billing?.country ?? buyer?.shipping?.country ?? configuration.country?.defaultCountry;
}
