import { money } from '../kit/platform.js';
import type { Address, OrderDocument, Shipping } from '../kit/order-contract.js';
import { PROVIDER_A_ADAPTER_ID, type ProviderAConfiguration, type ProviderAddress, type ProviderAmounts, type ProviderLine, type ProviderShippingOption, type ShippingOptionConfig } from './provider-a.types.js';

/**
 * Order ↔ provider, as pure functions: the order's major-unit decimals and VAT fractions become
 * integer minor units and basis points; the provider's shipping option and addresses come back
 * as the order's shipping and customer.
 */

/** Major units (249.9) → minor units (24990), exactly. */
export const toMinor = (amount: number): number => money(amount).times(100).toDecimalPlaces(0).toNumber();
/** Minor units → major units. */
export const toMajor = (minor: number): number => money(minor).dividedBy(100).toNumber();
/** A VAT fraction (0.25) → basis points (2500). */
export const toBasisPoints = (rate: number): number => money(rate).times(10_000).toDecimalPlaces(0).toNumber();

/** The tax inside a gross amount at a rate in basis points, in minor units. */
export const taxOf = (gross: number, rateBp: number): number => gross - Math.round((gross * 10_000) / (10_000 + rateBp));

/** Id of the shipping this adapter puts on an order (one at a time). */
export const SHIPPING_ID = `${PROVIDER_A_ADAPTER_ID}-shipping`;

interface CartItemLike {
  id: string;
  sku?: unknown;
  name?: unknown;
  quantity?: unknown;
  unitPrice?: unknown;
  vatRate?: unknown;
  total?: unknown;
}

const priceOf = (value: unknown): number | undefined =>
  typeof value === 'number' ? value : typeof (value as { includingVat?: unknown })?.includingVat === 'number' ? (value as { includingVat: number }).includingVat : undefined;

/** One cart item as a provider line: its total incl. VAT, split into unit price × quantity when it divides evenly. */
export function itemLine(item: CartItemLike): ProviderLine {
  const quantity = typeof item.quantity === 'number' && item.quantity > 0 ? item.quantity : 1;
  const unit = priceOf(item.unitPrice);
  const total = priceOf(item.total) ?? (unit === undefined ? 0 : money(unit).times(quantity).toNumber());
  const totalMinor = toMinor(total);
  const rate = typeof item.vatRate === 'number' ? toBasisPoints(item.vatRate) : 0;
  const evenly = totalMinor % quantity === 0;
  return {
    type: 'physical',
    reference: String(item.sku ?? item.id),
    name: typeof item.name === 'string' && item.name !== '' ? item.name : String(item.id),
    quantity: evenly ? quantity : 1,
    unit_price: evenly ? totalMinor / quantity : totalMinor,
    tax_rate: rate,
    total_amount: totalMinor,
    total_tax_amount: taxOf(totalMinor, rate),
  };
}

/** A shipping option of the configuration as the provider takes it. */
export function providerOption(option: ShippingOptionConfig): ProviderShippingOption {
  const rate = option.taxRate ?? 0;
  return {
    id: option.id,
    name: option.name,
    ...(option.description ? { description: option.description } : {}),
    price: option.price,
    tax_amount: option.taxAmount ?? taxOf(option.price, rate),
    tax_rate: rate,
    ...(option.preselected ? { preselected: true } : {}),
    ...(option.shippingMethod ? { shipping_method: option.shippingMethod } : {}),
  };
}

/** The order's shippings as provider lines (type `shipping_fee`). */
export function shippingLines(order: Pick<OrderDocument, 'shippings'>): ProviderLine[] {
  return order.shippings.map((shipping) => {
    const gross = toMinor(shipping.total?.includingVat ?? 0);
    const rate = typeof shipping.vatRate === 'number' ? toBasisPoints(shipping.vatRate) : 0;
    return {
      type: 'shipping_fee',
      reference: typeof shipping.reference === 'string' ? shipping.reference : shipping.id,
      name: typeof shipping.name === 'string' ? shipping.name : 'Shipping',
      quantity: 1,
      unit_price: gross,
      tax_rate: rate,
      total_amount: gross,
      total_tax_amount: taxOf(gross, rate),
    };
  });
}

/** Whether checkout orders carry the configured shipping options (the provider's shipping assistant picks the shipping). */
export const offersShippingOptions = (configuration: Pick<ProviderAConfiguration, 'providesShipping' | 'shippingOptions'>): boolean =>
  Boolean(configuration.providesShipping && configuration.shippingOptions?.length);

