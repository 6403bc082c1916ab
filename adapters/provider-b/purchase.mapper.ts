import { createHash } from 'node:crypto';
import { money } from '../kit/platform.js';
import type { Address, OrderDocument, Shipping } from '../kit/order-contract.js';
import { sameAmount, subtractAmounts, sumAmounts } from '../../contracts/amount.js';
import { isActivePayment } from '../../contracts/allocation.js';
import type { Purchase, PurchaseAddress, PurchaseItem } from './provider-b-api.client.js';
import { PROVIDER_B_ADAPTER_ID } from './provider-b.types.js';

/**
 * Mapping between the order and provider B's purchase. Order → provider: the lines the shopper
 * pays for. Provider → order: what the shopper entered in the embedded checkout (customer,
 * addresses, shipping option, consents), read from the provider, never from a callback body.
 */

const round2 = (value: ReturnType<typeof money>) => value.toDecimalPlaces(2).toNumber();
const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const incl = (value: unknown): number | undefined => num(value) ?? num((value as { includingVat?: unknown } | undefined)?.includingVat);
const excl = (value: unknown): number | undefined => num((value as { excludingVat?: unknown } | undefined)?.excludingVat);
const text = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() !== '' ? value : fallback);

/** A line as the order has it: its total incl. VAT and the VAT in it (before it becomes a published item, per unit). */
interface Line {
  reference: string;
  description: string;
  quantity: number;
  total: number;
  tax: number;
}

/** One cart item as a line: its total incl. VAT (`total`, else `unitPrice × quantity`), and its VAT. */
function itemLine(item: OrderDocument['cart']['items'][number]): Line | undefined {
  const quantity = num(item.quantity) ?? 1;
  const total = incl(item.total) ?? (incl(item.unitPrice) === undefined ? undefined : round2(money(incl(item.unitPrice)!).times(quantity)));
  if (total === undefined) return undefined;
  const excluding = excl(item.total);
  const vatRate = num(item.vatRate);
  const tax = excluding !== undefined ? subtractAmounts(total, excluding) : vatRate !== undefined ? round2(money(total).minus(money(total).dividedBy(1 + vatRate))) : 0;
  return { reference: text(item.sku, item.id), description: text(item.name, item.id), quantity, total, tax };
}

function shippingLine(shipping: Shipping): Line | undefined {
  if (!shipping.total) return undefined;
  return { reference: `shipping-${shipping.id}`, description: text(shipping.name, 'Shipping'), quantity: 1, total: shipping.total.includingVat, tax: subtractAmounts(shipping.total.includingVat, shipping.total.excludingVat) };
}

/** Whole cents: a per-unit amount the provider can take as it is. */
const cents = (value: ReturnType<typeof money>) => value.times(100).isInteger();

/**
 * A line as Avarda publishes an item: `amount` and `taxAmount` per unit, `quantity`, `notes` the
 * reference, `taxCode` the VAT percentage. A line whose total does not divide into whole cents per
 * unit is sent as one unit ("3 × Socks"), so the purchase's total stays the order's to the cent.
 */
export function publishedItem(line: Line): PurchaseItem {
  const unit = money(line.total).dividedBy(line.quantity);
  const unitTax = money(line.tax).dividedBy(line.quantity);
  const perUnit = Number.isInteger(line.quantity) && line.quantity > 0 && cents(unit) && cents(unitTax);
  const net = subtractAmounts(line.total, line.tax);
  const taxCode = net === 0 ? '0' : String(money(line.tax).dividedBy(net).times(100).toDecimalPlaces(0).toNumber());
  return perUnit
    ? { description: line.description, notes: line.reference, amount: unit.toNumber(), taxCode, taxAmount: unitTax.toNumber(), quantity: line.quantity }
    : { description: `${line.quantity} × ${line.description}`, notes: line.reference, amount: line.total, taxCode, taxAmount: line.tax, quantity: 1 };
}

/** What items come to: amount × quantity, summed. */
export const itemsTotal = (items: readonly PurchaseItem[]) => sumAmounts(items.map((item) => round2(money(item.amount).times(item.quantity))));

/**
 * The items of a purchase covering `amount`: the cart's items (one line for the whole cart when
 * the items do not add up to its total: items are free-form on the order) and the shippings; when
 * other payments (a gift card) cover part of the order, one negative line for that part, so the
 * purchase's total is exactly the payment's amount.
 */
