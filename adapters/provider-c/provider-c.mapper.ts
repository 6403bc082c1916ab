import { money, sum, toAmount } from '../kit/platform.js';
import type { Address, OrderDocument } from '../kit/order-contract.js';
import type { CustomerInformation, ShippingMethod } from './provider-c.client.js';
import type { CheckoutShippingMethod, CustomerAddress, OrderItem, QliroOrder } from './provider-c.types.js';

/** A price excl. VAT from one incl. VAT and the rate in percent, two decimals. */
const excludingVat = (including: number, ratePercent: number) => toAmount(money(including).dividedBy(money(1).plus(money(ratePercent).dividedBy(100))));

/**
 * Order → provider: the cart lines and shippings as the provider's items (prices per item incl.
 * and excl. VAT, major units, `VatRate` in percent). The provider's order must cost exactly what
 * the payment covers: when other payments (a gift card) cover part of the order, one `Discount`
 * item takes their part off (a discount costs 0 or less, as published). A shipping chosen in the
 * provider's checkout keeps its method's reference, so the provider still knows it as chosen.
 * With `subscription`, product items carry the published subscription tag.
 */
export function orderItems(order: OrderDocument, amount: number, options: { adapterId: string; subscription?: boolean }): OrderItem[] {
  const items: OrderItem[] = order.cart.items.map((item) => itemOf(item as Record<string, unknown>, options.subscription === true));
  order.shippings.forEach((shipping, index) => {
    const price = shipping.total?.includingVat ?? 0;
    const rate = vatPercent(typeof shipping.vatRate === 'number' ? shipping.vatRate : undefined, shipping.total);
    const own = shipping.adapterId === options.adapterId && typeof shipping.reference === 'string' && shipping.reference !== '';
    items.push({
      MerchantReference: own ? (shipping.reference as string) : `shipping-${shipping.id || index}`,
      Description: typeof shipping.name === 'string' && shipping.name ? shipping.name : 'Shipping',
      Type: 'Shipping',
      Quantity: 1,
      PricePerItemIncVat: price,
      PricePerItemExVat: shipping.total?.excludingVat ?? excludingVat(price, rate),
      VatRate: rate,
    });
  });
  const total = sum(items.map((item) => money(item.PricePerItemIncVat).times(item.Quantity).toString()));
  const rest = money(amount).minus(total);
  if (!rest.isZero()) {
    const value = toAmount(rest);
    items.push({ MerchantReference: 'other-payments', Description: rest.isNegative() ? 'Paid with other payment methods' : 'Adjustment', Type: rest.isNegative() ? 'Discount' : 'Fee', Quantity: 1, PricePerItemIncVat: value, PricePerItemExVat: value, VatRate: 0 });
  }
  return items;
}

function itemOf(item: Record<string, unknown>, subscription: boolean): OrderItem {
  const quantity = typeof item.quantity === 'number' && item.quantity > 0 ? item.quantity : 1;
  const total = item.total as { includingVat?: number; excludingVat?: number } | undefined;
  const unit = typeof item.unitPrice === 'number' ? item.unitPrice : (item.unitPrice as { includingVat?: number } | undefined)?.includingVat;
  const name = [item.name, item.sku, item.id].find((value): value is string => typeof value === 'string' && value !== '') ?? 'Item';
  const reference = [item.sku, item.productId, item.id].find((value): value is string => typeof value === 'string' && value !== '') ?? 'item';
  const rate = vatPercent(typeof item.vatRate === 'number' ? item.vatRate : undefined, total);
  const [count, price] = unit !== undefined ? [quantity, unit] : [1, total?.includingVat ?? 0];
  return {
    MerchantReference: reference,
    Description: name,
    Type: price < 0 ? 'Discount' : 'Product',
    Quantity: count,
    PricePerItemIncVat: price,
    PricePerItemExVat: excludingVat(price, rate),
    VatRate: rate,
    ...(subscription ? { Metadata: { Subscription: { Enabled: true } } } : {}),
  };
}

/** VAT in percent from a fraction (0.25 → 25), else from a total's incl./excl. amounts, else 0. */
function vatPercent(rate: number | undefined, total?: { includingVat?: number; excludingVat?: number }): number {
  if (rate !== undefined) return toAmount(money(rate).times(100).toDecimalPlaces(2));
  if (total?.includingVat && total.excludingVat) return toAmount(money(total.includingVat).dividedBy(total.excludingVat).minus(1).times(100).toDecimalPlaces(0));
  return 0;
}

/** The order's language for the provider (its `Language`, e.g. `nb-no`): the configured locale, else the culture, else en-us. */
export function providerLanguage(order: OrderDocument, configured?: string): string {
  const candidate = configured ?? order.culture ?? '';
  return (/^[a-z]{2}-[A-Z]{2}$/.test(candidate) ? candidate : 'en-US').toLowerCase();
}

const defined = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined && field !== '' && field !== null)) as T;