/**
 * The lines and amounts of the provider session for a payment covering `amount`: the cart and
 * the shippings, and — when other payments (a gift card) cover part of the total, or the lines
 * do not add up to it — one line of the difference, so the session always charges the payment's amount.
 * `providerShipping`: what the merchant sends on create and update while the provider offers the
 * shipping options — without the option's line, which the provider adds (so its order comes to the same amount).
 */
export function sessionAmounts(order: Pick<OrderDocument, 'cart' | 'shippings'>, amount: number, options: { providerShipping?: boolean } = {}): ProviderAmounts {
  // With the shipping assistant the provider adds the selected option as a `shipping_fee` line itself: sending it too would count it twice.
  const kept = options.providerShipping ? order.shippings.filter((shipping) => shipping.id !== SHIPPING_ID) : order.shippings;
  const addedByProvider = order.shippings.filter((shipping) => !kept.includes(shipping)).reduce((sum, shipping) => sum + toMinor(shipping.total?.includingVat ?? 0), 0);
  const lines = [...order.cart.items.map((item) => itemLine(item)), ...shippingLines({ shippings: kept })];
  const linesTotal = lines.reduce((sum, line) => sum + line.total_amount, 0);
  const difference = toMinor(amount) - addedByProvider - linesTotal;
  if (difference !== 0) {
    lines.push({
      type: difference < 0 ? 'discount' : 'surcharge',
      reference: 'other-payments',
      name: difference < 0 ? 'Paid with other payments' : 'Adjustment',
      quantity: 1,
      unit_price: difference,
      tax_rate: 0,
      total_amount: difference,
      total_tax_amount: 0,
    });
  }
  return {
    order_amount: lines.reduce((sum, line) => sum + line.total_amount, 0),
    order_tax_amount: lines.reduce((sum, line) => sum + line.total_tax_amount, 0),
    order_lines: lines,
  };
}

/** The order's shipping for a provider option: minor units → the order's decimals, basis points → a fraction. */
export function shippingOf(order: Pick<OrderDocument, 'id' | 'merchant' | 'channel'>, option: ProviderShippingOption): Shipping {
  return {
    id: SHIPPING_ID,
    merchant: order.merchant,
    channel: order.channel,
    orderId: order.id,
    adapterId: PROVIDER_A_ADAPTER_ID,
    state: 'intent',
    reference: option.id,
    name: option.name,
    total: { includingVat: toMajor(option.price), excludingVat: toMajor(option.price - option.tax_amount) },
    vatRate: money(option.tax_rate).dividedBy(10_000).toNumber(),
    deliveryDetails: { ...(option.shipping_method ? { carrier: option.shipping_method } : {}), product: { reference: option.id, name: option.name } },
    attributes: { providerOptionId: option.id, ...(option.shipping_method ? { shippingMethod: option.shipping_method } : {}), ...(option.description ? { description: option.description } : {}) },
  };
}

/** The provider's address fields and the order's. */
const ADDRESS_FIELDS: Array<[keyof ProviderAddress, keyof Address]> = [
  ['given_name', 'givenName'],
  ['family_name', 'familyName'],
  ['email', 'email'],
  ['phone', 'phone'],
  ['street_address', 'streetAddress'],
  ['street_address2', 'streetAddress2'],
  ['postal_code', 'postalCode'],
  ['city', 'city'],
  ['region', 'region'],
  ['country', 'country'],
];

/** A provider address as the order's (fields the provider left out stay out). */
export function addressOf(address: ProviderAddress | null | undefined): Address | undefined {
  if (!address) return undefined;
  const mapped: Address = { type: 'person' };
  for (const [from, to] of ADDRESS_FIELDS) if (typeof address[from] === 'string' && address[from] !== '') (mapped as Record<string, string>)[to] = address[from]!;
  return mapped;
}

/** The order's address as the provider's (what the shopper already gave: the hosted page starts from it); none when empty. */
export function providerAddressOf(address: Address | null | undefined): ProviderAddress | undefined {
  if (!address) return undefined;
  const mapped: ProviderAddress = {};
  for (const [to, from] of ADDRESS_FIELDS) {
    const value = (address as Record<string, unknown>)[from];
    if (typeof value === 'string' && value !== '') mapped[to] = value;
  }
  return Object.keys(mapped).length > 0 ? mapped : undefined;
}

/** The provider's locale for an order's culture (`nb-NO`; a bare language gets the order's country). */
export function localeOf(order: Pick<OrderDocument, 'culture' | 'country'>): string {
  const culture = order.culture ?? 'en-US';
  if (/^[a-z]{2}-[A-Z]{2}$/.test(culture)) return culture;
  const language = /^[a-z]{2}/.exec(culture)?.[0] ?? 'en';
  return order.country ? `${language}-${order.country}` : language;
}

