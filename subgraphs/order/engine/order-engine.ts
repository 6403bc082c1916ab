import { randomUUID } from 'node:crypto';
import { timeOrderedUuid } from '../../../platform/db/time-ordered-id.js';
import jsonPatch from 'fast-json-patch';
import type { Tenant } from '../../../platform/auth/principal.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { assertSafeJson, cloneJson } from '../../../platform/http/json-guard.js';
import { AppError, badRequest, conflict, notFound } from '../../../platform/errors/app-error.js';
import type { Logger } from '../../../platform/logging/logger.js';
import { isWithin, topLevelOf } from '../domain/order-paths.js';
import { orderSchemaViolations, orderSchemaViolationsOfMembers } from '../domain/order-schema.validator.js';
import { deriveFields } from '../domain/order-totals.js';
import { assertKnownCurrency, assertOrderAmounts } from '../domain/amount-precision.rules.js';
import type { OrderDocument } from '../../../contracts/order.types.js';
import { orderKey, type OrderRecord } from '../order.model.js';
import { HookVeto, runHooks, type HookInvocation, type HookPatch, type HookRunOptions } from './hook-runner.js';
import { amountChangeJobId, paymentIdOfAmountChangeJob, planAmountChanges } from './amount-change.planner.js';
import { planNotifications } from './notification-planner.js';
import { allocateAmounts } from './payment-allocation.rules.js';
import { settleOpenPayments, type Settlement } from './payment-settlement.rules.js';
import { assertPaidFor } from '../domain/payment-coverage.rules.js';
import { VersionConflict, type EventInput, type JobInput, type OrderStore, type TransactionLogInput } from './order-store.repository.js';
import type { CallSigner } from '../../../platform/outbound/call-signer.js';
import { assertOutboundUrls } from '../../../platform/outbound/outbound-guard.js';
import { mayRegisterUrls, newOutboundUrls } from './outbound-urls.js';
import { isLockedStatus, lockedChangesText, mayChangeWhileLocked } from './order-lock.rules.js';
import { lifecycleMoveOf, paymentCallbackJobs, type LifecycleContext, type PaymentLifecycle } from './payment-lifecycle.js';
import { causeOfThisChange, processWriteQueue, type OrderWriteQueue } from './order-write.queue.js';
import { callsOut, turnBound, turnBoundMs } from './order-callouts.rules.js';
import { OrderTurnWaiters } from './order-turn.waiters.js';
import type { PaymentDocument } from '../../../contracts/order.types.js';

export interface ChangeRequest {
  tenant: Tenant;
  orderId: string;
  actor: Actor;
  /** Names the change in the event record: `customer.billing.set`, `status.changed`, … */
  action: string;
  /** Applies the change to a draft (a deep copy of the order). Throws an AppError to refuse it. */
  apply: (draft: OrderDocument) => void;
  /** Set by external callers that read a version first: a mismatch is a 409, never retried. */
  expectedVersion?: number;
  /** Payment transactions logged in the same commit (a payment created whole with its first log line). */
  transactions?: TransactionLogInput[];
}

export interface ChangeResult {
  order: OrderRecord;
  /** JSON pointers of everything that changed, hook patches included; empty for a no-op. */
  changes: string[];
  hooks: HookInvocation[];
}

export interface EngineLimits {
  hookTimeoutMs: number;
  cascadeLimit: number;
  /** Attempts of an internal caller that keeps losing optimistic-concurrency races. */
  maxAttempts: number;
}

export const DEFAULT_ENGINE_LIMITS: EngineLimits = { hookTimeoutMs: 5_000, cascadeLimit: 16, maxAttempts: 25 };

/** A change may start from the process's cached copy only when nothing outside is called before its commit can prove the copy current. */
/** Runs a lifecycle step that records its answers inside `document.payments`, and says whether they changed them. */
async function answeredInto<T>(document: OrderDocument, step: () => Promise<T>): Promise<{ result: T; answered: boolean }> {
  const before = JSON.stringify(document.payments);
  const result = await step();
  return { result, answered: JSON.stringify(document.payments) !== before };
}

