import type { FastifyRequest } from 'fastify';
import type { Tenant } from '../../platform/auth/principal.js';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import { errors } from '../../platform/http/api-docs.schemas.js';
import { defineStateMachine } from '../../contracts/state-machine.js';
import { INITIAL_PAYMENT_STATES, PAYMENT_STATES, PAYMENT_STATE_MACHINE, TERMINAL_PAYMENT_STATES, type PaymentState } from '../../contracts/payment-states.js';
import type { OrderDocument, PaymentDocument } from '../../contracts/order.types.js';
import { atLeastZero, subtractAmounts } from '../../contracts/amount.js';
import type { AdapterKit } from './adapter-kit.js';
import { completeOrder } from './order-completion.flow.js';
import type { TransactionLog } from './payment-api.client.js';
import { PlatformCallError } from './platform-call.js';
import type { PaymentProvider, WebhookAction, WebhookOutcome } from './payment-provider.js';
import type { MountedProvider } from './payment-provider.runtime.js';

const PAYMENTS = defineStateMachine({ name: 'Payment state machine', states: PAYMENT_STATES, initial: INITIAL_PAYMENT_STATES, moves: PAYMENT_STATE_MACHINE });

/**
 * Each normalised outcome as data: the payment state it means (contracts/payment-states) and the
 * order move it makes — `complete` (processing → accepted → completed), `accept` (a pending
 * payment: up to accepted), `release` (a payment that failed while the order was processing:
 * back to checkout) or none.
 */
export const WEBHOOK_OUTCOMES: Readonly<Record<WebhookOutcome, { payment: PaymentState; order?: 'complete' | 'accept' | 'release' }>> = {
  authorized: { payment: 'reserved', order: 'complete' },
  captured: { payment: 'captured', order: 'complete' },
  pending: { payment: 'pending', order: 'accept' },
  // `refunded` (applyRefund): the payment API's refund rule decides — `refunded` once all of it is refunded, a partial refund stays `captured`.
  refunded: { payment: 'refunded' },
  cancelled: { payment: 'cancelled', order: 'release' },
  failed: { payment: 'failed', order: 'release' },
};

/** What one action came to: applied now, applied before (a replay), or refused by the state table (logged, not retried). */
export type WebhookApplied = { eventKey: string; paymentId: string; result: 'applied' | 'duplicate' | 'refused' };

/**
 * Mounts `POST {adapter_url}<webhook.path>` (public: the provider's own verification in `parse`)
 * and applies each normalised action once. Idempotency is the payment API's: the action's
 * transaction carries its `eventKey`, unique per payment, and is written in the same commit as the
 * payment's last state move (or alone when the state is already right), so a second delivery is
 * refused 409 `duplicate_event` and changes nothing. Then the order moves (idempotent by the
 * order's state, so a delivery retried after a failed move finishes it). A real failure (the
 * platform unreachable, the payment not found yet) answers non-2xx so the provider retries.
 */
export function mountProviderWebhook<TConfig>(
  kit: AdapterKit<TConfig>,
  provider: Pick<PaymentProvider<TConfig, unknown>, 'name' | 'webhook'>,
  tools: WebhookTools,
): void {
  const webhook = provider.webhook!;
  const acknowledged = { description: "Taken: the provider's acknowledgement (`webhook.ack`, e.g. `[accepted]` as text; default `{received: true}`)", content: { 'text/plain': { schema: { type: 'string' } }, 'application/json': { schema: {} } } };
  kit.app.post(webhook.path, { config: { public: true }, schema: { summary: `${provider.name} webhook (the provider's own signature)`, response: { 200: acknowledged, ...errors(400, 401, 403, 404) } } }, async (request: FastifyRequest, reply) => {
    const actions = await webhook.parse(
      { headers: request.headers, body: request.body, rawBody: request.rawBody ?? '', query: (request.query ?? {}) as Record<string, string> },
      (tenant) => kit.configuration.get(tenant),
    );
    for (const action of actions) await applyWebhookAction(kit, action, tools);
    return reply.status(200).send(webhook.ack ?? { received: true });
  });
}

/** What applying an action needs of the mounted provider: its log, and (optional) giving back money held for a payment the order no longer counts. */
export type WebhookTools = Pick<MountedProvider, 'log'> & Partial<Pick<MountedProvider, 'voidLate'>>;

/** States of a payment that counts for nothing and never held money: a provider's later authorisation of it is given back. */
const NOT_COUNTED: readonly PaymentState[] = ['removed', 'failed'];

