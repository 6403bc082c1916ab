import { randomUUID } from 'node:crypto';
import type { Tenant } from '../../platform/auth/principal.js';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import type { PaymentDocument } from '../../contracts/order.types.js';
import type { CommandContext, HookInput, OrderCommands } from '../order/order-commands.usecase.js';
import type { PaymentTransactionRecord } from './payment-transaction.model.js';
import type { PaymentTransactionRepository, TransactionInput } from './payment-transaction.repository.js';
import type { PaymentRepository } from './payment.repository.js';
import { assertRefundPrecision, refundOf, withPlatformActions } from './payment-actions.usecase.js';
import { assertMayRead, assertMayWrite, assertNewPayment, assertPaymentUpdate, assertTenant, assertTransition } from '../order/domain/payment.rules.js';

/** The spec's create body, plus the optional payment fields an adapter may know at creation. */
export type CreatePaymentBody = Pick<PaymentDocument, 'adapterId' | 'amount'> &
  Partial<Pick<PaymentDocument, 'id' | 'name' | 'merchant' | 'channel' | 'currency' | 'type' | 'state' | 'reference' | 'upperLimitAmount' | 'attributes' | 'actions' | 'recurring' | 'callbacks'>> & {
    orderId: string;
    /** Logged with the payment: a payment whole in one call (method, reference, callbacks, first transaction). */
    transaction?: TransactionInput;
    /** The payment's hooks (its adapter's, e.g. a `/cart` hook), registered in the same commit; one already registered under the same id is kept. */
    hooks?: HookInput[];
  };

/** The spec's update body: any payment field; present fields replace the stored ones; `transaction` is logged in the same commit (a no-op update commits nothing, so logs nothing). */
export type UpdatePaymentBody = Partial<CreatePaymentBody> & {
  id?: string;
  /**
   * A refund the provider reported (a webhook): added to `refundedAmount` by the one refund rule
   * (`refundOf`: captured only, never more than is left; `refunded` once it reaches the amount) on
   * the payment as it is in the commit. Needs a `transaction` with an `eventKey`, so it is applied once.
   */
  refund?: { amount: number };
};

/** A transaction to log; `orderId` is optional (the payment is looked up by id when it is left out). */
export type LogTransactionBody = TransactionInput & { orderId?: string };

/** An attempt to log: the order it belongs to; `adapterId` defaults to the adapter token's. */
export type LogAttemptBody = TransactionInput & { orderId: string; adapterId?: string };

export interface PaymentWrite {
  payment: PaymentDocument;
  /** The order version the write committed (or found, for a no-op update). */
  version: number;
}

const paymentNotFound = (paymentId: string) => notFound(`Payment ${paymentId} was not found.`, 'payment_not_found');

/**
 * The payment API's use cases. Payments live in the order document, so every write goes through
 * OrderCommands (the order engine: hooks on /payments, notifications, amountChanged); the checks
 * that depend on the order run inside the change on its fresh draft, so they are race-free.
 */
export class PaymentCommands {
  constructor(
    private readonly orders: OrderCommands,
    private readonly payments: PaymentRepository,
    private readonly transactions: PaymentTransactionRepository,
    /** The payment API's own address, for the Cancel/Refund entries of `actions[]`. */
    private readonly publicUrl?: string,
  ) {}

  /** A payment as stored: platform actions for its cancel/refund callbacks (when this API knows its address). */
  private finish(payment: PaymentDocument): PaymentDocument {
    if (!this.publicUrl) return payment;
    const actions = withPlatformActions(payment, this.publicUrl);
    return actions && (actions.length > 0 || payment.actions) ? { ...payment, actions } : payment;
  }

  /** Adds a payment (state `intent` and type `checkout` unless given) to its order. */
  async create(context: CommandContext, body: CreatePaymentBody): Promise<PaymentWrite> {
    assertTenant(context.tenant, body);
    assertMayWrite(context.actor, body.adapterId);
    const { orderId, transaction, hooks, ...fields } = body;
    const id = body.id ?? randomUUID();
    const input = withIdsFilledIn({ ...fields, id, state: body.state ?? 'intent', type: body.type ?? 'checkout' }, orderId);
    assertTransition(undefined, input.state);
    const { result, payment } = await this.orders.addPayment(context, orderId, this.finish(input as PaymentDocument), {
      assert: (draft) => assertNewPayment(context.actor, draft, input as PaymentDocument),
      // In the same commit as the payment: a payment is never without its first log line.
      transactions: transaction ? [transaction] : [],
      // Registering a payment's hooks is part of creating it.
      hooks: hooks ?? [],
    });
    return { payment, version: result.order.version };
  }