const mayStartFromCache = (order: OrderRecord): boolean => !callsOut(order.document);

/**
 * The order change pipeline. Every writer — REST shim, GraphQL mutation, adapter, payment API —
 * changes orders through `change`: tenant-scoped load → lock check → change on a copy → hooks
 * (which may veto or patch) → one transaction with the versioned update, events, notification
 * jobs and the subscription notify. Writers of one order take turns within the process, and
 * across processes when the change calls out (the order's writer turn in the database); a race
 * lost otherwise is retried (or a 409 for `expectedVersion`).
 */
export class OrderEngine {
  constructor(
    private readonly store: OrderStore,
    private readonly calls: CallSigner,
    private readonly logger: Logger,
    private readonly limits: EngineLimits = DEFAULT_ENGINE_LIMITS,
    /** The payment lifecycle around status moves (process, abort); without it, no callback is called. */
    private readonly lifecycle?: PaymentLifecycle,
    /** Writers of one order take turns (shared by the process's engines; order-write.queue.ts). */
    private readonly writers: OrderWriteQueue = processWriteQueue,
    /** Where writers wait for a turn another process holds (poll only unless given one that listens). */
    private readonly turns: OrderTurnWaiters = new OrderTurnWaiters(undefined, logger),
  ) {}

  async create(tenant: Tenant, actor: Actor, document: OrderDocument): Promise<OrderRecord> {
    deriveFields(document);
    assertValid(document);
    assertKnownCurrency(document.currency);
    assertOrderAmounts(undefined, document);
    const jobs = notificationJobs(undefined, document);
    const events: EventInput[] = [
      { id: timeOrderedUuid(), type: 'order.created', actor: actorName(actor), data: { action: 'order.created', notificationsQueued: jobs.map((job) => job.notificationId) } },
    ];
    return this.store.insert(document, events, jobs);
  }

  async load(tenant: Tenant, orderId: string): Promise<OrderRecord> {
    const order = await this.store.load(tenant, orderId);
    if (!order) throw notFound(`Order ${orderId} was not found.`, 'order_not_found');
    return order;
  }

  /**
   * Changes of one order in this process run one at a time (in arrival order); those that call
   * out also hold the order's writer turn in the database, so across processes too hooks are
   * called once per committed change and callers without `If-Match` never lose a race to a
   * neighbour. A pinned version this process already knows to be stale is refused at once,
   * without waiting for a turn.
   */
  async change(request: ChangeRequest): Promise<ChangeResult> {
    if (request.expectedVersion !== undefined) {
      const known = this.store.knownVersion(request.tenant, request.orderId);
      if (known !== undefined && known > request.expectedVersion) {
        throw conflict(`Order ${request.orderId} is at version ${known}, not ${request.expectedVersion}.`, { version: known });
      }
    }
    const cause = causeOfThisChange();
    return this.writers.turn(orderKey(request.tenant, request.orderId), () => this.changeInTurn(request, cause), cause);
  }

  /**
   * One change, holding the order's writer turn in the database from its fresh read to its commit
   * when the order calls out (docs/order-engine.md, "Writers across processes"). The commit
   * clears the turn; any other ending gives it back here.
   */
  private async changeInTurn(request: ChangeRequest, cause: string | undefined): Promise<ChangeResult> {
    const turn: HeldTurn = { holder: cause ?? `change:${randomUUID()}`, held: false, next: false };
    const key = orderKey(request.tenant, request.orderId);
    try {
      return await this.attempts(request, turn);
    } finally {
      if (turn.held || turn.next) {
        await this.store.releaseTurn(request.tenant, request.orderId, turn.holder).catch((error: unknown) => this.logger.error({ err: error, orderId: request.orderId }, 'could not give back an order turn; it expires'));
      } else if (this.writers.settle(key)) {
        this.store.announceTurn(request.tenant, request.orderId);
      }
    }
  }

