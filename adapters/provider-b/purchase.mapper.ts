// Mapping between the order and provider B's purchase (Avarda Checkout 3's shapes): lines and prefill out, the shopper's data back.
import { createHash } from 'node:crypto';
import { money } from '../kit/platform.js';
import type { Address, OrderDocument, Shipping } from '../kit/order-contract.js';
import { sameAmount, subtractAmounts, sumAmounts } from '../../contracts/amount.js';
import { isActivePayment } from '../../contracts/allocation.js';
import type { AvardaAddress, Purchase, PurchaseItem, ShopperPrefill } from './provider-b-api.client.js';
import { modeData } from './purchase-steps.rules.js';
import { PROVIDER_B_ADAPTER_ID } from './provider-b.types.js';

/**
 * Mapping between the order and provider B's purchase. Order → provider: the lines the shopper
 * pays for and what the shop already knows of the shopper (the prefill). Provider → order: what
 * the shopper entered in the embedded checkout (user inputs, addresses, the shipping broker's
 * option, the newsletter box), read from the provider, never from a callback body.
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

/** Avarda's limit on an item's description and notes (its Magento module cuts both at 35: Gateway/Request/Item/ProductDataBuilder.php). */
const ITEM_TEXT_MAX = 35;
const cut = (value: string, max: number) => (value.length > max ? value.slice(0, max).trimEnd() : value);

/**
 * A line as Avarda publishes an item: `amount` and `taxAmount` per unit, `quantity`, `notes` the
 * reference, `taxCode` the VAT percentage; description and notes cut to 35 characters. A line
 * whose total does not divide into whole cents per unit is sent as one unit ("3 × Socks"), so the
 * purchase's total stays the order's to the cent.
 */
