import { randomUUID } from 'node:crypto';
import { timeOrderedUuid } from '../../platform/db/time-ordered-id.js';
import type { Tenant } from '../../platform/auth/principal.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors/app-error.js';
import type { Logger } from '../../platform/logging/logger.js';
import { INITIAL_STATUS, refuseTransition, type OrderStatus } from '../../contracts/order-state.machine.js';
import { attentionOf } from './domain/order-attention.rules.js';
import type { Address, Hook, Notification, OrderDocument, PaymentDocument, Validation } from '../../contracts/order.types.js';
import type { ChangeResult, OrderEngine } from './engine/order-engine.js';
import type { Actor } from '../../platform/auth/actor.js';
import { assertNotificationSchema } from './engine/notification-planner.js';
import type { OrderStore, TransactionLogInput } from './engine/order-store.repository.js';
import type { CallSigner } from '../../platform/outbound/call-signer.js';
import { builtInFailures, callbackFailures, type ValidationReport } from './engine/validation-runner.js';
import type { OrderRecord } from './order.model.js';
import { assertOutboundUrls } from '../../platform/outbound/outbound-guard.js';
import { outboundUrls } from './engine/outbound-urls.js';
import { customerWithShopperIdentityKept, withShopperIdentityKept } from './domain/shopper-identity.rules.js';

export type HookInput = Omit<Hook, 'id' | 'adapterId'> & Partial<Pick<Hook, 'id' | 'adapterId'>>;
export type NotificationInput = Omit<Notification, 'id'> & Partial<Pick<Notification, 'id'>>;
export type ValidationInput = Omit<Validation, 'id' | 'adapterId'> & Partial<Pick<Validation, 'id' | 'adapterId'>>;
export type PaymentInput = Partial<PaymentDocument> & Pick<PaymentDocument, 'adapterId' | 'amount'>;
/** A new order: ids of payments and registrations are given out when left out. */
export type CreateOrderInput = Partial<Omit<OrderDocument, 'merchant' | 'channel' | 'state' | 'total' | 'hooks' | 'notifications' | 'validations' | 'payments'>> &
  Pick<OrderDocument, 'currency'> & {
    hooks?: HookInput[];
    notifications?: NotificationInput[];
    validations?: ValidationInput[];
    payments?: PaymentInput[];
  };

/** Extra checks of a payment change, run inside the change on the fresh draft, so they are race-free. */
export interface PaymentChangeOptions {
  /** Sees the fresh draft (on every retry) and, when one is added, the new payment as it will be stored; throws an AppError to refuse. */
  assert?: (draft: OrderDocument, added?: PaymentDocument) => void;
  /** Logged in the same commit as the new or changed payment (a first transaction, a provider event); payment and adapter ids are filled in. */
  transactions?: Array<Omit<TransactionLogInput, 'paymentId' | 'adapterId'>>;
  /** A new payment's hooks (its adapter's), registered in the same commit; one already registered under the same id is kept. */
  hooks?: HookInput[];
}

/** Notifications every new order of a channel carries (the `static_notifications` configuration). */
export type StaticNotificationSource = (tenant: Tenant) => Promise<Notification[]>;

export interface CommandContext {
  tenant: Tenant;
  actor: Actor;
  /** External callers may pin the version they read; a mismatch is a 409. */
  expectedVersion?: number;
}

const now = () => new Date().toISOString();

/**
 * A storefront edits the shopper's own data (addresses, consents) only while the order is in
 * checkout: after the purchase, changes come from adapters and the back office. (While
 * `processing`, the engine's lock answers first, as for everyone: 409 `order_locked`.)
 */
function assertShopperMayEdit(context: CommandContext, draft: OrderDocument): void {
  if ((context.actor.role !== 'storefront' && context.actor.role !== 'shopper') || draft.state.currentStatus === 'checkout' || draft.state.currentStatus === 'processing') return;
  throw new AppError(409, 'order_not_in_checkout', `Order ${draft.id} is ${draft.state.currentStatus}; the shopper's data can only change during checkout.`);
}

/**
 * The order service's use cases. Each is a few lines: what to change, given to the engine.
 * REST shims, GraphQL resolvers and the payment API all call these.
 */