/** Our address as the provider's (prefill and merchant payments): names, street, c/o, postal code, city, company. */
export function providerAddress(address: Address | undefined): CustomerAddress | undefined {
  if (!address) return undefined;
  const company = address.attributes?.companyName;
  const mapped = defined({
    FirstName: address.givenName,
    LastName: address.familyName,
    CompanyName: typeof company === 'string' ? company : undefined,
    Street: address.streetAddress,
    CareOf: address.streetAddress2,
    PostalCode: address.postalCode,
    City: address.city,
  });
  return Object.keys(mapped).length > 0 ? mapped : undefined;
}

/**
 * What the shop already knows of the shopper, as the create request's prefill (`CustomerInformation`):
 * email, phone, whether a company, the billing address (and a delivery address when it differs),
 * nothing locked (the shopper may change any of it in the checkout). Undefined when nothing is known.
 */
export function customerInformation(order: OrderDocument): CustomerInformation | undefined {
  const billing = order.customer?.billing;
  const shipping = order.customer?.shipping;
  const address = providerAddress(billing ?? shipping);
  const delivery = billing && shipping ? providerAddress(shipping) : undefined;
  const differs = delivery !== undefined && JSON.stringify(delivery) !== JSON.stringify(address);
  const info = defined({
    Email: billing?.email ?? shipping?.email,
    MobileNumber: billing?.phone ?? shipping?.phone,
    JuridicalType: order.customer?.type === 'company' || billing?.type === 'company' ? ('Company' as const) : address ? ('Physical' as const) : undefined,
    Address: address,
    ShippingAddress: differs ? delivery : undefined,
  });
  return Object.keys(info).length > 0 ? info : undefined;
}

/** The shop's shipping methods offered in the provider's checkout (`AvailableShippingMethods`), from the configuration. */
export function availableShippingMethods(methods: readonly CheckoutShippingMethod[] | undefined, vatRate: number): ShippingMethod[] | undefined {
  if (!methods || methods.length === 0) return undefined;
  return methods.map((method) => ({ MerchantReference: method.id, DisplayName: method.name, PriceIncVat: method.price, PriceExVat: toAmount(money(method.price).dividedBy(money(1).plus(vatRate))) }));
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined);

/** Provider → order: an address as the provider has it, as the spec's address. */
export function orderAddress(address: CustomerAddress | null | undefined, read: QliroOrder): Address | undefined {
  if (!address) return undefined;
  const company = read.Customer?.JuridicalType === 'Company';
  const fields: Address = {
    type: company ? 'company' : 'person',
    givenName: text(address.FirstName),
    familyName: text(address.LastName),
    streetAddress: text(address.Street),
    streetAddress2: text(address.CareOf) ?? text(address.Street2),
    postalCode: text(address.PostalCode),
    city: text(address.City),
    country: text(read.Country),
    email: text(read.Customer?.Email),
    phone: text(read.Customer?.MobileNumber),
    ...(company && text(address.CompanyName) ? { attributes: { companyName: text(address.CompanyName) } } : {}),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Address;
}

/** The customer as the provider has it: billing and delivery address (the billing address when no delivery address differs). */
export function orderCustomer(read: QliroOrder): OrderDocument['customer'] {
  const billing = orderAddress(read.BillingAddress, read);
  const shipping = orderAddress(read.ShippingAddress, read) ?? billing;
  return { type: read.Customer?.JuridicalType === 'Company' ? 'company' : 'person', ...(billing ? { billing } : {}), ...(shipping ? { shipping } : {}) };
}

/**
 * The shipping the shopper chose in the provider's checkout: the order's `Shipping` item whose
 * reference is one of the shop's methods offered there, as the order's one shipping of this
 * adapter. Undefined when the shopper chose none of them.
 */
export function chosenShipping(read: QliroOrder, adapterId: string, methods: readonly CheckoutShippingMethod[] | undefined, vatRate: number): OrderDocument['shippings'][number] | undefined {
  const offered = new Map((methods ?? []).map((method) => [method.id, method]));
  const item = (read.OrderItems ?? []).find((candidate) => candidate.Type === 'Shipping' && offered.has(candidate.MerchantReference));
  if (!item) return undefined;
  const including = toAmount(money(item.PricePerItemIncVat).times(item.Quantity));
  const rate = typeof item.VatRate === 'number' ? toAmount(money(item.VatRate).dividedBy(100)) : vatRate;
  return {
    id: `${adapterId}-shipping`,
    adapterId,
    name: item.Description || offered.get(item.MerchantReference)!.name,
    reference: item.MerchantReference,
    state: 'intent',
    total: { includingVat: including, excludingVat: toAmount(money(item.PricePerItemExVat).times(item.Quantity)) },
    vatRate: rate,
  };
}

/** What the items cost together (incl. VAT). */
export const itemsTotal = (items: readonly OrderItem[]): number => toAmount(sum(items.map((item) => money(item.PricePerItemIncVat).times(item.Quantity).toString())));