/** Applies one action (exported for providers that receive events another way, e.g. a push callback). */
export async function applyWebhookAction<TConfig>(kit: AdapterKit<TConfig>, action: WebhookAction, tools: WebhookTools): Promise<WebhookApplied> {
  const { tenant, orderId } = action;
  const order = await kit.orders.getOrder(tenant, orderId);
  // Both must hold when both are given: a provider reference (what a signature covers) is never overridden by a payment id.
  const { paymentId, reference } = action;
  const payment =
    paymentId === undefined && reference === undefined
      ? undefined
      : order.payments.find((p) => p.adapterId === kit.adapterId && (paymentId === undefined || p.id === paymentId) && (reference === undefined || p.reference === reference));
  // Maybe not committed yet (the provider can be faster than the create): non-2xx, the provider retries.
  if (!payment) throw notFound(`Order ${orderId} has no ${kit.adapterId} payment${action.paymentId ? ` ${action.paymentId}` : ''}${action.reference ? ` with reference ${action.reference}` : ''} (yet).`, 'payment_not_found');

  const meaning = WEBHOOK_OUTCOMES[action.outcome];
  const target: PaymentState | undefined = action.success ? meaning.payment : action.outcome === 'failed' ? 'failed' : undefined;
  const transaction: TransactionLog = {
    event: 'webhook',
    pspEvent: action.outcome,
    ...(action.amount === undefined ? {} : { amount: action.amount }),
    isSuccess: action.success,
    ...(action.pspStatus ? { pspStatus: action.pspStatus } : {}),
    requestJson: action.raw ?? null,
    ...(action.errorDetail ? { errorDetail: action.errorDetail } : {}),
    eventKey: action.eventKey,
  };
  const moves = target ? PAYMENTS.path(payment.state, target) : [];
  const applied = (result: WebhookApplied['result']): WebhookApplied => ({ eventKey: action.eventKey, paymentId: payment.id, result });

  if (!moves) {
    // The table forbids it (a captured payment reported failed): logged for the merchant under its key, not retried.
    const refused = await once(() => kit.payments.logTransaction(tenant, orderId, payment.id, { ...transaction, isSuccess: false, errorDetail: `The payment is ${payment.state}; the provider reported ${action.outcome}, which the payment state table does not allow from there.` }));
    // Money the provider holds for a payment the order no longer counts (the shopper paid another way, then finished this one in a second tab): given back, once per event.
    const held = target === 'reserved' || target === 'captured' ? target : undefined;
    if (refused && held && NOT_COUNTED.includes(payment.state as PaymentState)) await tools.voidLate?.(tenant, orderId, payment.id, held, action.reference);
    return applied(refused ? 'refused' : 'duplicate');
  }
  // Every move but the last on its own; the last one commits with the keyed transaction (or the transaction alone).
  await stepThrough(kit, tenant, orderId, payment.id, moves.slice(0, -1));
  if (action.outcome === 'refunded' && action.success) return applied(await applyRefund(kit, action, payment, transaction));
  const last = moves.at(-1);
  const fields = action.fields ?? {};
  const fresh = await once(async () => {
    if (last) {
      try {
        return await kit.payments.updatePayment(tenant, orderId, payment.id, { ...fields, state: last, transaction });
      } catch (error) {
        // Another event under another key (the shopper's return beside the provider's webhook) moved the payment
        // there, or past it, first: this event changes no state; it is recorded below like one whose state is right.
        if (!(error instanceof PlatformCallError) || error.code !== 'illegal_payment_transition') throw error;
        const now = await currentState(kit, tenant, orderId, payment.id);
        if (!now || (now !== last && !PAYMENTS.path(last, now))) throw error;
      }
    }
    // The state is already right: the event's fields (a no-op when they are too), then its keyed transaction alone.
    if (Object.keys(fields).length > 0) await kit.payments.updatePayment(tenant, orderId, payment.id, fields);
    return kit.payments.logTransaction(tenant, orderId, payment.id, transaction);
  });
  if (target && (target === meaning.payment || target === 'failed')) await moveOrder(kit, tenant, order, payment, action.success ? meaning.order : 'release');
  return applied(fresh ? 'applied' : 'duplicate');
}

/**
 * A refund the provider reported: the action's `amount` (all that is left when it names none) is
 * added to the payment's `refundedAmount` by the payment API's refund rule, the same as the back
 * office's refund (a partial one keeps the payment `captured`; the one that reaches its amount
 * moves it to `refunded`), in one commit with the keyed transaction: once per event key. A refund
 * the rule refuses (more than is left) is logged as failed under its key and acknowledged.
 */