export class OrderCommands {
  constructor(
    private readonly engine: OrderEngine,
    private readonly store: OrderStore,
    private readonly calls: CallSigner,
    private readonly logger: Logger,
    private readonly options: { validationTimeoutMs: number; staticNotifications?: StaticNotificationSource },
  ) {}

  get(context: Pick<CommandContext, 'tenant'>, orderId: string): Promise<OrderRecord> {
    return this.engine.load(context.tenant, orderId);
  }

  async create(context: CommandContext, input: CreateOrderInput): Promise<OrderRecord> {
    const statics = (await this.options.staticNotifications?.(context.tenant)) ?? [];
    const document: OrderDocument = {
      ...input,
      id: input.id ?? randomUUID(),
      merchant: context.tenant.merchant,
      channel: context.tenant.channel,
      state: { currentStatus: INITIAL_STATUS, transitions: [{ status: INITIAL_STATUS, timeStamp: now() }] },
      cart: input.cart ?? { items: [], total: { includingVat: 0, excludingVat: 0 } },
      shippings: input.shippings ?? [],
      payments: (input.payments ?? []).map((payment) => this.newPayment(context, input.id ?? '', payment)),
      customer: input.customer ?? {},
      validations: (input.validations ?? []).map((v) => withIds(v, context) as Validation),
      hooks: (input.hooks ?? []).map((h) => withIds(h, context) as Hook),
      notifications: [...statics, ...(input.notifications ?? [])].map((n) => withIds(n, context)),
      total: { includingVat: 0, excludingVat: 0 },
    };
    document.payments = document.payments.map((payment) => ({ ...payment, orderId: document.id }));
    document.shippings = ownedShippings(context.tenant, document.id, document.shippings);
    document.notifications.forEach(assertNotificationSchema);
    // The caller's URLs must be ones the platform may call; the channel's static notifications were
    // checked when configured (and are checked again at each call), so they never block an order.
    const configured = new Set(statics.map((notification) => notification.invoke));
    await assertOutboundUrls(outboundUrls(document).filter((entry) => !(entry.pointer.startsWith('/notifications/') && configured.has(entry.url))));
    if (await this.store.load(context.tenant, document.id)) throw conflict(`Order ${document.id} already exists.`);
    return this.engine.create(context.tenant, context.actor, document);
  }

  setAddress(context: CommandContext, orderId: string, kind: 'billing' | 'shipping', address: Address): Promise<ChangeResult> {
    return this.change(context, orderId, `customer.${kind}.set`, (draft) => {
      assertShopperMayEdit(context, draft);
      draft.customer = { ...draft.customer, [kind]: withShopperIdentityKept(context.actor.role, draft.customer?.[kind], { type: 'person', ...address }) };
    });
  }

  replace<K extends 'cart' | 'shippings' | 'customer' | 'consents'>(context: CommandContext, orderId: string, part: K, value: OrderDocument[K]): Promise<ChangeResult> {
    return this.change(context, orderId, `${part}.replaced`, (draft) => {
      if (part === 'consents' || part === 'customer') assertShopperMayEdit(context, draft);
      if (part === 'customer') value = customerWithShopperIdentityKept(context.actor.role, draft.customer, value as OrderDocument['customer']) as OrderDocument[K];
      draft[part] = part === 'shippings' ? (ownedShippings(context.tenant, orderId, value as OrderDocument['shippings']) as OrderDocument[K]) : value;
    });
  }

  setReference(context: CommandContext, orderId: string, reference: string): Promise<ChangeResult> {
    return this.change(context, orderId, 'reference.set', (draft) => {
      draft.reference = reference;
    });
  }

  /** One move of the state machine, its own commit; illegal moves are refused with the allowed ones. */
  changeStatus(context: CommandContext, orderId: string, to: OrderStatus): Promise<ChangeResult> {
    // Delivery triggers capture (money taken): the back office or a service says so, never an adapter or shopper.
    if (to === 'delivered' && context.actor.role !== 'admin' && context.actor.role !== 'service') {
      throw forbidden(`Only admin and service tokens may move an order to delivered, not ${context.actor.role} tokens.`);
    }
    return this.change(context, orderId, 'status.changed', (draft) => {
      const refusal = refuseTransition(draft.state.currentStatus, to);
      if (refusal) throw badRequest('illegal_transition', refusal, { from: draft.state.currentStatus, to });
      // Nothing is paid for an order whose every payment was cancelled or refunded: it is not delivered (docs/order-engine.md).
      const attention = to === 'delivered' ? attentionOf(draft) : null;
      if (attention) throw new AppError(409, 'order_needs_attention', attention.message, { attention: attention.code, paymentIds: attention.paymentIds });
      draft.state = { currentStatus: to, transitions: [...draft.state.transitions, { status: to, timeStamp: now() }] };
    });
  }

