import { money } from '../kit/platform.js';
import type { OrderDocument, PaymentDocument } from '../kit/order-contract.js';
import type { MinorAmount, ProviderDConfiguration } from './provider-d.types.js';
import { recurringFieldsOf, type BrowserSubmit } from './drop-in-submit.rules.js';

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

const fill = (template: string, order: OrderDocument) =>
  template.replaceAll('{orderId}', encodeURIComponent(order.id)).replaceAll('{merchant}', encodeURIComponent(order.merchant)).replaceAll('{channel}', encodeURIComponent(order.channel));

/** The adapter's own resting page for a shopper coming back from the provider when the channel configures no address. */
export const RETURN_PATH = '/api/checkout/v1/callback/provider-d/return';

/**
 * Where a redirect action comes back (`returnUrl`, required by the provider's `/payments`):
 * `redirectUrls.returnUrl`, else the checkout page, else `fallback` (the adapter's own
 * `{publicUrl}${RETURN_PATH}` when the caller passes it).
 */
export function returnUrlOf(configuration: ProviderDConfiguration, order: OrderDocument, fallback?: string): string | undefined {
  const template = configuration.redirectUrls?.returnUrl ?? configuration.redirectUrls?.checkoutUrl;
  return template ? fill(template, order) : fallback && `${fallback}?orderId=${encodeURIComponent(order.id)}`;
}

/** Ties provider events back to the payment: echoed by the provider in webhooks (`additionalData.metadata.*`). */
export function metadataOf(order: OrderDocument, payment: PaymentDocument): Record<string, string> {
  return { merchant: order.merchant, channel: order.channel, orderId: order.id, paymentId: payment.id };
}

/**
 * `/payments` for the drop-in's submit: the browser's allow-listed fields (drop-in-submit.rules.ts)
 * and what only the order may say — amount, reference, return address, shopper, recurring model,
 * country, locale, metadata — set by the adapter. A browser never chooses the amount or the shopper.
 */
export function paymentRequestOf(submit: BrowserSubmit, order: OrderDocument, payment: PaymentDocument, configuration: ProviderDConfiguration, returnFallback?: string): Record<string, unknown> {
  const returnUrl = returnUrlOf(configuration, order, returnFallback);
  return {
    ...submit.fields,
    ...recurringFieldsOf(submit, shopperReferenceOf(order)),
    amount: toMinor(payment.amount, payment.currency ?? order.currency),
    reference: order.id,
    ...(returnUrl ? { returnUrl } : {}),
    ...(order.country ? { countryCode: order.country } : {}),
    ...(order.culture ? { shopperLocale: order.culture } : {}),
    metadata: metadataOf(order, payment),
  };
}