async function applyRefund<TConfig>(kit: AdapterKit<TConfig>, action: WebhookAction, payment: PaymentDocument, transaction: TransactionLog): Promise<WebhookApplied['result']> {
  const { tenant, orderId } = action;
  const left = atLeastZero(subtractAmounts(payment.amount, typeof payment.refundedAmount === 'number' ? payment.refundedAmount : 0));
  const amount = action.amount ?? left;
  try {
    // Nothing left to add (all of it was refunded before): the event is logged alone, under its key.
    if (!(amount > 0)) return (await once(() => kit.payments.logTransaction(tenant, orderId, payment.id, transaction))) ? 'applied' : 'duplicate';
    return (await once(() => kit.payments.updatePayment(tenant, orderId, payment.id, { refund: { amount }, transaction: { ...transaction, amount } }))) ? 'applied' : 'duplicate';
  } catch (error) {
    if (!(error instanceof PlatformCallError) || error.httpStatus === undefined || error.httpStatus >= 500) throw error;
    const logged = await once(() => kit.payments.logTransaction(tenant, orderId, payment.id, { ...transaction, amount, isSuccess: false, errorDetail: `The provider reported a refund of ${amount}; the payment could not record it: ${error.message}` }));
    return logged ? 'refused' : 'duplicate';
  }
}

/**
 * Moves the payment through intermediate states, one commit each. A concurrent delivery of the same
 * event can be ahead on the same path: a refused step is then skipped past the state it reached.
 */
async function stepThrough<TConfig>(kit: AdapterKit<TConfig>, tenant: Tenant, orderId: string, paymentId: string, states: PaymentState[]): Promise<void> {
  for (let index = 0; index < states.length; index += 1) {
    try {
      await kit.payments.updatePayment(tenant, orderId, paymentId, { state: states[index] });
    } catch (error) {
      if (!(error instanceof PlatformCallError) || error.status >= 500) throw error;
      const now = await currentState(kit, tenant, orderId, paymentId);
      const reached = now ? states.indexOf(now) : -1;
      if (reached < index) throw error;
      index = reached;
    }
  }
}

/** The payment's state as the order service has it now (a write was refused: someone else moved it first); undefined when it is gone. */
async function currentState<TConfig>(kit: AdapterKit<TConfig>, tenant: Tenant, orderId: string, paymentId: string): Promise<PaymentState | undefined> {
  return (await kit.orders.getOrder(tenant, orderId)).payments.find((p) => p.id === paymentId)?.state as PaymentState | undefined;
}

/** Runs a keyed write: true when it was written now, false when the key was applied before. */
async function once(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (error instanceof PlatformCallError && error.code === 'duplicate_event') return false;
    throw error;
  }
}

/**
 * Whether a payment's failure (or cancellation) may return its `processing` order to checkout, on
 * the order as read with the payment before the event: yes when the event found the payment still
 * live (it fails now, so the order waits on it no longer). A payment that had already ended
 * (`failed`, `cancelled`: the adapter recorded the provider's answer first, or an earlier delivery
 * did) releases the order only when no other payment of its adapter is live — the redelivery that
 * finishes a move back that failed. Otherwise the shopper has started a new payment since, and the
 * order is `processing` for that one: a late report of the old payment must not tear it down.
 */
function mayRelease(order: OrderDocument, payment: PaymentDocument): boolean {
  const live = (p: PaymentDocument) => !TERMINAL_PAYMENT_STATES.includes(p.state as PaymentState);
  return live(payment) || !order.payments.some((other) => other.id !== payment.id && other.adapterId === payment.adapterId && live(other));
}

/** The order move an outcome makes; each is a no-op when the order is already there. */
async function moveOrder<TConfig>(kit: AdapterKit<TConfig>, tenant: Tenant, order: OrderDocument, payment: PaymentDocument, move: 'complete' | 'accept' | 'release' | undefined): Promise<void> {
  const status = order.state.currentStatus;
  if (move === 'release') {
    if (status === 'processing' && mayRelease(order, payment)) await kit.orders.changeStatus(tenant, order.id, 'checkout');
    return;
  }
  if (!move || status === 'completed' || status === 'delivered') return;
  if (move === 'accept' && status === 'accepted') return;
  try {
    await completeOrder(kit, tenant, order.id, { until: move === 'accept' ? 'accepted' : 'completed' });
  } catch (error) {
    // A refusal (a hook, a validation) is the order's, not the delivery's: retrying cannot help, so it is logged and the webhook acknowledged.
    const status = error instanceof PlatformCallError ? error.httpStatus : error instanceof AppError ? error.status : undefined;
    if (status === undefined || status >= 500) throw error;
    kit.logger.warn({ orderId: order.id, paymentId: payment.id, code: (error as AppError).code }, 'the order could not be moved after a provider event');
  }
}
