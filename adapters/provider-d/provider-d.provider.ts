import { AppError } from '../kit/platform.js';
import { fillTemplate, operationKey, withTransaction, type LifecycleCall, type PaymentProvider, type ProviderCall, type ProviderResult, type ProviderSession } from '../kit/index.js';
import { idempotencyKeyFor, ProviderDError, type ProviderDClients } from './provider-d-api.client.js';
import { shopperReferenceOf, toMinor } from './provider-d.mapper.js';
import { defined } from './defined.js';
import type { DropinSession, PaymentMethodsRequest, ProviderDConfiguration } from './provider-d.types.js';
import { parseWebhook, refundEventKey, WEBHOOK_ACK, type WebhookRouting } from './provider-d.webhook.js';

/** The webhook's address at the adapter (configure it at provider D for the merchant account). */
export const PROVIDER_D_WEBHOOK_PATH = '/api/checkout/v1/callback/provider-d/webhooks';

/** What the drop-in needs now: the methods for the payment's current amount (re-read every time). */
async function dropinSession(clientOf: ProviderDClients, { order, configuration, payment }: ProviderCall<ProviderDConfiguration>): Promise<{ session: DropinSession; request: unknown }> {
  const amount = toMinor(payment.amount, payment.currency ?? order.currency);
  const shopperReference = shopperReferenceOf(order);
  // The methods a web drop-in can show (channel Web), for the order's country, locale and shopper.
  const request = defined({ amount, channel: 'Web', countryCode: order.country, shopperReference, shopperLocale: order.culture } satisfies Omit<PaymentMethodsRequest, 'merchantAccount'>);
  const methods = await clientOf(configuration).paymentMethods(request);
  return {
    request,
    session: {
      paymentId: payment.id,
      clientKey: configuration.apiSettings.clientKey,
      locale: configuration.locale ?? order.culture ?? 'en-US',
      environment: configuration.apiSettings.environment,
      amount,
      paymentMethodsResponse: { paymentMethods: methods.paymentMethods ?? [], storedPaymentMethods: methods.storedPaymentMethods ?? [] },
      paymentMethodsConfiguration: configuration.paymentMethodsConfiguration ?? {},
      ...(configuration.dropin?.scriptUrl ? { scriptUrl: configuration.dropin.scriptUrl } : {}),
      ...(configuration.dropin?.stylesheetUrl ? { stylesheetUrl: configuration.dropin.stylesheetUrl } : {}),
    },
  };
}

/** A modification at provider D (capture, refund, cancel): answered "received"; its webhook settles the payment. */
async function modify(clientOf: ProviderDClients, call: LifecycleCall<ProviderDConfiguration>, kind: 'captures' | 'refunds' | 'cancels', amount?: number): Promise<ProviderResult> {
  const { payment, configuration, order } = call;
  const psp = payment.reference;
  if (!psp) throw new AppError(409, 'payment_not_at_provider', `Payment ${payment.id} was never sent to provider D; there is nothing to ${kind.slice(0, -1)}.`);
  // The modification's own reference: the provider echoes it as its webhook's merchantReference (the webhook is routed by originalReference).
  const reference = `${payment.id}:${kind}`;
  const minor = amount === undefined ? undefined : toMinor(amount, payment.currency ?? order.currency);
  const body = minor === undefined ? { reference } : { amount: minor, reference };
  // One key per platform operation (its capture, its cancel, each refund): a retried call — the answer lost — is
  // replayed by the provider, not made twice; a second refund of the same amount is another operation, another key.
  const key = idempotencyKeyFor(`${operationKey(call)}:${kind}`, body);
  const client = clientOf(configuration);
  const sent =
    kind === 'cancels' ? client.cancel(psp, { reference }, key)
    : minor === undefined ? Promise.reject(new AppError(400, 'amount_required', `A ${kind.slice(0, -1)} names its amount.`))
    : kind === 'captures' ? client.capture(psp, { amount: minor, reference }, key)
    : client.refund(psp, { amount: minor, reference }, key);
  const answer = await sent.catch((error: unknown) => {
    if (!(error instanceof ProviderDError)) throw error;
    // The provider refused (4xx: the platform shows the message) or failed (5xx, unreachable: retried where the platform retries).
    const refused = error.status !== undefined && error.status < 500;
    const failure = new AppError(refused ? 409 : 502, refused ? 'provider_refused' : 'provider_unavailable', error.message, { errorDetail: error.message });
    throw withTransaction(failure, { event: call.callback, pspEvent: kind, ...(amount === undefined ? {} : { amount }), isSuccess: false, pspStatus: String(error.status ?? 'unreachable'), requestJson: body, responseJson: error.body ?? null, errorDetail: error.message });
  });
  const pspStatus = `${kind.slice(0, -1)}-${answer.status}`;
  // A refund is reported by its REFUND webhook (keyed as parseWebhook keys it): the platform records the refund under
  // that key, so the webhook, before or after, adds nothing again.
  return { pspStatus, ...(kind === 'refunds' ? { eventKey: refundEventKey(answer.pspReference) } : {}), transaction: { event: call.callback, pspEvent: kind, ...(amount === undefined ? {} : { amount }), isSuccess: true, pspStatus, requestJson: body, responseJson: answer } };
}

/**
 * Provider D on the kit's provider contract (docs/adapters/provider-d.md): create and GET list
 * the drop-in's methods (no provider session: the payment is an `intent` until the shopper
 * submits), so no amountChanged: the platform keeps the payment at its share and the next GET
 * lists methods for the new amount; capture / cancel / refund are modifications, and the signed
 * webhook settles them.
 * The drop-in's submit and details and the subscription endpoint are the adapter's own routes.
 */
export const providerD = (clientOf: ProviderDClients, routing: WebhookRouting): PaymentProvider<ProviderDConfiguration, DropinSession> => ({
  name: 'Card and wallets',

  async createSession(call): Promise<ProviderSession<DropinSession>> {
    const { session, request } = await dropinSession(clientOf, call);
    return { response: session, requestJson: { paymentMethods: request }, responseJson: session.paymentMethodsResponse, pspStatus: 'methods-listed' };
  },

  async readSession(call) {
    return (await dropinSession(clientOf, call)).session;
  },

  // No amountChanged: no session is held at the provider before the submit, so the platform keeps the payment at its share itself.

  capture: (call) => modify(clientOf, call, 'captures', call.payment.amount),
  cancel: (call) => modify(clientOf, call, 'cancels'),
  refund: (call) => modify(clientOf, call, 'refunds', call.request.amount),

  webhook: {
    path: PROVIDER_D_WEBHOOK_PATH,
    parse: (request, configurationFor) => parseWebhook(request, configurationFor, routing),
    ack: WEBHOOK_ACK,
  },

  // No checkout page configured: back to the shop's root (the kit's default would answer 404).
  checkoutPageUrl: (configuration, query) => fillTemplate(configuration.redirectUrls?.checkoutUrl ?? '/', query),
});