  /**
   * A fresh read of the order for a change: it takes the order's writer turn when the order calls
   * out, and waits while another writer holds it (woken when it is given back, or it expires),
   * first in line when no writer of another process is. A pinned version already passed is
   * refused without waiting; a wait longer than the order's turn bound is answered as a change
   * that kept losing races.
   */
  private async readInTurn(request: ChangeRequest, turn: HeldTurn): Promise<OrderRecord | null> {
    let deadline: number | undefined;
    const key = orderKey(request.tenant, request.orderId);
    for (;;) {
      const read = await this.store.loadTakingTurn(request.tenant, request.orderId, turn.holder, turnBound(this.limits), this.writers.mayKeepTurn(key));
      if (read.turn === 'taken' || read.turn === 'taken-ahead') {
        turn.held = true;
        this.writers.tookTurn(key, read.turn === 'taken-ahead');
      }
      turn.next = typeof read.turn === 'object' && read.turn.next;
      if (!read.order || typeof read.turn === 'string') return read.order;
      const { order } = read;
      if (request.expectedVersion !== undefined && order.version > request.expectedVersion) {
        throw conflict(`Order ${order.id} is at version ${order.version}, not ${request.expectedVersion}.`, { version: order.version });
      }
      deadline ??= Date.now() + turnBoundMs(order.document, this.limits);
      if (Date.now() >= deadline) throw kept(order.id);
      await this.turns.wait(request.tenant, request.orderId, Math.min(deadline, read.turn.until.getTime()));
    }
  }

