import { money, sum, toAmount } from '../kit/platform.js';
import type { Address, OrderDocument } from '../kit/order-contract.js';
import type { ProviderAddress, ProviderCartLine, ProviderOrder } from './provider-c.types.js';

/**
 * Order → provider: the cart lines and shippings as the provider's lines (major units incl.
 * VAT). The provider's order must cost exactly what the payment covers: when other payments (a
 * gift card) cover part of the order, one more line takes their part off.
 */
export function providerLines(order: OrderDocument, amount: number): ProviderCartLine[] {
  const lines: ProviderCartLine[] = order.cart.items.map((item) => itemLine(item as Record<string, unknown>));
  order.shippings.forEach((shipping, index) => {
    const price = shipping.total?.includingVat ?? 0;
    lines.push({
      ArticleNumber: `shipping-${shipping.id || index}`,
      Name: typeof shipping.name === 'string' && shipping.name ? shipping.name : 'Shipping',
      Quantity: 1,
      UnitPrice: price,
      VatPercent: vatPercent(typeof shipping.vatRate === 'number' ? shipping.vatRate : undefined, shipping.total),
      Type: 'ShippingFee',
    });
  });
  const total = sum(lines.map((line) => money(line.UnitPrice).times(line.Quantity).toString()));
  const rest = money(amount).minus(total);
  if (!rest.isZero()) {
    lines.push({ ArticleNumber: 'other-payments', Name: rest.isNegative() ? 'Paid with other payment methods' : 'Adjustment', Quantity: 1, UnitPrice: toAmount(rest), VatPercent: 0, Type: 'Discount' });
  }
  return lines;
}

function itemLine(item: Record<string, unknown>): ProviderCartLine {
  const quantity = typeof item.quantity === 'number' && item.quantity > 0 ? item.quantity : 1;
  const total = item.total as { includingVat?: number; excludingVat?: number } | undefined;
  const unit = typeof item.unitPrice === 'number' ? item.unitPrice : (item.unitPrice as { includingVat?: number } | undefined)?.includingVat;
  const name = [item.name, item.sku, item.id].find((value): value is string => typeof value === 'string' && value !== '') ?? 'Item';
  const article = [item.sku, item.productId, item.id].find((value): value is string => typeof value === 'string' && value !== '') ?? 'item';
  const vat = vatPercent(typeof item.vatRate === 'number' ? item.vatRate : undefined, total);
  if (unit !== undefined) return { ArticleNumber: article, Name: name, Quantity: quantity, UnitPrice: unit, VatPercent: vat };
  return { ArticleNumber: article, Name: name, Quantity: 1, UnitPrice: total?.includingVat ?? 0, VatPercent: vat };
}

/** VAT in percent from a fraction (0.25 → 25), else from a total's incl./excl. amounts, else 0. */
function vatPercent(rate: number | undefined, total?: { includingVat?: number; excludingVat?: number }): number {
  if (rate !== undefined) return toAmount(money(rate).times(100).toDecimalPlaces(2));
  if (total?.includingVat && total.excludingVat) return toAmount(money(total.includingVat).dividedBy(total.excludingVat).minus(1).times(100).toDecimalPlaces(0));
  return 0;
}

/** The order's locale for the provider: the configured one, else the culture (nb-NO), else en-US. */
export function providerLocale(order: OrderDocument, configured?: string): string {
  const candidate = configured ?? order.culture ?? '';
  return /^[a-z]{2}-[A-Z]{2}$/.test(candidate) ? candidate : 'en-US';
}

/** Provider → order: an address the shopper entered in the iframe, as the spec's address. */
export function orderAddress(address: ProviderAddress | null, customer: ProviderOrder['Customer']): Address | undefined {
  if (!address) return undefined;
  const fields: Address = {
    type: customer.IsCompany ? 'company' : 'person',
    givenName: address.FirstName ?? undefined,
    familyName: address.LastName ?? undefined,
    streetAddress: address.StreetAddress ?? undefined,
    streetAddress2: address.CoAddress ?? undefined,
    postalCode: address.PostalCode ?? undefined,
    city: address.City ?? undefined,
    country: address.CountryCode ?? undefined,
    email: customer.EmailAddress ?? undefined,
    phone: customer.PhoneNumber ?? undefined,
    ...(customer.IsCompany && customer.CompanyName ? { attributes: { companyName: customer.CompanyName } } : {}),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && value !== '')) as Address;
}

/** The customer as the provider has it: billing and delivery address. */
export function orderCustomer(providerOrder: ProviderOrder): OrderDocument['customer'] {
  const billing = orderAddress(providerOrder.BillingAddress, providerOrder.Customer);
  const shipping = orderAddress(providerOrder.ShippingAddress, providerOrder.Customer) ?? billing;
  return { type: providerOrder.Customer.IsCompany ? 'company' : 'person', ...(billing ? { billing } : {}), ...(shipping ? { shipping } : {}) };
}

/** The shopper's chosen shipping option as the order's one shipping of this adapter. */
export function orderShipping(providerOrder: ProviderOrder, adapterId: string, vatRate: number): OrderDocument['shippings'][number] | undefined {
  const option = providerOrder.SelectedShippingOption;
  if (!option) return undefined;
  const excluding = toAmount(money(option.Price).dividedBy(money(1).plus(vatRate)).toDecimalPlaces(2));
  return {
    id: `${adapterId}-shipping`,
    adapterId,
    name: option.Name,
    reference: option.Id,
    state: 'intent',
    total: { includingVat: option.Price, excludingVat: excluding },
    vatRate,
  };
}