  /** `options.assert` sees the fresh draft (on every retry) before the payment is added; it throws an AppError to refuse. */
  async addPayment(context: CommandContext, orderId: string, input: PaymentInput, options: PaymentChangeOptions = {}): Promise<{ result: ChangeResult; payment: PaymentDocument }> {
    const payment = this.newPayment(context, orderId, input);
    const transactions = (options.transactions ?? []).map((log) => ({ ...log, paymentId: payment.id, adapterId: payment.adapterId }));
    const hooks = (options.hooks ?? []).map((hook) => withIds(hook, context));
    for (const hook of hooks) assertOwnEntry(context, 'hook', hook);
    const result = await this.change(
      context,
      orderId,
      'payment.added',
      (draft) => {
        const added = { ...payment, currency: payment.currency ?? draft.currency };
        options.assert?.(draft, added);
        if (draft.payments.some((existing) => existing.id === payment.id)) throw conflict(`Payment ${payment.id} already exists on order ${orderId}.`);
        draft.payments = [...draft.payments, added];
        const newHooks = hooks.filter((hook) => !draft.hooks.some((existing) => existing.id === hook.id));
        if (newHooks.length > 0) draft.hooks = [...draft.hooks, ...(newHooks as OrderDocument['hooks'])];
      },
      transactions,
    );
    return { result, payment: result.order.document.payments.find((p) => p.id === payment.id) ?? payment };
  }

  /** `options.assert` sees the fresh draft (on every retry) before `update` runs; it throws an AppError to refuse. */
  async updatePayment(context: CommandContext, orderId: string, paymentId: string, update: (payment: PaymentDocument) => PaymentDocument, options: PaymentChangeOptions = {}): Promise<{ result: ChangeResult; payment: PaymentDocument }> {
    // Filled in by `apply` on the fresh draft (every retry), where the payment's adapter is known; committed with the change.
    const transactions: TransactionLogInput[] = [];
    const result = await this.change(
      context,
      orderId,
      'payment.updated',
      (draft) => {
        options.assert?.(draft);
        const index = draft.payments.findIndex((payment) => payment.id === paymentId);
        if (index < 0) throw notFound(`Payment ${paymentId} was not found on order ${orderId}.`, 'payment_not_found');
        const { adapterId } = draft.payments[index]!;
        transactions.splice(0, transactions.length, ...(options.transactions ?? []).map((log) => ({ ...log, paymentId, adapterId })));
        draft.payments[index] = { ...update(draft.payments[index]!), id: paymentId };
      },
      transactions,
    );
    return { result, payment: result.order.document.payments.find((p) => p.id === paymentId)! };
  }

  removePayment(context: CommandContext, orderId: string, paymentId: string): Promise<ChangeResult> {
    return this.change(context, orderId, 'payment.removed', (draft) => {
      const payment = draft.payments.find((candidate) => candidate.id === paymentId);
      if (!payment) throw notFound(`Payment ${paymentId} was not found on order ${orderId}.`, 'payment_not_found');
      assertOwnEntry(context, 'payment', payment);
      draft.payments = draft.payments.filter((payment) => payment.id !== paymentId);
    });
  }