  private async attempts(request: ChangeRequest, turn: HeldTurn): Promise<ChangeResult> {
    for (let attempt = 1; ; attempt++) {
      // The first attempt may start from this process's last committed copy. Only a commit proves
      // a copy current (the versioned update), so any other outcome of a cached copy — a refusal,
      // a no-op, a lock — is decided again on a fresh read.
      // Orders with hooks always start from a fresh read, so no hook sees (or vetoes) a stale copy;
      // so do orders whose payments registered process or abort: those are called on a status move.
      // That read takes the order's writer turn for them.
      const cachedCopy = attempt === 1 ? this.store.cachedForChange(request.tenant, request.orderId, mayStartFromCache) : undefined;
      const base = cachedCopy ? { order: cachedCopy, cached: true } : { order: await this.readInTurn(request, turn), cached: false };
      if (!base.order) throw notFound(`Order ${request.orderId} was not found.`, 'order_not_found');
      const { cached } = base;
      let prepared: Prepared;
      try {
        prepared = this.prepare(request, base.order);
      } catch (error) {
        if (cached) continue;
        throw error;
      }
      const { current, draft, requested } = prepared;
      if (requested.length === 0) {
        if (cached) continue;
        return { order: current, changes: [], hooks: [] };
      }

      // A URL registered by this change (hook, validation, notification, callback) must be one the platform may call.
      if (mayRegisterUrls(requested)) await assertOutboundUrls(newOutboundUrls(current.document, draft));

      // `process` runs before the hooks, so a hook's veto (or a lost race) can still release what
      // it reserved; anything a hook does outside the platform cannot be undone. `abort` on the way
      // back to checkout runs after them: a hook may refuse that move (a payment still being
      // processed at its provider), and then nothing must have been released.
      const lifecycle: LifecycleContext = { tenant: request.tenant, version: current.version, actor: actorName(request.actor) };
      const move = this.lifecycle ? lifecycleMoveOf(current.status, draft.state.currentStatus) : undefined;
      // The completing adapter's payment pays the order: other adapters' abandoned intents go in this commit, before `process` and the hooks see it.
      let settled: Settlement = { removed: [], transactions: [] };
      try {
        if (current.status === 'checkout' && draft.state.currentStatus === 'processing') settled = settleOpenPayments(draft, request.actor.adapterId);
      } catch (error) {
        if (cached) continue;
        if (error instanceof AppError) await this.recordRefusal(request, current, error);
        throw error;
      }
      const processed = move === 'process' ? await this.process(request, current, draft, lifecycle) : { payments: [], answered: false };

      let outcome: { document: OrderDocument; invocations: HookInvocation[]; patches: HookPatch[] };
      try {
        outcome = await runHooks(current.document, draft, {
          actorAdapterId: request.actor.adapterId,
          headers: hookCallSigner(this.calls, request),
          timeoutMs: this.limits.hookTimeoutMs,
          cascadeLimit: this.limits.cascadeLimit,
        });
        assertPatchesKeptLock(current, outcome.document, outcome.patches);
        // Hook patches may register URLs too (lifecycle answers never do).
        if (outcome.invocations.some((invocation) => invocation.patched.length > 0)) await assertOutboundUrls(newOutboundUrls(draft, outcome.document));
      } catch (error) {
        if (error instanceof HookVeto) await this.recordVeto(request, current, error);
        await this.undoProcess(lifecycle, draft, processed.payments);
        throw error;
      }

      // Accepted and completed only when the payments hold the total, on the change as the hooks left it (a hook may
      // authorize a payment on the move), before `confirm` commits anything (docs/order-engine.md, "Paid before accepted").
      if (current.status !== outcome.document.state.currentStatus) {
        try {
          assertPaidFor(outcome.document, outcome.document.state.currentStatus);
        } catch (error) {
          await this.undoProcess(lifecycle, draft, processed.payments);
          if (cached) continue; // decided again on a fresh read: only a commit proves a cached copy current
          if (error instanceof AppError) await this.recordRefusal(request, current, error);
          throw error;
        }
      }
      const released = move === 'release' ? await this.release(outcome.document, lifecycle) : false;
      const confirmed = move === 'confirm' ? await this.confirm(outcome.document, lifecycle) : { payments: [], answered: false };
      // The platform's allocation, on the change as the hooks left it: the payments without a
      // provider session follow their shares in this commit (hooks see the change as requested).
      const reallocated = allocateAmounts(current.document, outcome.document);
      const patched = settled.removed.length > 0 || processed.answered || released || confirmed.answered || reallocated || outcome.invocations.some((invocation) => invocation.patched.length > 0);
      const changes = patched ? changedPointers(current.document, outcome.document) : requested;
      const jobs = [
        ...notificationJobs(current.document, outcome.document),
        ...amountChangedJobs(current.document, outcome.document, request.actor.adapterId),
        ...paymentCallbackJobs(current.document, outcome.document, confirmed.payments),
      ];
      const event: EventInput = {
        id: timeOrderedUuid(),
        type: 'order.changed',
        actor: actorName(request.actor),
        data: {
          action: request.action,
          changes,
          hooks: outcome.invocations,
          notificationsQueued: jobs.filter((job) => job.kind === 'notification').map((job) => job.notificationId),
          amountChangesQueued: jobs.filter((job) => job.kind === 'amount_changed').map((job) => ({ paymentId: paymentIdOfAmountChangeJob(job.notificationId), amount: job.payload.amount })),
          ...(current.status !== outcome.document.state.currentStatus ? { status: { from: current.status, to: outcome.document.state.currentStatus } } : {}),
        },
      };
      try {
        const transactions = settled.transactions.length > 0 ? [...(request.transactions ?? []), ...settled.transactions] : request.transactions;
        const order = await this.store.update(current, outcome.document, event, jobs, transactions, turn.held && this.writers.announceOnCommit(orderKey(request.tenant, request.orderId)));
        turn.held = false; // the commit cleared it
        return { order, changes, hooks: outcome.invocations };
      } catch (error) {
        // Not committed: what `process` reserved is released (a retry processes again).
        await this.undoProcess(lifecycle, outcome.document, processed.payments);
        if (!(error instanceof VersionConflict)) throw error;
        if (request.expectedVersion !== undefined || attempt >= this.limits.maxAttempts) throw kept(current.id);
        this.logger.debug({ orderId: current.id, attempt }, 'order change lost a race; retrying');
        await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 * attempt)));
      }
    }
  }

  /** Steps 1–4 of a change on a given copy: version pin, apply, derive, validate, diff, lock. */
  private prepare(request: ChangeRequest, current: OrderRecord): Prepared {
    if (request.expectedVersion !== undefined && current.version !== request.expectedVersion) {
      throw conflict(`Order ${current.id} is at version ${current.version}, not ${request.expectedVersion}.`, { version: current.version });
    }
    const draft = cloneJson(current.document);
    request.apply(draft);
    deriveFields(draft);
    const requested = changedPointers(current.document, draft);
    // The committed order passed these checks: only what changed is walked for unsafe JSON.
    assertValid(draft, requested);
    if (requested.length > 0) {
      if (draft.currency !== current.document.currency) assertKnownCurrency(draft.currency);
      // Every writer's amounts (REST shims, GraphQL, payment API, adapters) meet the currency's precision here.
      assertOrderAmounts(current.document, draft);
      assertUnlocked(current, requested);
    }
    return { current, draft, requested };
  }

  /**
   * checkout → processing: `process` on the payments; a failure vetoes (400
   * `payment_process_failed`, recorded as a veto event). Answers are recorded on the draft.
   */
  private async process(request: ChangeRequest, current: OrderRecord, draft: OrderDocument, context: LifecycleContext): Promise<{ payments: PaymentDocument[]; answered: boolean }> {
    try {
      const { result: payments, answered } = await answeredInto(draft, () => this.lifecycle!.process(context, draft));
      return { payments, answered };
    } catch (error) {
      if (error instanceof AppError) await this.recordRefusal(request, current, error);
      throw error;
    }
  }

  /** accepted → completed, once the hooks accepted it: `confirm` on the part payments; answers recorded inside `payments`, the payments confirmed returned. */
  private async confirm(document: OrderDocument, context: LifecycleContext): Promise<{ payments: string[]; answered: boolean }> {
    const { result: payments, answered } = await answeredInto(document, () => this.lifecycle!.confirm(context, document));
    return { payments, answered };
  }

  /** processing → checkout, once the hooks accepted it: `abort` releases reservations; answers recorded inside `payments`. */
  private async release(document: OrderDocument, context: LifecycleContext): Promise<boolean> {
    return (await answeredInto(document, () => this.lifecycle!.release(context, document))).answered;
  }

  private async undoProcess(context: LifecycleContext, order: OrderDocument, payments: PaymentDocument[]): Promise<void> {
    if (payments.length === 0 || !this.lifecycle) return;
    await this.lifecycle.abort(context, order, payments).catch((error: unknown) => this.logger.error({ err: error, orderId: order.id }, 'could not abort processed payments'));
  }

  private async recordRefusal(request: ChangeRequest, current: OrderRecord, refusal: AppError): Promise<void> {
    await this.store
      .recordEvent(request.tenant, current.id, current.version, {
        id: timeOrderedUuid(),
        type: 'order.change_vetoed',
        actor: actorName(request.actor),
        data: { action: request.action, reason: refusal.code, message: refusal.message, ...(refusal.details as Record<string, unknown>) },
      })
      .catch((error: unknown) => this.logger.error({ err: error, orderId: current.id }, 'could not record a veto event'));
  }

  private async recordVeto(request: ChangeRequest, current: OrderRecord, veto: HookVeto): Promise<void> {
    await this.store
      .recordEvent(request.tenant, current.id, current.version, {
        id: timeOrderedUuid(),
        type: 'order.change_vetoed',
        actor: actorName(request.actor),
        data: { action: request.action, ...(veto.details as Record<string, unknown>) },
      })
      .catch((error: unknown) => this.logger.error({ err: error, orderId: current.id }, 'could not record a veto event'));
  }
}

