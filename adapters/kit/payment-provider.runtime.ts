import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Tenant } from '../../platform/auth/principal.js';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import { empty, errors, json } from '../../platform/http/api-docs.schemas.js';
import type { PaymentDocument } from '../../contracts/order.types.js';
import { PAYMENT_CALLBACKS, type PaymentCallbackName, type PaymentCallbackRequest } from '../../contracts/callbacks.types.js';
import { UNLIMITED, shareOfNewPayment, withinLimit } from '../../contracts/allocation.js';
import { sameAmount } from '../../contracts/amount.js';
import type { AdapterKit } from './adapter-kit.js';
import { createPayment } from './create-payment.flow.js';
import { fillTemplate, type TemplateValues } from './order-address.rules.js';
import type { PaymentProvider, ProviderResult } from './payment-provider.js';
import type { TransactionLog } from './payment-api.client.js';
import { mountProviderWebhook } from './provider-webhook.runtime.js';
import { chosenAtAProvider, shopShippingsOf } from './provider-shipping.rules.js';

/** Where the runtime mounts a provider's routes beyond the spec's standard ones. */
export interface MountOptions {
  /**
   * The path of `{adapter_url}` at this adapter's origin (default `''`): the contract's storefront
   * routes are `{basePath}/orders/:orderId/payments[/:paymentId[/amount-changed]]` and
   * `{basePath}/callback/cancel|validation`. The `/v0/...` callbacks are always at the origin.
   */
  basePath?: string;
  /** More paths (with `:orderId`) where the create handler is mounted: the provider's spec-specific paths. */
  createPaths?: string[];
  /** More paths (with `:orderId` and `:paymentId`) for the read handler. */
  readPaths?: string[];
  /** The create's status: 201 (default) or 200 (when the provider's contract says so). */
  createStatus?: 200 | 201;
  /** JSON schemas for the API document and validation: the create body (default: anything) and the session answered. */
  schemas?: { createBody?: object; session?: object };
}

/** What a mounted provider gives its adapter's own routes. */
export interface MountedProvider {
  /** The lifecycle callbacks registered on each payment created (the ones the provider implements). */
  callbacks: readonly PaymentCallbackName[];
  /** The callbacks to register on a payment created outside the runtime's create (amountChanged per payment and the lifecycle ones). */
  callbackUrls(orderId: string): NonNullable<PaymentDocument['callbacks']>;
  /** The signed `GET {adapter_url}/callback/cancel` address for a payment (an hour). */
  cancelUrl(tenant: Tenant, orderId: string, paymentId?: string): string;
  /** Logs a transaction on a payment; a failure to log is logged, never thrown. */
  log(tenant: Tenant, orderId: string, paymentId: string, transaction: TransactionLog): Promise<void>;
  /**
   * Gives back at the provider money it reports for a payment the order no longer counts (removed
   * when another payment completed the order, or failed): `cancel` for an authorisation, `refund`
   * for money taken, with the payment as the provider holds it. Logged either way; never thrown.
   */
  voidLate(tenant: Tenant, orderId: string, paymentId: string, held: 'reserved' | 'captured', reference?: string): Promise<void>;
}

type OrderRoute = { Params: { orderId: string }; Body: unknown };
type PaymentRoute = { Params: { orderId: string; paymentId: string }; Body: unknown };

const id = { type: 'string', minLength: 1, maxLength: 128 } as const;
const ORDER_PARAMS = { type: 'object', required: ['orderId'], properties: { orderId: id } } as const;
const PAYMENT_PARAMS = { type: 'object', required: ['orderId', 'paymentId'], properties: { orderId: id, paymentId: id } } as const;
const AMOUNT_BODY = { type: 'object', required: ['amount'], properties: { amount: { type: 'number', minimum: 0, maximum: 100_000_000_000 } } } as const;
const AMOUNT_CHANGED_ANSWER = {
  type: 'object',
  required: ['paymentId', 'amount', 'updated'],
  properties: { paymentId: { type: ['string', 'null'] }, amount: { type: 'number' }, updated: { type: 'boolean' } },
} as const;
const ANY_SESSION = { type: 'object', additionalProperties: true } as const;
const REMOVED_ANSWER = { type: 'object', required: ['paymentId', 'state'], properties: { paymentId: { type: 'string' }, state: { type: 'string' } } } as const;
const upstream = errors(400, 404, 409, 502);

