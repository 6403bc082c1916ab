import { notFound } from '../../platform/errors/app-error.js';
import type { OrderDocument, PaymentDocument } from '../../contracts/order.types.js';

/** The placeholders a configured page address may hold (a provider's `checkoutUrl`, `confirmationUrl`, `termsUrl`, …). */
export interface TemplateValues {
  orderId?: string;
  paymentId?: string;
  merchant?: string;
  channel?: string;
}

/**
 * A configured address with its `{orderId}`, `{paymentId}`, `{merchant}` and `{channel}` filled
 * (each value URL-encoded; a placeholder without a value becomes empty). Other braces stay as
 * they are. The one filler of every adapter (docs/adapter-kit.md, "Pages and return addresses").
 */
export function fillTemplate(template: string, values: TemplateValues): string {
  return template.replace(/\{(orderId|paymentId|merchant|channel)\}/g, (_match, name: keyof TemplateValues) => encodeURIComponent(values[name] ?? ''));
}

/** The values of an order for `fillTemplate`: its id and tenant. */
export const orderValues = (order: Pick<OrderDocument, 'id' | 'merchant' | 'channel'>, paymentId?: string): TemplateValues => ({
  orderId: order.id,
  merchant: order.merchant,
  channel: order.channel,
  ...(paymentId === undefined ? {} : { paymentId }),
});

/** The adapter's own payment `paymentId` on the order; any other (another adapter's, none) is 404 `payment_not_found`. */
export function ownPayment(order: OrderDocument, adapterId: string, paymentId: string): PaymentDocument {
  const payment = order.payments.find((p) => p.id === paymentId && p.adapterId === adapterId);
  if (!payment) throw notFound(`Order ${order.id} has no ${adapterId} payment ${paymentId}.`, 'payment_not_found');
  return payment;
}