export function publishedItem(line: Line): PurchaseItem {
  const unit = money(line.total).dividedBy(line.quantity);
  const unitTax = money(line.tax).dividedBy(line.quantity);
  const perUnit = Number.isInteger(line.quantity) && line.quantity > 0 && cents(unit) && cents(unitTax);
  const net = subtractAmounts(line.total, line.tax);
  const taxCode = net === 0 ? '0' : String(money(line.tax).dividedBy(net).times(100).toDecimalPlaces(0).toNumber());
  const notes = cut(line.reference, ITEM_TEXT_MAX);
  return perUnit
    ? { description: cut(line.description, ITEM_TEXT_MAX), notes, amount: unit.toNumber(), taxCode, taxAmount: unitTax.toNumber(), quantity: line.quantity }
    : { description: cut(`${line.quantity} × ${line.description}`, ITEM_TEXT_MAX), notes, amount: line.total, taxCode, taxAmount: line.tax, quantity: 1 };
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
export const returnItem = (reference: string, amount: number): PurchaseItem => ({ description: 'Refund', notes: cut(reference, ITEM_TEXT_MAX), amount, taxCode: '0', taxAmount: 0, quantity: 1 });

/**
 * Avarda's published limits on the shopper's fields (Checkout 3 "Error codes": names and street at
 * most 40 characters, city 30, a postal code of digits, a valid e-mail and phone): a prefill field
 * past them is left out rather than refused, so the shopper types it in the form.
 */
const PREFILL_LIMITS: Record<string, (value: string) => boolean> = {
  firstName: (value) => value.length <= 40,
  lastName: (value) => value.length <= 40,
  address1: (value) => value.length <= 40,
  address2: (value) => value.length <= 40,
  city: (value) => value.length <= 30,
  zip: (value) => /^\d{3} ?\d{1,2}$/.test(value),
  country: (value) => /^[A-Z]{2}$/.test(value),
  phone: (value) => /^\+?[0-9 ()-]{5,20}$/.test(value),
  email: (value) => value.length <= 200 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
};
/** The fields of an object the limits let through (empty ones dropped); undefined when none is left. */
function within<T extends Record<string, unknown>>(fields: T): Partial<T> | undefined {
  const kept = Object.entries(fields).filter(([key, value]) => typeof value === 'string' && value.trim() !== '' && (PREFILL_LIMITS[key]?.(value.trim()) ?? true));
  return kept.length > 0 ? (Object.fromEntries(kept.map(([key, value]) => [key, (value as string).trim()])) as Partial<T>) : undefined;
}
const avardaAddress = (from: Address | undefined) =>
  from ? within({ firstName: from.givenName, lastName: from.familyName, address1: from.streetAddress, address2: from.streetAddress2, zip: from.postalCode, city: from.city, country: from.country }) : undefined;
/** Whether the shipping address is another than the billing one (the fields Avarda's Magento module compares: Model/Data/AddressBuilder.php). */
const differs = (billing: Address | undefined, shipping: Address | undefined) =>
  Boolean(shipping) && (['givenName', 'familyName', 'streetAddress', 'streetAddress2', 'city', 'postalCode', 'country'] as const).some((field) => (billing?.[field] ?? '') !== (shipping?.[field] ?? ''));

/**
 * What the shop already knows of the shopper, as initialize payment's `b2C` prefill (the fields
 * Avarda's own modules send: Gateway/Request/B2cDataBuilder.php, Krokedil's
 * class-aco-helper-customer.php): the invoicing address from the order's billing, the e-mail and
 * phone, and a delivery address only when the shipping address is another. `differentDelivery`
 * is `checkoutSetup.differentDeliveryAddress` to go with it.
 */
export function prefillFrom(customer: OrderDocument['customer']): { b2C?: ShopperPrefill; differentDelivery: 'Checked' | 'Unchecked' } {
  const billing = customer.billing;
  const other = Boolean(billing) && differs(billing, customer.shipping);
  const invoicingAddress = avardaAddress(billing ?? customer.shipping);
  const deliveryAddress = other ? avardaAddress(customer.shipping) : undefined;
  const userInputs = within({ email: billing?.email ?? customer.shipping?.email, phone: billing?.phone ?? customer.shipping?.phone });
  const b2C = { ...(invoicingAddress ? { invoicingAddress } : {}), ...(deliveryAddress ? { deliveryAddress: { ...deliveryAddress, ...within({ phone: customer.shipping?.phone }) } } : {}), ...(userInputs ? { userInputs } : {}) };
  return { ...(Object.keys(b2C).length > 0 ? { b2C } : {}), differentDelivery: deliveryAddress ? 'Checked' : 'Unchecked' };
}

const present = (value: string | null | undefined) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
const address = (fields: Record<string, unknown>): Address | undefined => {
  const kept = Object.entries(fields).filter(([, value]) => value !== undefined && value !== null && value !== '');
  return kept.some(([key]) => key !== 'type') ? (Object.fromEntries(kept) as Address) : undefined;
};

/** Whether the purchase holds anything of the shopper (an e-mail, phone or invoicing address field). */
export function hasShopper(purchase: Purchase): boolean {
  const data = modeData(purchase);
  return [data.userInputs?.email, data.userInputs?.phone, ...Object.values(data.invoicingAddress ?? {})].some((value) => present(value as string | null | undefined) !== undefined);
}

/**
 * The order's customer from the purchase, read as Avarda's Magento module reads it
 * (Gateway/Response/GetPaymentStatusHandler.php): `billing` = the invoicing address with the
 * user inputs' e-mail and phone (a company's contact person's names, B2B); `shipping` = the
 * delivery address when it names a recipient (its postal code, city and country else the
 * invoicing address's; its phone and e-mail else the user inputs'), else the billing address.
 */
export function customerFrom(purchase: Purchase, current: OrderDocument['customer']): OrderDocument['customer'] {
  const data = modeData(purchase);
  const company = purchase.mode === 'B2B';
  const type = company ? 'company' : 'person';
  const invoicing: AvardaAddress = data.invoicingAddress ?? {};
  const inputs = data.userInputs ?? {};
  const billing = address({
    type,
    givenName: present(company ? data.customerInfo?.firstName : invoicing.firstName),
    familyName: present(company ? data.customerInfo?.lastName : invoicing.lastName),
    streetAddress: present(invoicing.address1),
    streetAddress2: present(invoicing.address2),
    postalCode: present(invoicing.zip),
    city: present(invoicing.city),
    country: present(invoicing.country),
    email: present(inputs.email),
    phone: present(inputs.phone),
    ...(company && present(invoicing.name) ? { attributes: { companyName: present(invoicing.name) } } : {}),
  });
  const delivery: AvardaAddress = data.deliveryAddress ?? {};
  const shipping = present(delivery.firstName)
    ? address({
        type,
        givenName: present(delivery.firstName),
        familyName: present(delivery.lastName),
        streetAddress: present(delivery.address1),
        streetAddress2: present(delivery.address2),
        postalCode: present(delivery.zip) ?? present(invoicing.zip),
        city: present(delivery.city) ?? present(invoicing.city),
        country: present(delivery.country) ?? present(invoicing.country),
        phone: present(delivery.phone) ?? present(inputs.phone),
        email: present(delivery.email) ?? present(inputs.email),
      })
    : billing;
  return { ...current, type: billing ? type : (current.type ?? type), ...(billing ? { billing } : {}), ...(shipping ? { shipping } : {}) };
}

/** The consents the shopper gave in the provider's form: the newsletter box checked (`step.emailNewsletterSubscription`). */
export const consentsFrom = (purchase: Purchase): Record<string, boolean> => (modeData(purchase).step?.emailNewsletterSubscription === 'Checked' ? { newsletter: true } : {});

/**
 * The order's shipping for the option the shopper chose in the shipping broker's form: the active
 * module with a selected option in the purchase's `Modules` (Ingrid's fields, as Krokedil's
 * integration reads them: class-aco-shipping.php) — its price incl. VAT, product name and carrier.
 * The broker answers no VAT, so its rate is the configuration's (`checkout.shippingVatRate`).
 */
export function shippingFrom(purchase: Purchase, order: OrderDocument, vatRate: number): Shipping | undefined {
  const module = (purchase.Modules ?? []).find((candidate) => candidate?.selected_shipping_option && (candidate.status ?? 'ACTIVE') === 'ACTIVE');
  const price = num(module?.shipping_price);
  if (!module || price === undefined) return undefined;
  const option = module.selected_shipping_option!;
  const reference = text(option.shipping_method, text(module.id, 'shipping'));
  const name = text(module.result?.shipping?.product, text(module.result?.category?.name, text(option.product, 'Shipping')));
  const excludingVat = round2(money(price).dividedBy(1 + vatRate));
  return {
    id: `${PROVIDER_B_ADAPTER_ID}-${reference}`,
    merchant: order.merchant,
    channel: order.channel,
    orderId: order.id,
    adapterId: PROVIDER_B_ADAPTER_ID,
    state: 'intent',
    reference,
    name,
    total: { includingVat: price, excludingVat },
    vatRate,
    deliveryDetails: { ...(option.carrier ? { carrier: option.carrier } : {}), product: { reference, name } },
    attributes: { providerShippingOption: reference },
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