/** The runtime's transaction defaults: `event` / `pspEvent` per step. */
const STEP_EVENTS = { create: ['open', 'create'], amountChanged: ['update', 'amount-changed'], cancelCallback: ['cancel', 'shopper-cancelled'], remove: ['remove', 'remove'] } as const;
/** Payment states the remove route leaves as they are (over already: nothing to take out of the checkout). */
const OVER = ['failed', 'removed', 'cancelled', 'refunded'];

/**
 * Mounts a `PaymentProvider` on an adapter kit (docs/adapter-kit.md, "Payment providers"): the
 * spec's custom-adapter routes with who may call each, the one-commit create, the read of a
 * payment's session and its removal (both declared in the adapter's manifest), the lifecycle
 * callbacks the provider implements (registered on each payment it creates), amountChanged,
 * the cancel and validation callbacks, the webhook, and a transaction logged for every step.
 */
export function mountPaymentProvider<TConfig, TFront>(kit: AdapterKit<TConfig>, provider: PaymentProvider<TConfig, TFront>, options: MountOptions = {}): MountedProvider {
  return mount(kit, provider, options, (create) => provider.createSession(create));
}

/**
 * A provider of part payments that creates its payments itself (a gift card: several per order,
 * each with its own limit, checked at the card system before anything is written, so the
 * one-`intent` create does not fit). Everything of `mountPaymentProvider` but the create route:
 * read, amountChanged, the lifecycle callbacks, cancel and validation callbacks, the webhook.
 * Its own create registers `mounted.callbackUrls(orderId)` on each payment.
 */
export type PartPaymentProvider<TConfig, TFront> = Omit<PaymentProvider<TConfig, TFront>, 'createSession' | 'checkCreate' | 'amount'>;

export function mountPartPaymentProvider<TConfig, TFront>(kit: AdapterKit<TConfig>, provider: PartPaymentProvider<TConfig, TFront>, options: Omit<MountOptions, 'createPaths' | 'createStatus'> = {}): MountedProvider {
  return mount(kit, provider, options, undefined);
}