  /** Changes a payment: present fields replace the stored ones; a state change follows the payment state machine. */
  async update(context: CommandContext, paymentId: string, body: UpdatePaymentBody): Promise<PaymentWrite> {
    assertTenant(context.tenant, body);
    if (body.id !== undefined && body.id !== paymentId) {
      throw badRequest('payment_id_mismatch', `The body names payment ${body.id}, the path ${paymentId}.`);
    }
    const orderId = await this.orderOf(context.tenant, paymentId, body.orderId);
    const { id: _id, orderId: _orderId, transaction, refund, ...fields } = body;
    if (refund && !transaction?.eventKey) throw badRequest('event_key_required', 'A refund is recorded with the transaction of the provider event that reported it (transaction.eventKey), so it is applied once.');
    if (refund && fields.state !== undefined) throw badRequest('refund_with_state', 'A refund decides the state itself (captured, or refunded once all of it is refunded); leave state out.');
    try {
      const { result, payment } = await this.orders.updatePayment(context, orderId, paymentId, (current) => this.finish({ ...current, ...fields, ...(refund ? refundOf(current, refund.amount) : {}) }), {
        // In the same commit as the change (with an eventKey: a provider event applied once).
        transactions: transaction ? [transaction] : [],
        assert: (draft) => {
          const current = draft.payments.find((candidate) => candidate.id === paymentId);
          if (!current) return; // updatePayment answers 404 payment_not_found
          if (refund) assertRefundPrecision(current, draft, refund.amount);
          assertPaymentUpdate(context.actor, draft, orderId, current, { ...fields, ...(body.orderId === undefined ? {} : { orderId: body.orderId }) } as Partial<PaymentDocument>);
        },
      });
      // A change that changes nothing commits nothing; a keyed transaction (a provider event whose move another event
      // made first) is still logged, alone, so its key is kept and its second delivery is a duplicate.
      if (transaction?.eventKey && result.changes.length === 0) await this.transactions.insert(context.tenant, { orderId, paymentId, adapterId: payment.adapterId }, transaction);
      return { payment, version: result.order.version };
    } catch (error) {
      // Two deliveries of one provider event at once: the second sees the state the first moved to and is refused by
      // the table; when the first has logged the key (same commit as its move), the refusal is the duplicate it really is.
      throw await this.transactions.refusalOf(error, context.tenant, paymentId, transaction?.eventKey);
    }
  }

  /** Appends a transaction to the payment's log (payment_transactions); the order is not changed. */
  async logTransaction(context: CommandContext, paymentId: string, body: LogTransactionBody): Promise<PaymentTransactionRecord> {
    const { orderId: givenOrderId, ...input } = body;
    const orderId = await this.orderOf(context.tenant, paymentId, givenOrderId);
    const order = await this.orders.get(context, orderId);
    const payment = order.document.payments.find((candidate) => candidate.id === paymentId);
    if (!payment) throw paymentNotFound(paymentId);
    assertMayWrite(context.actor, payment.adapterId);
    return this.transactions.insert(context.tenant, { orderId, paymentId, adapterId: payment.adapterId }, input);
  }

  /**
   * Logs an attempt: a create that failed before any payment existed (the provider refused or
   * failed before the adapter could create one, or the payment API refused the create). It is
   * kept with the order, against no payment, so the admin sees it (docs/payment-api.md).
   */
  async logAttempt(context: CommandContext, body: LogAttemptBody): Promise<PaymentTransactionRecord> {
    const { orderId, adapterId: named, ...input } = body;
    const adapterId = named ?? context.actor.adapterId;
    if (!adapterId) throw badRequest('adapter_id_required', 'Name the adapter whose attempt this was (adapterId).');
    assertMayWrite(context.actor, adapterId);
    await this.orders.get(context, orderId);
    return this.transactions.insert(context.tenant, { orderId, paymentId: null, adapterId }, input);
  }

  /** A payment's log, oldest first. An adapter token reads only its own adapter's payments. */
  async transactionsOf(context: CommandContext, paymentId: string, givenOrderId: string | undefined): Promise<PaymentTransactionRecord[]> {
    const orderId = await this.orderOf(context.tenant, paymentId, givenOrderId);
    const order = await this.orders.get(context, orderId);
    const payment = order.document.payments.find((candidate) => candidate.id === paymentId);
    if (!payment) throw paymentNotFound(paymentId);
    assertMayRead(context.actor, payment.adapterId);
    const [log] = await this.transactions.listForPayments(context.tenant, [{ orderId, paymentId }]);
    return log ?? [];
  }

  /** An order's attempts, oldest first; an adapter token sees only its own adapter's. */
  async attemptsOf(context: CommandContext, orderId: string): Promise<PaymentTransactionRecord[]> {
    await this.orders.get(context, orderId);
    const { role, adapterId } = context.actor;
    if (role === 'adapter' && !adapterId) return [];
    const [attempts] = await this.transactions.listAttempts(context.tenant, [orderId], role === 'adapter' ? adapterId : undefined);
    return attempts ?? [];
  }

  /**
   * The order holding a payment: the one named in the body, else found by the payment id among
   * the tenant's orders (404 `payment_not_found`; 400 `order_id_required` when the id is on
   * several orders — ids given by this API are UUIDs, ids set through the order shims may repeat).
   */
  async orderOf(tenant: Tenant, paymentId: string, orderId: string | undefined): Promise<string> {
    if (orderId !== undefined) return orderId;
    const orderIds = await this.payments.ordersHolding(tenant, paymentId, 2);
    if (orderIds.length === 0) throw paymentNotFound(paymentId);
    if (orderIds.length > 1) {
      throw badRequest('order_id_required', `Payment ${paymentId} is on more than one order; name the order with orderId in the body.`);
    }
    return orderIds[0]!;
  }
}

/** Placeholders a callback or action address may hold at creation, before the payment id exists for the adapter. */
const PLACEHOLDERS = /\{(paymentId|payment_id|orderId|order_id)\}/g;

/** The payment with `{paymentId}` / `{orderId}` (either spelling) filled in its callbacks and actions. */
export function withIdsFilledIn<T extends Pick<PaymentDocument, 'id' | 'callbacks' | 'actions'>>(payment: T, orderId: string): T {
  const fill = (url: string) => url.replace(PLACEHOLDERS, (_match, name: string) => encodeURIComponent(name.startsWith('payment') ? payment.id : orderId));
  return {
    ...payment,
    ...(payment.callbacks ? { callbacks: Object.fromEntries(Object.entries(payment.callbacks).map(([name, url]) => [name, fill(url!)])) } : {}),
    ...(payment.actions ? { actions: payment.actions.map((action) => ({ ...action, url: fill(action.url) })) } : {}),
  };
}