/** The writer turn a change holds (or not) under its holder name (its cause, or a random id), and whether it is next in line for it. */
interface HeldTurn {
  holder: string;
  held: boolean;
  next: boolean;
}

/** A change that kept losing races (or waited for the turn longer than its bound). */
const kept = (orderId: string) => conflict(`Order ${orderId} was changed by someone else at the same time; try again.`);

interface Prepared {
  current: OrderRecord;
  draft: OrderDocument;
  requested: string[];
}

/** Signs each hook call of a change: a call token bound to the hook's adapter, the order, the URL and the body. */
function hookCallSigner(calls: CallSigner, request: ChangeRequest): HookRunOptions['headers'] {
  return (hook, body) => calls.headersFor({ tenant: request.tenant, receiver: hook.adapterId, orderId: request.orderId, purpose: 'hook', method: 'POST', url: hook.invoke, body });
}

/**
 * The order schema and the JSON hazards: on the whole document, or with `changed`, on the
 * members holding those pointers only (the committed rest passed both; the schema ties no member
 * to another, see orderSchemaViolationsOfMembers).
 */
function assertValid(document: OrderDocument, changed?: readonly string[]): void {
  const members = changed && new Set(changed.map((pointer) => topLevelOf(pointer).slice(1)));
  if (!members || members.has('')) assertSafeJson(document, 'The change');
  else for (const member of members) assertSafeJson({ [member]: (document as unknown as Record<string, unknown>)[member] }, 'The change');
  const violations = members ? orderSchemaViolationsOfMembers(document, members) : orderSchemaViolations(document);
  if (violations.length > 0) {
    throw badRequest('invalid_order', `The change would make the order invalid: ${violations[0]!.pointer} ${violations[0]!.message}.`, violations);
  }
}