function mount<TConfig, TFront>(
  kit: AdapterKit<TConfig>,
  provider: PartPaymentProvider<TConfig, TFront> & Partial<Pick<PaymentProvider<TConfig, TFront>, 'checkCreate' | 'amount'>>,
  options: MountOptions,
  createSession: PaymentProvider<TConfig, TFront>['createSession'] | undefined,
): MountedProvider {
  const { app } = kit;
  const base = (options.basePath ?? '').replace(/\/+$/, '');
  const callbacks = PAYMENT_CALLBACKS.filter((name) => typeof provider[name] === 'function');
  // A provider with an amountChanged step keeps a session at its provider: its payments register the callback. The others' amounts are the platform's (docs/adapter-kit.md).
  const keepsSession = typeof provider.amountChanged === 'function';
  const sessionSchema = options.schemas?.session ?? ANY_SESSION;

  const log = async (tenant: Tenant, orderId: string, paymentId: string, transaction: TransactionLog): Promise<void> => {
    await kit.payments.logTransaction(tenant, orderId, paymentId, transaction).catch((error: unknown) => kit.logger.error({ err: error, orderId, paymentId }, 'could not log a provider transaction'));
  };
  const cancelUrl = (tenant: Tenant, orderId: string, paymentId?: string): string => {
    return kit.callbacks.forTenant(`${kit.publicUrl}${base}/callback/cancel`, tenant, { orderId, ...(paymentId ? { paymentId } : {}) }, 3600);
  };

  // Create: the storefront (through the adapter subgraph), a checkout token, an admin.
  const create = async (request: FastifyRequest<OrderRoute>, reply: FastifyReply) => {
    const tenant = kit.fromCaller(request);
    const { orderId } = request.params;
    const body = request.body ?? null;
    const { payment, response } = await createPayment(kit, tenant, orderId, {
      name: provider.name,
      amount: (order) => {
        if (order.state.currentStatus !== 'checkout') {
          throw new AppError(409, 'order_not_in_checkout', `Order ${orderId} is ${order.state.currentStatus}; a payment can only be added in checkout.`);
        }
        return provider.amount?.(order) ?? shareOfNewPayment(order, UNLIMITED);
      },
      check: ({ order, configuration }) => provider.checkCreate?.({ tenant, order, configuration, body }),
      // amountChanged at the spec's order-level address (first creation) when the provider keeps a session to update; the lifecycle callbacks per payment.
      callbacks: () => ({ ...(keepsSession ? { amountChanged: `${kit.publicUrl}/v0/orders/${encodeURIComponent(orderId)}/amount-changed` } : {}), ...kit.paymentCallbacks(orderId, callbacks) }),
      callProvider: ({ order, configuration, payment: draft }) => createSession!({ tenant, order, configuration, payment: draft, body, cancelUrl: cancelUrl(tenant, orderId, draft.id) }),
    });
    return reply
      .status(options.createStatus ?? 201)
      .header('location', `/api/v0/checkout/orders/${encodeURIComponent(orderId)}/payments/${encodeURIComponent(payment.id)}`)
      .send(response);
  };
  const createSchema = { params: ORDER_PARAMS, ...(options.schemas?.createBody ? { body: options.schemas.createBody } : {}), summary: `Create a ${provider.name} payment`, response: { [options.createStatus ?? 201]: json('What the frontend needs (Location: the payment at the order service)', sessionSchema), ...upstream } };
  if (createSession) for (const path of [`${base}/orders/:orderId/payments`, ...(options.createPaths ?? [])]) app.post<OrderRoute>(path, { schema: createSchema }, create);

  // Read: what the frontend needs now.
  const read = async (request: FastifyRequest<PaymentRoute>) => {
    const tenant = kit.fromCaller(request);
    const { orderId, paymentId } = request.params;
    const order = await kit.orders.getOrder(tenant, orderId);
    const payment = kit.ownPayment(order, paymentId);
    const configuration = await kit.configuration.get(tenant);
    return provider.readSession({ tenant, order, configuration, payment, cancelUrl: cancelUrl(tenant, orderId, paymentId) });
  };
  const readSchema = { params: PAYMENT_PARAMS, summary: `Read a ${provider.name} payment`, response: { 200: json('The payment session', sessionSchema), ...upstream } };
  for (const path of [`${base}/orders/:orderId/payments/:paymentId`, ...(options.readPaths ?? [])]) app.get<PaymentRoute>(path, { schema: readSchema }, read);
  kit.declareRoutes({ readPayment: `${base}/orders/{orderId}/payments/{paymentId}` });

  // Remove (a storefront, a checkout token, an admin): the shopper takes the payment out of the checkout (another way to pay).
  if (createSession) {
    const remove = async (request: FastifyRequest<PaymentRoute>) => {
      const tenant = kit.fromCaller(request);
      const { orderId, paymentId } = request.params;
      const order = await kit.orders.getOrder(tenant, orderId);
      const payment = kit.ownPayment(order, paymentId);
      if (order.state.currentStatus !== 'checkout') {
        throw new AppError(409, 'order_not_in_checkout', `Order ${orderId} is ${order.state.currentStatus}; a payment can only be removed in checkout.`);
      }
      let state = payment.state;
      if (!OVER.includes(payment.state)) {
        // Only an open payment: one the provider holds money for (or is deciding on) is cancelled or awaited, never dropped.
        if (payment.state !== 'intent') throw new AppError(409, 'payment_not_changeable', `Payment ${paymentId} is ${payment.state}; only a payment in intent can be removed.`, { paymentId, state: payment.state });
        const [event, pspEvent] = STEP_EVENTS.remove;
        state = (await kit.payments.updatePayment(tenant, orderId, paymentId, { state: 'removed', transaction: { event, pspEvent, amount: payment.amount, isSuccess: true, requestJson: null, responseJson: { state: 'removed' } } })).state;
      }
      // A delivery the shopper picked in this provider's checkout gives way to the shop's choice again, once no payment of this adapter is open.
      const stillOpen = order.payments.some((other) => other.id !== paymentId && other.adapterId === kit.adapterId && !OVER.includes(other.state));
      if (!stillOpen && chosenAtAProvider(order) && order.shippings.some((shipping) => shipping.adapterId === kit.adapterId)) {
        await kit.orders.replaceShippings(tenant, orderId, shopShippingsOf(order));
      }
      return { paymentId, state };
    };
    app.post<PaymentRoute>(
      `${base}/orders/:orderId/payments/:paymentId/remove`,
      { schema: { params: PAYMENT_PARAMS, summary: `Remove a ${provider.name} payment from the checkout (an open one becomes removed; a delivery chosen at the provider gives way to the shop's)`, response: { 200: json('What the payment is now', REMOVED_ANSWER), ...upstream } } },
      remove,
    );
    kit.declareRoutes({ removePayment: `${base}/orders/{orderId}/payments/{paymentId}/remove` });
  }

  // amountChanged (the platform only): the order-level address registered at creation, and the per-payment forms.
  const followAmount = async (tenant: Tenant, orderId: string, paymentId: string | undefined, requested: number) => {
    const order = await kit.orders.getOrder(tenant, orderId);
    const payment = paymentId ? kit.ownPayment(order, paymentId) : order.payments.find((p) => p.adapterId === kit.adapterId && p.state === 'intent');
    // No open payment: a settled one keeps its amount (the platform only asks active payments; a late call changes nothing).
    if (!payment || payment.state !== 'intent') return { paymentId: payment?.id ?? null, amount: payment?.amount ?? requested, updated: false };
    const amount = withinLimit(payment, requested);
    if (sameAmount(payment.amount, amount)) return { paymentId: payment.id, amount, updated: false };
    const configuration = await kit.configuration.get(tenant);
    const [event, pspEvent] = STEP_EVENTS.amountChanged;
    let result: ProviderResult;
    try {
      // Without a step (a payment registered before its provider stopped keeping a session), the amount is only recorded.
      result = provider.amountChanged ? await provider.amountChanged({ tenant, order, configuration, payment, amount }) : {};
    } catch (error) {
      await log(tenant, orderId, payment.id, failedTransaction(error, { event, pspEvent, amount, requestJson: { amount } }));
      throw error;
    }
    const { transaction, amount: answered, ...fields } = result;
    const followed = answered ?? amount;
    // The new amount and its log line in one commit (one call).
    const updated = await kit.payments.updatePayment(tenant, orderId, payment.id, {
      ...paymentFields(fields),
      amount: followed,
      transaction: transaction ?? { event, pspEvent, amount: followed, isSuccess: true, requestJson: { amount: requested }, responseJson: { previousAmount: payment.amount } },
    });
    return { paymentId: updated.id, amount: updated.amount, updated: true };
  };
  const platformOnly = { preValidation: async (request: FastifyRequest) => void kit.fromPlatform(request, 'amount_changed') };
  const amountSchema = (params: object) => ({ params, body: AMOUNT_BODY, summary: 'amountChanged (call token)', response: { 200: json('What the payment became', AMOUNT_CHANGED_ANSWER), ...upstream } });
  app.post<OrderRoute & { Body: { amount: number } }>('/v0/orders/:orderId/amount-changed', { ...platformOnly, schema: amountSchema(ORDER_PARAMS) }, async (request) =>
    followAmount(kit.fromPlatform(request, 'amount_changed'), request.params.orderId, undefined, request.body.amount),
  );
  for (const path of [...new Set([`${base}/orders/:orderId/payments/:paymentId/amount-changed`, '/v0/orders/:orderId/payments/:paymentId/amount-changed'])]) {
    app.post<PaymentRoute & { Body: { amount: number } }>(path, { ...platformOnly, schema: amountSchema(PAYMENT_PARAMS) }, async (request) =>
      followAmount(kit.fromPlatform(request, 'amount_changed'), request.params.orderId, request.params.paymentId, request.body.amount),
    );
  }

  // The lifecycle callbacks it implements (the platform only, kit.onPaymentCallback checks the call token).
  for (const name of callbacks) {
    const step = provider[name]!.bind(provider);
    kit.onPaymentCallback(name, async (tenant, call: PaymentCallbackRequest) => {
      // A call from the outbox (capture; a confirm that failed inside the move) comes after commit, maybe retried: the order is read again.
      const afterCommit = call.afterCommit === true;
      const order = afterCommit ? await kit.orders.getOrder(tenant, call.orderId) : call.order;
      const payment = order.payments.find((p) => p.id === call.paymentId && p.adapterId === kit.adapterId);
      if (!payment) return {};
      const configuration = await kit.configuration.get(tenant);
      let result: ProviderResult;
      try {
        result = (await step({ tenant, order, configuration, payment, request: call, callback: name })) ?? {};
      } catch (error) {
        await log(tenant, call.orderId, payment.id, failedTransaction(error, { event: name, pspEvent: name, amount: call.amount }));
        throw error;
      }
      const { transaction, amount, ...answer } = result;
      // After commit the adapter records the answer itself, with the provider's transaction in the
      // same commit. Otherwise the platform records the answer in its own commit, and logs the
      // provider's transaction the answer carries beside its log of the call (no call of ours).
      const fields = paymentFields(answer);
      if (afterCommit) {
        if (Object.keys(fields).length > 0) await kit.payments.updatePayment(tenant, call.orderId, payment.id, { ...fields, ...(transaction ? { transaction } : {}) });
        else if (transaction) await log(tenant, call.orderId, payment.id, transaction);
        return answer;
      }
      return {
        ...answer,
        // Its eventKey, if any, is not sent (paymentAnswerSchema has none) and the platform ignores it.
        ...(transaction ? { transaction } : {}),
        // A refresh may also say what the provider holds (the platform records it with the state).
        ...(name === 'refresh' && amount !== undefined ? { amount } : {}),
      };
    });
  }

  // GET {adapter_url}/callback/cancel: the shopper's browser, leaving the provider (a signed address, no token).
  app.get<{ Querystring: Record<string, string> }>(`${base}/callback/cancel`, { config: { public: true }, schema: { summary: 'The shopper cancelled at the provider: 301 to the checkout page (signed address)', response: { 301: empty('To the checkout page (Location)'), ...errors(400, 401, 404) } } }, async (request, reply) => {
    const { tenant, query } = kit.callbacks.tenantOf(request.url);
    const { orderId, paymentId } = query;
    if (!orderId) throw new AppError(400, 'invalid_request', 'The cancel address names no order.');
    const { merchant, channel } = tenant;
    const configuration = await kit.configuration.get(tenant);
    const location = provider.checkoutPageUrl?.(configuration, request.query) ?? defaultCheckoutPage(configuration, { orderId, merchant, channel, ...(paymentId ? { paymentId } : {}) });
    if (!location) throw notFound('The configuration names no checkout page to return to.', 'checkout_page_missing');
    const [event, pspEvent] = STEP_EVENTS.cancelCallback;
    const transaction = { event, pspEvent, isSuccess: true, pspStatus: 'cancelled_by_shopper', requestJson: { query: withoutSignature(request.query) }, responseJson: { location } };
    if (paymentId) await log(tenant, orderId, paymentId, transaction);
    else await kit.payments.logAttempt(tenant, orderId, transaction).catch((error: unknown) => kit.logger.error({ err: error, orderId }, 'could not log the cancel callback'));
    return reply.status(301).header('location', location).send();
  });

  // GET|PUT|POST {adapter_url}/callback/validation: the provider's own validate call, in its own shape.
  app.route({
    method: ['GET', 'PUT', 'POST'],
    url: `${base}/callback/validation`,
    config: { public: true },
    schema: { summary: "The provider's validation callback (its own shape and verification)", response: { 200: json("The provider's answer, in its own shape", {}), ...errors(400, 404) } },
    handler: async (request, reply) => {
      if (!provider.validationCallback) throw notFound(`${kit.adapterId} has no validation callback.`, 'not_found');
      const answer = await provider.validationCallback(request, kit);
      return (reply as FastifyReply).status(answer.status).headers(answer.headers ?? {}).send(answer.body);
    },
  });

  const voidLate: MountedProvider['voidLate'] = async (tenant, orderId, paymentId, held, reference) => {
    const name = held === 'captured' ? 'refund' : 'cancel';
    const step = provider[name];
    const base = { event: name, pspEvent: 'late-authorisation' };
    try {
      if (!step) throw new Error(`${kit.adapterId} has no ${name} step: give the money back in the provider's portal.`);
      const order = await kit.orders.getOrder(tenant, orderId);
      const stored = order.payments.find((p) => p.id === paymentId && p.adapterId === kit.adapterId);
      if (!stored) throw new Error(`Payment ${paymentId} is not on order ${orderId}.`);
      // The payment as the provider holds it: the step gives back what the provider says it has.
      const payment = { ...stored, state: held, ...(reference ? { reference } : {}) };
      // One give-back per payment: its operation (and so the provider's idempotency key) is the payment's, the same if tried again.
      const request: PaymentCallbackRequest = { callback: name, orderId, paymentId, adapterId: kit.adapterId, operationId: `late-${name}:${paymentId}`, amount: payment.amount, currency: order.currency, state: held, ...(payment.reference ? { reference: payment.reference } : {}), order, reason: 'The order was paid by another payment.' };
      const result = (await step.call(provider, { tenant, order, configuration: await kit.configuration.get(tenant), payment, request, callback: name })) ?? {};
      await log(tenant, orderId, paymentId, result.transaction ?? { ...base, amount: payment.amount, isSuccess: true, pspStatus: result.pspStatus ?? 'voided' });
    } catch (error) {
      kit.logger.error({ err: error, orderId, paymentId }, 'could not give back money the provider holds for a payment the order no longer counts');
      await log(tenant, orderId, paymentId, failedTransaction(error, { ...base }));
    }
  };

  if (provider.webhook) mountProviderWebhook(kit, provider as PartPaymentProvider<TConfig, unknown>, { log, voidLate });

  return {
    callbacks,
    callbackUrls: (orderId) => kit.paymentCallbacks(orderId, keepsSession ? ['amountChanged', ...callbacks] : callbacks),
    cancelUrl,
    log,
    voidLate,
  };
}

