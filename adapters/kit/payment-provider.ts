import type { FastifyRequest } from 'fastify';
import type { Tenant } from '../../platform/auth/principal.js';
import type { OrderDocument, PaymentDocument } from '../../contracts/order.types.js';
import type { PaymentAnswer, PaymentCallbackName, PaymentCallbackRequest } from '../../contracts/callbacks.types.js';
import type { AdapterKit } from './adapter-kit.js';
import type { ProviderSession } from './create-payment.flow.js';
import type { TransactionLog } from './payment-api.client.js';

/**
 * The contract a payment provider's adapter fulfils (docs/adapter-kit.md, "Payment providers").
 * The adapter says *what* the provider does; the runtime (`mountPaymentProvider`) owns *how* it
 * takes part in an order: the standard routes of the spec's custom adapter contract, the checks
 * of who may call each, the one-commit create, transaction logging, idempotent webhooks and the
 * order moves. Only `createSession` and `readSession` are required (`amountChanged` only of a
 * provider that keeps a session to update).
 *
 * Mounted by `mountPaymentProvider` (adapters/kit/payment-provider.runtime.ts; part payments:
 * `mountPartPaymentProvider`). Added to the first version of this contract, all optional so no
 * provider written against it changes: `checkCreate`, `amount`, `ProviderCall.cancelUrl` and
 * `withTransaction` (the transaction a failed step logs).
 */
export interface PaymentProvider<TConfig = Record<string, unknown>, TFront = unknown> {
  /** The payment's name as the order shows it (e.g. "Card", "Invoice"). */
  name: string;
  // No `type`: every payment the runtime creates is a `checkout` payment in `intent`, a redirect
  // provider's too (its `createSession` answers the `redirectUrl`), as conformance checks. The spec's
  // "create redirect payment" (starting in `processing`) is `createPayment`'s `type: 'redirect'`,
  // for an adapter with its own create flow (docs/adapter-kit.md, "A redirect provider").

  /**
   * Added by the runtime's author (optional, so providers written before it are unaffected):
   * refusals before anything is written or called — a method not offered, a body the provider
   * cannot take. Throw an AppError; it is answered as is and nothing is created or logged.
   */
  checkCreate?(call: Omit<ProviderCall<TConfig>, 'payment'> & { body: unknown }): Promise<void> | void;
  /** Added (optional): what a new payment covers; default its share by contracts/allocation.ts (`shareOfNewPayment`, no limit). */
  amount?(order: OrderDocument): number;

  /** Create: the provider's session for a payment the runtime has drafted (its id chosen, its amount allocated). Throw to fail (logged, 400 `provider_failed`). */
  createSession(call: ProviderCall<TConfig> & { body: unknown }): Promise<ProviderSession<TFront>>;
  /** GET: what the frontend needs now (usually the create's answer), re-read from the provider when it holds state. */
  readSession(call: ProviderCall<TConfig>): Promise<TFront>;
  /**
   * Only for a provider that keeps a session to update (an order amount held at the provider):
   * the amount the payment should cover changed (contracts/allocation.ts decided it), update the
   * provider. The runtime registers the amountChanged callback only when this is implemented,
   * logs the transaction and records the answer. Without it, the platform sets the payment's
   * amount to its share in the commit that changes the order, and nothing is called.
   */
  amountChanged?(call: ProviderCall<TConfig> & { amount: number }): Promise<ProviderResult>;

  /**
   * The lifecycle callbacks it takes part in, registered on each payment it creates. Throw an
   * AppError to refuse (`process`: vetoes the move to `processing`); `confirm` and `capture` run
   * after commit and are retried until they answer 2xx.
   */
  process?(call: LifecycleCall<TConfig>): Promise<ProviderResult | void>;
  abort?(call: LifecycleCall<TConfig>): Promise<ProviderResult | void>;
  confirm?(call: LifecycleCall<TConfig>): Promise<ProviderResult | void>;
  capture?(call: LifecycleCall<TConfig>): Promise<ProviderResult | void>;
  cancel?(call: LifecycleCall<TConfig>): Promise<ProviderResult | void>;
  refund?(call: LifecycleCall<TConfig>): Promise<ProviderResult | void>;
  /**
   * Added (optional): the back office's payment action Refresh (GraphQL `refreshPayment`, `POST
   * /api/v0/payments/{id}/refresh`). Re-read the payment at the provider and answer what changed
   * there: `state` (any state the payment state table reaches from the current one, e.g. captured
   * → refunded after a refund in the provider's portal), `amount`, `refundedAmount`, `attributes`,
   * and the transaction of the read. An empty answer: nothing changed. A provider whose API cannot
   * read a payment back leaves it out: its payments register no refresh callback, offer no Refresh
   * action, and `refreshPayment` answers 409 PAYMENT_ACTION_UNAVAILABLE.
   */
  refresh?(call: LifecycleCall<TConfig>): Promise<ProviderResult | void>;