  async register<K extends 'hooks' | 'notifications' | 'validations'>(
    context: CommandContext,
    orderId: string,
    kind: K,
    input: K extends 'hooks' ? HookInput : K extends 'notifications' ? NotificationInput : ValidationInput,
  ): Promise<{ result: ChangeResult; registered: OrderDocument[K][number] }> {
    const entry = withIds(input as HookInput, context) as unknown as OrderDocument[K][number];
    assertOwnEntry(context, kind.slice(0, -1), entry as { adapterId?: string });
    if (kind === 'notifications') assertNotificationSchema(entry as Notification);
    const result = await this.change(context, orderId, `${kind}.registered`, (draft) => {
      const list = draft[kind] as Array<{ id: string }>;
      if (list.some((existing) => existing.id === entry.id)) throw conflict(`${kind.slice(0, -1)} ${entry.id} is already registered on order ${orderId}.`);
      (draft[kind] as unknown[]) = [...list, entry];
    });
    return { result, registered: entry };
  }

  unregister(context: CommandContext, orderId: string, kind: 'hooks' | 'notifications' | 'validations', id: string): Promise<ChangeResult> {
    return this.change(context, orderId, `${kind}.removed`, (draft) => {
      const list = draft[kind] as Array<{ id: string; adapterId?: string }>;
      const entry = list.find((candidate) => candidate.id === id);
      if (!entry) throw notFound(`${kind.slice(0, -1)} ${id} was not found on order ${orderId}.`, `${kind.slice(0, -1)}_not_found`);
      assertOwnEntry(context, kind.slice(0, -1), entry);
      (draft[kind] as unknown[]) = list.filter((entry) => entry.id !== id);
    });
  }

  /** The `validate` action: built-in rules, then every validation callback in parallel. Commits nothing. */
  async validate(context: CommandContext, orderId: string): Promise<ValidationReport> {
    const order = await this.engine.load(context.tenant, orderId);
    const [builtIn, callbacks] = [
      builtInFailures(order.document),
      await callbackFailures(
        order.document,
        (validation, body) => this.calls.headersFor({ tenant: context.tenant, receiver: validation.adapterId, orderId, purpose: 'validation', method: 'POST', url: validation.url, body }),
        this.options.validationTimeoutMs,
      ),
    ];
    const failures = [...builtIn, ...callbacks];
    const report = { valid: failures.length === 0, failures };
    await this.store
      .recordEvent(context.tenant, orderId, order.version, { id: timeOrderedUuid(), type: 'order.validated', actor: context.actor.adapterId ?? context.actor.subject, data: { ...report } })
      .catch((error: unknown) => this.logger.error({ err: error, orderId }, 'could not record a validation event'));
    return report;
  }

  private change(context: CommandContext, orderId: string, action: string, apply: (draft: OrderDocument) => void, transactions?: TransactionLogInput[]): Promise<ChangeResult> {
    return this.engine.change({ tenant: context.tenant, orderId, actor: context.actor, action, apply, expectedVersion: context.expectedVersion, transactions });
  }

  private newPayment(context: CommandContext, orderId: string, input: PaymentInput): PaymentDocument {
    return {
      ...input,
      id: input.id ?? randomUUID(),
      adapterId: input.adapterId,
      amount: input.amount,
      state: input.state ?? 'intent',
      type: input.type ?? 'default',
      merchant: context.tenant.merchant,
      channel: context.tenant.channel,
      orderId,
    };
  }
}

/** The spec's Shipping carries its merchant, channel and order id: set from the order, as payments' are. */
const ownedShippings = (tenant: Tenant, orderId: string, shippings: OrderDocument['shippings']): OrderDocument['shippings'] =>
  shippings.map((shipping) => ({ ...shipping, merchant: tenant.merchant, channel: tenant.channel, orderId }));

/** An adapter token registers and removes only its own adapter's entries (hooks, notifications, validations, payments): 403 otherwise. */
function assertOwnEntry(context: CommandContext, kind: string, entry: { adapterId?: string }): void {
  if (context.actor.role === 'adapter' && entry.adapterId !== context.actor.adapterId) {
    throw forbidden(`An adapter token for ${context.actor.adapterId ?? 'no adapter'} cannot register or remove a ${kind} of ${entry.adapterId ?? 'no adapter'}.`);
  }
}

/** Gives a registered hook/notification/validation an id, and the calling adapter's id by default. */
function withIds<T extends { id?: string; adapterId?: string }>(entry: T, context: CommandContext): T & { id: string } {
  const adapterId = entry.adapterId ?? context.actor.adapterId;
  return { ...entry, id: entry.id ?? randomUUID(), ...(adapterId ? { adapterId } : {}) };
}