/** The fields of a provider's answer the payment API records (`pspStatus` is the transaction's). */
export function paymentFields(answer: Omit<ProviderResult, 'transaction' | 'amount'>): Partial<PaymentDocument> {
  const { pspStatus: _status, eventKey: _eventKey, ...fields } = answer;
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<PaymentDocument>;
}

/** The failed step's transaction: the one the error carries (`withTransaction`), else a default with its message. */
export function failedTransaction(error: unknown, defaults: Omit<TransactionLog, 'isSuccess'>): TransactionLog {
  const carried = (error as { transaction?: TransactionLog } | null)?.transaction;
  if (carried) return carried;
  const errorDetail = error instanceof Error ? error.message : String(error);
  return { ...defaults, isSuccess: false, ...(error instanceof AppError ? { pspStatus: error.code } : {}), errorDetail, responseJson: (error as { body?: unknown } | null)?.body ?? null };
}

/**
 * The checkout page a configuration names (the providers' schemas: `redirectUrls.checkoutUrl`, or
 * a top-level field), its `{orderId}`, `{paymentId}`, `{merchant}` and `{channel}` filled from the
 * signed cancel address.
 */
function defaultCheckoutPage(configuration: unknown, values: TemplateValues): string | undefined {
  const config = configuration as { redirectUrls?: { checkoutUrl?: unknown }; checkoutUrl?: unknown; checkoutPageUrl?: unknown } | null;
  const found = config?.redirectUrls?.checkoutUrl ?? config?.checkoutUrl ?? config?.checkoutPageUrl;
  return typeof found === 'string' ? fillTemplate(found, values) : undefined;
}

const withoutSignature = (query: Record<string, string>) => Object.fromEntries(Object.entries(query).filter(([name]) => name !== 'sig' && name !== 'exp'));
