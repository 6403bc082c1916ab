import { money } from '../kit/platform.js';
import { fillTemplate, orderValues } from '../kit/index.js';
import type { Address, OrderDocument, PaymentDocument } from '../kit/order-contract.js';
import type { MinorAmount, PaymentRequest, ProviderDConfiguration } from './provider-d.types.js';
import { isOrigin, recurringFieldsOf, type BrowserSubmit } from './drop-in-submit.rules.js';
import { defined } from './defined.js';

/**
 * The provider's minor-unit exponents that are not 2 — its published currency-codes table, not
 * ISO 4217: the provider counts CVE and IDR in whole units (ISO: 2) and CLP and ISK in hundredths
 * (ISO: 0), so those two are absent here. BIF is not on the provider's table; ISO's 0 is kept.
 */
const EXPONENTS: Record<string, number> = Object.fromEntries([
  ...['BIF', 'CVE', 'DJF', 'GNF', 'IDR', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF'].map((code) => [code, 0]),
  ...['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND'].map((code) => [code, 3]),
]);
/** How many decimals the provider counts a currency's amounts in (its currency-codes table). */
export const exponentOf = (currency: string) => EXPONENTS[currency] ?? 2;

/** An order amount (major units, a decimal) as provider D wants it: an integer in minor units. */
export function toMinor(amount: number, currency: string): MinorAmount {
  return { value: money(amount).times(10 ** exponentOf(currency)).toDecimalPlaces(0).toNumber(), currency };
}

/** A provider amount back in major units (for logs and webhooks; never written to the order). */
export function toMajor(amount: MinorAmount): number {
  return money(amount.value).dividedBy(10 ** exponentOf(amount.currency)).toNumber();
}

/** The shopper reference of the order, when the storefront put one on the customer (attributes.shopperReference). */
export function shopperReferenceOf(order: OrderDocument): string | undefined {
  const reference = order.customer?.billing?.attributes?.shopperReference;
  return typeof reference === 'string' && reference.length >= 3 ? reference : undefined;
}


/** The adapter's own resting page for a shopper coming back from the provider when the channel configures no address. */
export const RETURN_PATH = '/api/checkout/v1/callback/provider-d/return';

/**
 * Where a redirect action comes back (`returnUrl`, required by the provider's `/payments`):
 * `redirectUrls.returnUrl`, else the checkout page, else `fallback` (the adapter's own
 * `{publicUrl}${RETURN_PATH}`).
 */
export function returnUrlOf(configuration: ProviderDConfiguration, order: OrderDocument, fallback: string): string {
  const template = configuration.redirectUrls?.returnUrl ?? configuration.redirectUrls?.checkoutUrl;
  return template ? fillTemplate(template, orderValues(order)) : `${fallback}?orderId=${encodeURIComponent(order.id)}`;
}

/** Ties provider events back to the payment: echoed by the provider in webhooks (`additionalData.metadata.*`). */
export function metadataOf(order: OrderDocument, payment: PaymentDocument): Record<string, string> {
  return { merchant: order.merchant, channel: order.channel, orderId: order.id, paymentId: payment.id };
}

/** What the adapter knows of the shopper's side of a submit, beside the order: the address the request came from (shopper-ip.ts). */
export interface ShopperContext {
  shopperIP?: string;
}

/**
 * The shopper's details the provider asks for 3-D Secure 2 (and its risk checks), from the order's
 * customer as the published `PaymentRequest` shapes them: `shopperEmail`, `shopperName`,
 * `telephoneNumber` and `billingAddress` from the billing address (email and phone from the
 * shipping address when billing has none), `deliveryAddress` from the shipping address. Each only
 * when the order has what the shape requires: an address needs street, postal code, city and
 * country; a name both parts; a telephone number the international form (`+` and 5 to 18 digits,
 * spaces and dashes dropped) — the provider does not submit another form for authentication.
 */
export function shopperDetailsOf(order: OrderDocument): Pick<PaymentRequest, 'shopperEmail' | 'shopperName' | 'telephoneNumber' | 'billingAddress' | 'deliveryAddress'> {
  const { billing, shipping } = order.customer ?? {};
  const email = text(billing?.email) ?? text(shipping?.email);
  const phone = internationalPhone(billing?.phone) ?? internationalPhone(shipping?.phone);
  const firstName = text(billing?.givenName);
  const lastName = text(billing?.familyName);
  const billingAddress = addressOf(billing);
  const delivery = addressOf(shipping);
  return defined({
    shopperEmail: email,
    shopperName: firstName && lastName ? { firstName: firstName.slice(0, 80), lastName: lastName.slice(0, 80) } : undefined,
    telephoneNumber: phone,
    billingAddress,
    deliveryAddress: delivery && defined({ ...delivery, firstName: text(shipping?.givenName), lastName: text(shipping?.familyName) } satisfies NonNullable<PaymentRequest['deliveryAddress']>),
  } satisfies Partial<PaymentRequest>);
}

const text = (value: string | undefined) => (typeof value === 'string' && value.trim().length > 0 ? value.trim() : undefined);

/** `+4791234567` from `+47 912 34 567` or `0047-912 34 567`; undefined when it is not in the international form. */
function internationalPhone(value: string | undefined): string | undefined {
  const compact = text(value)?.replace(/[\s().-]/g, '').replace(/^00/, '+');
  return compact && /^\+\d{5,18}$/.test(compact) ? compact : undefined;
}

/**
 * An order address as the provider's `BillingAddress`: the street and the house number apart (the
 * provider wants them so), read from `streetAddress` — a number at its end (`Storgata 1`, `Main
 * St 12B`) or its start (`12 Main St`); none found, the street as written and the house number
 * empty. A second address line goes with the house number. Undefined without street, postal code,
 * city or country.
 */
function addressOf(address: Address | undefined): NonNullable<PaymentRequest['billingAddress']> | undefined {
  const streetAddress = text(address?.streetAddress);
  const postalCode = text(address?.postalCode);
  const city = text(address?.city);
  const country = text(address?.country);
  if (!address || !streetAddress || !postalCode || !city || !country) return undefined;
  const trailing = /^(.*\S)\s+(\d+[A-Za-z]?(?:\s*[-/]\s*\d+[A-Za-z]?)?)$/.exec(streetAddress);
  const leading = trailing ? null : /^(\d+[A-Za-z]?)\s+(\S.*)$/.exec(streetAddress);
  const [street, number] = trailing ? [trailing[1]!, trailing[2]!] : leading ? [leading[2]!, leading[1]!] : [streetAddress, ''];
  const houseNumberOrName = [number, text(address.streetAddress2)].filter(Boolean).join(', ');
  const region = text(address.region);
  return defined({ street, houseNumberOrName, postalCode, city, country, stateOrProvince: region } satisfies NonNullable<PaymentRequest['billingAddress']>);
}

/** The checkout page's origin when the channel configures the page (the drop-in runs there): the merchant's word, not the browser's. */
function configuredOrigin(configuration: ProviderDConfiguration): string | undefined {
  const page = configuration.redirectUrls?.checkoutUrl;
  if (!page) return undefined;
  try {
    const origin = new URL(page.replaceAll(/\{(orderId|merchant|channel)\}/g, 'x')).origin;
    return isOrigin(origin) ? origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `/payments` for the drop-in's submit: the browser's allow-listed fields (drop-in-submit.rules.ts)
 * and what only the order and the server may say — amount, reference, return address, shopper,
 * recurring model, country, locale, metadata, the shopper's details for 3-D Secure 2 (from the
 * order), the shopper's IP (from the request, shopper-ip.ts), `channel: Web` and the checkout
 * page's `origin` (from the configuration, else the drop-in's) — set by the adapter. A browser
 * never chooses the amount, the shopper or their details.
 */
export function paymentRequestOf(submit: BrowserSubmit, order: OrderDocument, payment: PaymentDocument, configuration: ProviderDConfiguration, shopper: ShopperContext, returnFallback: string): Omit<PaymentRequest, 'merchantAccount'> {
  return {
    ...submit.fields,
    ...recurringFieldsOf(submit, shopperReferenceOf(order)),
    ...shopperDetailsOf(order),
    ...defined({
      shopperIP: shopper.shopperIP,
      channel: 'Web',
      origin: configuredOrigin(configuration) ?? submit.fields.origin,
      amount: toMinor(payment.amount, payment.currency ?? order.currency),
      reference: order.id,
      returnUrl: returnUrlOf(configuration, order, returnFallback),
      countryCode: order.country,
      shopperLocale: order.culture,
      metadata: metadataOf(order, payment),
    } satisfies Partial<PaymentRequest>),
  };
}