function assertUnlocked(current: OrderRecord, changes: string[]): void {
  if (!isLockedStatus(current.status)) return;
  const refused = changes.filter((pointer) => !mayChangeWhileLocked(pointer));
  if (refused.length > 0) {
    throw new AppError(409, 'order_locked', `Order ${current.id} is ${current.status}: only status updates are accepted until it moves on.`, { refused });
  }
}

/**
 * The lock holds for the patched result too: what was requested passed `assertUnlocked`, so
 * anything else the final document changes came from a hook, and vetoes the change in its name
 * (the first hook whose patch wrote the refused pointer, or the member holding it).
 */
function assertPatchesKeptLock(current: OrderRecord, patched: OrderDocument, patches: readonly HookPatch[]): void {
  if (patches.length === 0 || !isLockedStatus(current.status)) return;
  const refused = changedPointers(current.document, patched).filter((pointer) => !mayChangeWhileLocked(pointer));
  if (refused.length === 0) return;
  const overlaps = (a: string, b: string) => isWithin(a, b) || isWithin(b, a);
  const culprit =
    patches.find(({ pointers }) => pointers.some((written) => refused.some((pointer) => overlaps(written, pointer)))) ??
    patches.find(({ pointers }) => pointers.some((written) => refused.some((pointer) => topLevelOf(written) === topLevelOf(pointer)))) ??
    patches[0]!;
  throw new HookVeto(
    culprit.hook,
    'locked_order',
    `its patch changes ${refused.slice(0, 3).join(', ')} of order ${current.id}, which is ${current.status}: only ${lockedChangesText} may change`,
  );
}

/** Every changed JSON pointer between two versions of the document. */
export const changedPointers = (before: OrderDocument, after: OrderDocument): string[] =>
  [...new Set(jsonPatch.compare(before, after).map((operation) => operation.path))];

function notificationJobs(before: OrderDocument | undefined, after: OrderDocument): JobInput[] {
  return planNotifications(before, after).map(({ notification, value }) => ({
    kind: 'notification' as const,
    notificationId: notification.id,
    invoke: notification.invoke,
    payload: {
      orderId: after.id,
      notification: {
        id: notification.id,
        adapterId: notification.adapterId,
        reference: notification.reference,
        description: notification.description,
        scope: notification.scope,
      },
      value,
    },
  }));
}

/** Payments' amountChanged callbacks go through the same outbox, so they are as reliable as notifications. */
function amountChangedJobs(before: OrderDocument, after: OrderDocument, actorAdapterId: string | undefined): JobInput[] {
  return planAmountChanges(before, after, actorAdapterId).map(({ payment, amount, url }) => ({
    kind: 'amount_changed' as const,
    notificationId: amountChangeJobId(payment.id),
    invoke: url,
    payload: { amount },
  }));
}

const actorName = (actor: Actor) => actor.adapterId ?? actor.subject;