  /**
   * A provider's webhook, verified (signature) and turned into normalised actions; none when the
   * event is of no interest. Throw an AppError 401/403 for a bad signature. The runtime applies
   * each action once (its `eventKey` is unique per payment) and answers the provider `ack`.
   */
  webhook?: {
    /** Mounted at `POST {adapter_url}<path>` (public: the provider's own verification applies). */
    path: string;
    parse(request: WebhookRequest, configurationFor: (tenant: Tenant) => Promise<TConfig>): Promise<WebhookAction[]>;
    /** The body that tells the provider the webhook was taken (e.g. `[accepted]`); default `{received: true}`. */
    ack?: unknown;
  };

  /**
   * `GET {adapter_url}/callback/cancel`: where the shopper goes back to (the checkout page). Default:
   * the configuration's `redirectUrls.checkoutUrl` (or a top-level `checkoutUrl` / `checkoutPageUrl`),
   * its `{orderId}`, `{paymentId}`, `{merchant}`, `{channel}` filled from the signed address (`fillTemplate`).
   */
  checkoutPageUrl?(configuration: TConfig, query: Record<string, string>): string;
  /** `GET|PUT|POST {adapter_url}/callback/validation`: the provider's validate call, in its own shape (headers: a redirect's `location`). Absent: 404. */
  validationCallback?(request: FastifyRequest, kit: AdapterKit<TConfig>): Promise<{ status: number; body: unknown; headers?: Record<string, string> }>;
}

/** A provider that keeps a session at its provider: it follows amount changes (amountChanged is registered on its payments). */
export type SessionPaymentProvider<TConfig = Record<string, unknown>, TFront = unknown> = PaymentProvider<TConfig, TFront> & Required<Pick<PaymentProvider<TConfig, TFront>, 'amountChanged'>>;

/** What every provider step is given. */
export interface ProviderCall<TConfig> {
  tenant: Tenant;
  order: OrderDocument;
  configuration: TConfig;
  payment: PaymentDocument;
  /**
   * Added (optional, filled by the runtime for create and read): the signed `GET {adapter_url}/callback/cancel`
   * address of this payment, to hand to the provider or browser as its cancel/back address.
   */
  cancelUrl?: string;
}

export type LifecycleCall<TConfig> = ProviderCall<TConfig> & { request: PaymentCallbackRequest; callback: PaymentCallbackName };

/** What a provider step answers: fields to record on the payment and the transaction to log (the runtime logs it). */
export interface ProviderResult extends PaymentAnswer {
  amount?: number;
  transaction?: TransactionLog;
}

export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  rawBody: string;
  query: Record<string, string>;
}

/**
 * Added: the transaction to log for a step that failed. Throw `withTransaction(error, {...})` from
 * a provider step; without it the runtime logs a default failed transaction (`errorDetail` = the message).
 */
export function withTransaction<E extends Error>(error: E, transaction: TransactionLog): E & { transaction: TransactionLog } {
  return Object.assign(error, { transaction });
}

/** The normalised outcomes a provider event can have on a payment (and through it on the order). */
export type WebhookOutcome = 'authorized' | 'pending' | 'captured' | 'refunded' | 'cancelled' | 'failed';

/** One provider event, normalised: applied once per `eventKey`. */
export interface WebhookAction {
  /** Unique per event at the provider (e.g. its reference + event code): a replay with the same key changes nothing. */
  eventKey: string;
  tenant: Tenant;
  orderId: string;
  /** The payment it concerns, by id, by the provider's `reference`, or both (then both must match; at least one is needed). */
  paymentId?: string;
  reference?: string;
  outcome: WebhookOutcome;
  amount?: number;
  success: boolean;
  pspStatus?: string;
  errorDetail?: string;
  /**
   * Payment fields the event also tells (e.g. the provider's status in `attributes`, a recurring token), written in
   * the same commit as the event's state move and keyed transaction. Only those an order in `processing` still
   * accepts: `attributes`, `recurring`, `reference`.
   */
  fields?: Partial<Pick<PaymentDocument, 'attributes' | 'recurring' | 'reference'>>;
  raw: unknown;
}
