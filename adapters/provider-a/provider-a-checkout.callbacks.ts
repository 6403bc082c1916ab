import type { FastifyRequest } from 'fastify';
import { AppError, type Tenant } from '../kit/platform.js';
import type { OrderDocument } from '../kit/order-contract.js';
import { PlatformCallError, chosenAtProvider, fillTemplate, orderValues } from '../kit/index.js';
import { restToCover } from '../../contracts/allocation.js';
import { tenantOfSigned, type ProviderAContext } from './provider-a.context.js';
import { addressOf, providerOption, sessionAmounts, SHIPPING_ID, shippingOf, toMinor } from './provider-a.mapping.js';
import { refusalMessage, type RefusalReason } from './provider-a.messages.js';
import type { CheckoutOrder, ProviderAConfiguration, ProviderAmounts } from './provider-a.types.js';

/**
 * Spec rule 2, the provider's shipping-option update: the chosen option (as configured, never
 * as the provider's body prices it) replaces the order's shipping, the payment covers the new
 * rest, and the provider is answered the new amounts.
 */
export async function onShippingOptionUpdate(context: ProviderAContext, tenant: Tenant, orderId: string, paymentId: string, body: Partial<CheckoutOrder>): Promise<ProviderAmounts & { purchase_currency: string }> {
  const { kit } = context;
  const [order, configuration] = await Promise.all([kit.orders.getOrder(tenant, orderId), kit.configuration.get(tenant)]);
  const payment = kit.ownPayment(order, paymentId);
  if (payment.state !== 'intent' || order.state.currentStatus !== 'checkout') {
    throw new AppError(409, 'payment_not_changeable', `Payment ${paymentId} is ${payment.state} and order ${orderId} is ${order.state.currentStatus}; the shipping can no longer change.`);
  }
  // Only the option's id is taken from the provider's body; its currency must be the order's.
  if (body.purchase_currency !== undefined && body.purchase_currency !== order.currency) {
    throw new AppError(400, 'currency_mismatch', `The session's currency ${String(body.purchase_currency)} is not order ${orderId}'s ${order.currency}.`);
  }
  const chosen = body.selected_shipping_option?.id;
  const option = configuration.shippingOptions?.find((candidate) => candidate.id === chosen);
  if (!option) throw new AppError(400, 'unknown_shipping_option', `Shipping option ${String(chosen)} is not configured for this channel.`);
  const shipped = await kit.orders.replaceShippings(tenant, orderId, chosenAtProvider(order, [shippingOf(order, providerOption(option))]));
  const amount = restToCover(shipped, paymentId);
  await kit.payments.updatePayment(tenant, orderId, paymentId, { amount });
  // The answer carries the whole cart, the shipping fee as a line (as published for this callback), and the currency it requires.
  const amounts = { purchase_currency: order.currency, ...sessionAmounts(shipped, amount) };
  await context.mounted.log(tenant, orderId, paymentId, { event: 'update', pspEvent: 'shipping-option-update', amount, isSuccess: true, requestJson: { selected_shipping_option: body.selected_shipping_option }, responseJson: amounts });
  return amounts;
}

/**
 * The provider's published way to deny a purchase at validation: 303 with `Location`, where it
 * sends the shopper (the configured error page, else the checkout page). The body (ignored by the
 * provider) says why, in the order's language.
 */
const refusal = (order: OrderDocument, configuration: ProviderAConfiguration, reason: RefusalReason, detail?: string) => ({
  status: 303,
  headers: { location: fillTemplate(configuration.redirectUrls.validationErrorUrl ?? configuration.redirectUrls.checkoutUrl, orderValues(order)) },
  body: { code: reason, message: refusalMessage(order.culture, reason, detail) },
});

/**
 * Whether the session the shopper is buying is the order as it stands: amount, currency, the
 * lines of the order, and (shipping assistant) the selected option being the order's shipping.
 */
function sessionMatches(order: OrderDocument, amount: number, session: Partial<CheckoutOrder>): boolean {
  const expected = sessionAmounts(order, amount);
  const shipping = order.shippings.find((candidate) => candidate.id === SHIPPING_ID);
  const optionMatches = !shipping || !session.selected_shipping_option || session.selected_shipping_option.id === shipping.reference;
  return session.order_amount === toMinor(amount) && session.order_amount === expected.order_amount && session.purchase_currency === order.currency && optionMatches;
}

/**
 * Spec rule 3, the provider's validation call (the shopper pressed buy; `{adapter_url}/callback/validation`,
 * signed): the session is checked against the order, the order is validated, the shopper's
 * addresses are written, and the order moves to `processing` with the payment `processing`.
 * 200 approves; a refusal is the published 303 to the error page.
 */
export async function onValidation(context: ProviderAContext, request: FastifyRequest): Promise<{ status: number; body: unknown; headers?: Record<string, string> }> {
  const { kit } = context;
  const tenant = tenantOfSigned(kit, request);
  const { orderId, paymentId } = request.query as { orderId?: string; paymentId?: string };
  if (!orderId || !paymentId) throw new AppError(400, 'invalid_request', 'The validation address names no order or payment.');
  const session = (request.body ?? {}) as Partial<CheckoutOrder>;
  const [order, configuration] = await Promise.all([kit.orders.getOrder(tenant, orderId), kit.configuration.get(tenant)]);
  const payment = kit.ownPayment(order, paymentId);
  const refuse = async (reason: RefusalReason, detail?: string) => {
    await context.mounted.log(tenant, orderId, paymentId, { event: 'validate', pspEvent: 'validation', amount: payment.amount, isSuccess: false, pspStatus: reason, errorDetail: detail ?? reason, requestJson: { order_id: session.order_id, order_amount: session.order_amount } });
    return refusal(order, configuration, reason, detail);
  };
  // The provider retried a validation it already got approved.
  if (order.state.currentStatus === 'processing' && payment.state === 'processing') return { status: 200, body: {} };
  if (order.state.currentStatus !== 'checkout' || payment.state !== 'intent') return refuse('not_in_checkout');
  if (session.order_id !== payment.reference || !sessionMatches(order, payment.amount, session)) return refuse('order_changed');

  const billing = addressOf(session.billing_address);
  const shipping = addressOf(session.shipping_address) ?? billing;
  try {
    if (billing) await kit.orders.setAddress(tenant, orderId, 'billing', billing);
    if (shipping) await kit.orders.setAddress(tenant, orderId, 'shipping', shipping);
    const validation = await kit.orders.validate(tenant, orderId);
    if (!validation.valid) return refuse('order_invalid', JSON.stringify(validation.failures));
    await kit.orders.changeStatus(tenant, orderId, 'processing');
  } catch (error) {
    if (error instanceof PlatformCallError && error.httpStatus !== undefined && error.httpStatus < 500) {
      return refuse(error.code === 'order_invalid' ? 'order_invalid' : 'refused_by_shop', error.message);
    }
    throw error;
  }
  await kit.payments.updatePayment(tenant, orderId, paymentId, { state: 'processing' });
  await context.mounted.log(tenant, orderId, paymentId, { event: 'validate', pspEvent: 'validation', amount: payment.amount, isSuccess: true, pspStatus: 'approved', requestJson: { order_id: session.order_id, order_amount: session.order_amount } });
  return { status: 200, body: {} };
}