export function purchaseItems(order: OrderDocument, amount: number): PurchaseItem[] {
  const lines = order.cart.items.map(itemLine);
  const kept: Line[] =
    lines.every((line): line is Line => line !== undefined) && lines.length > 0 && sameAmount(sumAmounts(lines.map((line) => line.total)), order.cart.total.includingVat)
      ? lines
      : [{ reference: text(order.cart.reference, order.id), description: `Order ${order.id}`, quantity: 1, total: order.cart.total.includingVat, tax: subtractAmounts(order.cart.total.includingVat, order.cart.total.excludingVat) }];
  for (const shipping of order.shippings) {
    const line = shippingLine(shipping);
    if (line) kept.push(line);
  }
  const others = subtractAmounts(sumAmounts(kept.map((line) => line.total)), amount);
  if (!sameAmount(others, 0)) kept.push({ reference: 'other-payments', description: 'Paid with other payments', quantity: 1, total: -others, tax: 0 });
  return kept.map(publishedItem);
}

/** One returned line for `amount` (a refund of an amount, not of items): no VAT split is known for it. */
export const returnItem = (orderId: string, amount: number): PurchaseItem => ({ description: 'Refund', notes: orderId, amount, taxCode: '0', taxAmount: 0, quantity: 1 });

const address = (from: PurchaseAddress | null | undefined, extra: Partial<Address> = {}): Address | undefined => {
  if (!from) return undefined;
  const fields = Object.fromEntries(Object.entries({ type: 'person', ...from, ...extra }).filter(([, value]) => value !== undefined && value !== null && value !== ''));
  return fields as Address;
};

/**
 * The order's customer from the purchase: `shipping` = the delivery address, `billing` = the
 * invoicing address when the shopper gave one, else the delivery address; the customer's e-mail,
 * phone and names fill what an address leaves out.
 */
export function customerFrom(purchase: Purchase, current: OrderDocument['customer']): OrderDocument['customer'] {
  const c = purchase.customer ?? {};
  const person = { givenName: c.givenName, familyName: c.familyName, email: c.email, phone: c.phone, ...(c.nationalIdentificationNumber ? { nationalIdentificationNumber: c.nationalIdentificationNumber } : {}) };
  const withPerson = (from: PurchaseAddress | null) => (from ? address({ ...person, ...from }, { type: c.type ?? 'person' }) : undefined);
  const shipping = withPerson(purchase.deliveryAddress) ?? current.shipping;
  const billing = withPerson(purchase.invoicingAddress) ?? withPerson(purchase.deliveryAddress) ?? (purchase.customer ? address(person, { type: c.type ?? 'person' }) : undefined) ?? current.billing;
  return { ...current, type: c.type ?? current.type ?? 'person', ...(billing ? { billing } : {}), ...(shipping ? { shipping } : {}) };
}

/** The order's shipping for the option the shopper chose at the provider (VAT from its rate, default none). */
export function shippingFrom(purchase: Purchase, order: OrderDocument): Shipping | undefined {
  const option = purchase.shippingOption;
  if (!option) return undefined;
  const vatRate = option.vatRate ?? 0;
  const excludingVat = round2(money(option.amount).dividedBy(1 + vatRate));
  return {
    id: `${PROVIDER_B_ADAPTER_ID}-${option.id}`,
    merchant: order.merchant,
    channel: order.channel,
    orderId: order.id,
    adapterId: PROVIDER_B_ADAPTER_ID,
    state: 'intent',
    reference: option.id,
    name: option.name,
    total: { includingVat: option.amount, excludingVat },
    vatRate,
    deliveryDetails: { ...(option.carrier ? { carrier: option.carrier } : {}), product: { reference: option.id, name: option.name } },
    attributes: { providerShippingOption: option.id },
  };
}

/**
 * What validate promises process: the cart, the shippings, the total and what each payment
 * covers. Process refuses when any of it changed in between (a cart edited in another tab).
 */
export function orderFingerprint(order: OrderDocument): string {
  const shape = {
    cart: order.cart,
    shippings: order.shippings.map((s) => ({ id: s.id, total: s.total ?? null })),
    total: order.total,
    payments: order.payments.filter(isActivePayment).map((p) => ({ id: p.id, amount: p.amount })),
  };
  return createHash('sha256').update(JSON.stringify(shape)).digest('base64url');
}
