import { randomUUID } from 'node:crypto';
import type { Tenant } from '../../platform/auth/principal.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { OrderDocument, PaymentDocument } from '../../contracts/order.types.js';
import { UNLIMITED, shareOfNewPayment } from '../../contracts/allocation.js';
import type { AdapterKit } from './adapter-kit.js';
import { PlatformCallError } from './platform-call.js';
import type { NewHook } from './order-service.client.js';

/** What the provider step answers: the reference at the provider and anything for the frontend. */
export interface ProviderSession<TFront> {
  reference?: string;
  /** Payment fields to set beside reference and callbacks (attributes, actions, state, amount…). */
  payment?: Partial<PaymentDocument>;
  /** The adapter's hooks on the order that come with this payment (e.g. a `/cart` hook): registered in the payment's commit. */
  hooks?: NewHook[];
  /** What the create endpoint answers the frontend (htmlSnippet, redirectUrl, payment methods…). */
  response: TFront;
  /** Logged as the transaction's request and response. */
  requestJson?: unknown;
  responseJson?: unknown;
  pspStatus?: string;
}

export interface CreatePaymentSteps<TConfig, TFront> {
  name: string;
  /** Payment type: `checkout` (default) or `redirect`; a redirect payment starts in `processing`. */
  type?: string;
  /** Amount to cover; defaults to the new payment's share by the engine's allocation (the rest the other payments leave, up to its limit). */
  amount?: (order: OrderDocument) => number;
  /** Most the payment may cover (a card's balance); left out, the spec's "no limit", 2147483647. */
  upperLimitAmount?: number;
  /** Before anything is written or called: refuse (throw an AppError, passed on as is; nothing is logged or created). */
  check?: (input: { order: OrderDocument; configuration: TConfig }) => Promise<void> | void;
  /** Step 5: map order and configuration to the provider and call it. Throw to fail. */
  callProvider: (input: { order: OrderDocument; configuration: TConfig; payment: PaymentDocument }) => Promise<ProviderSession<TFront>>;
  /**
   * Step 6: the callbacks to register (default: only amountChanged, as the spec says). Addresses
   * may hold `{paymentId}`; `kit.paymentCallbacks(orderId, names)` gives the spec's address forms.
   */
  callbacks?: (payment: PaymentDocument) => PaymentDocument['callbacks'];
}

export const ACTIVE_PAYMENT_EXISTS = 'The order already has an active payment for this adapter; update that payment instead.';

/**
 * The spec's create-payment steps, with the payment written **once** (its hooks with it): (1) read the order, (2)
 * read the configuration and check the request, (3) refuse a second `intent` payment of this adapter, (4) call the
 * provider for a payment whose id is chosen here, (5) create the payment at the payment API with
 * its reference, method, callbacks and first transaction in one commit, (6) answer the frontend.
 * A crash at any point leaves either no payment or a whole one. When the provider fails, the
 * payment is recorded `failed` with its failed transaction (one commit, shown to the merchant) and
 * the caller gets 400 `provider_failed` with the error detail.
 */
export async function createPayment<TConfig, TFront>(
  kit: AdapterKit<TConfig>,
  tenant: Tenant,
  orderId: string,
  steps: CreatePaymentSteps<TConfig, TFront>,
): Promise<{ payment: PaymentDocument; response: TFront }> {
  const order = await kit.orders.getOrder(tenant, orderId);
  // The request is checked first (the channel's configuration, the provider's own rules: 400), then against the order's payments (409).
  const configuration = await kit.configuration.get(tenant);
  await steps.check?.({ order, configuration });
  const open = order.payments.find((p) => p.adapterId === kit.adapterId && p.state === 'intent');
  if (open) throw new AppError(409, 'active_payment_exists', ACTIVE_PAYMENT_EXISTS, { paymentId: open.id, adapterId: kit.adapterId });
  const type = steps.type ?? 'checkout';
  // Not written yet: the provider step sees the payment as it will be created (its id included).
  const draft: PaymentDocument = {
    id: randomUUID(),
    adapterId: kit.adapterId,
    orderId,
    merchant: tenant.merchant,
    channel: tenant.channel,
    name: steps.name,
    currency: order.currency,
    type,
    // Not the spec's "order total": with part payments already on the order that would over-cover it.
    amount: steps.amount?.(order) ?? shareOfNewPayment(order, steps.upperLimitAmount ?? UNLIMITED),
    state: type === 'redirect' ? 'processing' : 'intent',
    upperLimitAmount: steps.upperLimitAmount ?? UNLIMITED,
  };
  const { adapterId: _adapterId, orderId: _orderId, ...fields } = draft;

  let session: ProviderSession<TFront>;
  try {
    session = await steps.callProvider({ order, configuration, payment: draft });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const transaction = { event: 'open', pspEvent: 'create', amount: draft.amount, isSuccess: false, errorDetail: detail, responseJson: (error as { body?: unknown }).body ?? null };
    // Recorded as a failed payment with its failed transaction; if even that is refused, as an attempt of the order.
    await kit.payments.createPayment(tenant, { ...fields, orderId, state: 'failed', transaction }).catch((refused: unknown) => logFailedAttempt(kit, tenant, orderId, draft.amount, error, refused));
    throw new AppError(400, 'provider_failed', detail, { errorDetail: detail, paymentId: draft.id });
  }

  const payment = { ...draft, ...session.payment, ...(session.reference ? { reference: session.reference } : {}) };
  const callbacks = steps.callbacks?.(payment) ?? { amountChanged: `${kit.publicUrl}/v0/orders/${encodeURIComponent(orderId)}/amount-changed` };
  const { adapterId: _a, orderId: _o, ...whole } = payment;
  const created = await kit.payments
    .createPayment(tenant, {
    ...whole,
    orderId,
    callbacks,
    ...(session.hooks?.length ? { hooks: session.hooks } : {}),
    transaction: {
      event: 'open',
      pspEvent: 'create',
      amount: payment.amount,
      isSuccess: true,
      ...(session.pspStatus ? { pspStatus: session.pspStatus } : {}),
      requestJson: session.requestJson ?? null,
      responseJson: session.responseJson ?? null,
    },
  })
    .catch(async (error: unknown) => {
      // The payment API refused the create (a hook veto, a rule): no payment holds the failure.
      await logFailedAttempt(kit, tenant, orderId, payment.amount, error);
      throw error;
    });
  return { payment: created, response: session.response };
}

/**
 * The payment API refused or failed the create, so no payment holds the failure: it is logged as
 * an attempt with the order (spec "Errors": logged with errorDetail, shown in the admin). A 409
 * is not a failure but a duplicate (another create of this adapter won), so it is not logged.
 */
export async function logFailedAttempt(kit: Pick<AdapterKit<unknown>, 'payments' | 'logger'>, tenant: Tenant, orderId: string, amount: number | undefined, error: unknown, refusal: unknown = error): Promise<void> {
  if (refusal instanceof PlatformCallError && refusal.httpStatus === 409) return;
  const errorDetail = error instanceof Error ? error.message : String(error);
  await kit.payments
    .logAttempt(tenant, orderId, {
      event: 'open',
      pspEvent: 'create',
      ...(amount === undefined ? {} : { amount }),
      isSuccess: false,
      ...(error instanceof PlatformCallError && error.code ? { pspStatus: error.code } : {}),
      errorDetail,
    })
    .catch((e: unknown) => kit.logger.error({ err: e, orderId }, 'could not log the failed payment attempt'));
}
