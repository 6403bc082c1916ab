import type { OrderDocument, OrderPart } from './order.types.js';

/**
 * What the platform sends to adapters and what it reads back: hooks, validations, notifications,
 * amountChanged and the payment lifecycle callbacks. Both sides type their bodies with these.
 */

/** One JSON Patch (RFC 6902) operation, as hooks answer them. */
export type JsonPatchOperation =
  | { op: 'add' | 'replace' | 'test'; path: string; value: unknown }
  | { op: 'remove'; path: string }
  | { op: 'move' | 'copy'; from: string; path: string };

/**
 * A hook call: the order's identity, the members that changed (as pointers, e.g. `/cart`) and
 * each changed member's new value, plus the order's hooks and total. A hook with a `target`
 * also gets that member's current value (changed or not), so it can patch without reading back.
 */
export type HookRequest = Pick<OrderDocument, 'id' | 'merchant' | 'channel' | 'hooks' | 'total'> & {
  changes: OrderPart[];
} & Partial<Omit<OrderDocument, 'id' | 'merchant' | 'channel' | 'hooks' | 'total'>>;

/** A hook's 200 answer: a JSON Patch inside its target (or subscribeTo); empty changes nothing. A 400 `{message}` vetoes. */
export type HookAnswer = JsonPatchOperation[];

/** A validation call carries the whole order. */
export type ValidationRequest = OrderDocument;

/** A failed validation: a non-2xx answer with one of these bodies (any other body fails with its status). */
export interface ValidationError {
  code: string;
  message?: string;
  /** The order's members the problem is about, as JSON pointers (`/customer/billing/postalCode`), so a storefront can show it at its field. */
  pointers?: string[];
}
export type ValidationFailureAnswer = ValidationError | ValidationError[] | { errors: ValidationError[] };

/** A notification: its own payload, the order's version and the order as of the change that fired it. */
export type NotificationRequest = Record<string, unknown> & { version: number; order: OrderDocument };

/** `POST …/amount-changed`: the amount the payment should cover now (contracts/allocation.ts decides it). */
export interface AmountChangedRequest {
  amount: number;
}

/**
 * The lifecycle callbacks the platform calls on a payment (spec "Contract for a payment adapter"),
 * and `refresh`: the back office's payment action Refresh, asking the adapter to re-read the
 * payment at its provider and answer what changed there.
 */
export const PAYMENT_CALLBACKS = ['process', 'abort', 'confirm', 'capture', 'cancel', 'refund', 'refresh'] as const;
export type PaymentCallbackName = (typeof PAYMENT_CALLBACKS)[number];

/** What the platform posts to a payment's lifecycle callback (docs/adapter-kit.md, "Payment lifecycle"). */
export interface PaymentCallbackRequest {
  callback: PaymentCallbackName;
  orderId: string;
  paymentId: string;
  adapterId: string;
  /**
   * The platform's own id of the operation this call belongs to: the same on every retry of that
   * operation (the outbox retrying a capture; a refund asked again after its first answer was lost),
   * another for another operation (a second refund of the same amount). `{callback}:{paymentId}` for
   * the steps a payment takes once (process, confirm, capture, cancel…), `refund:{uuid}` per refund.
   * An adapter derives the idempotency key it sends its provider from this (and the payment), never
   * from amounts read at the call (docs/adapter-kit.md, "Money calls are safe to retry").
   */
  operationId: string;
  /** The payment's amount; for `refund`, the amount to refund. */
  amount: number;
  currency: string;
  state: string;
  reference?: string;
  attributes?: Record<string, unknown>;
  /** `refund` only: why the operator refunds (refundPayment's `reason`); an adapter may pass it on to its provider. */
  reason?: string;
  /**
   * True when the call comes after the change committed, from the outbox (`capture`, and a
   * `confirm` that failed inside the move to `completed`): the platform records nothing of the
   * answer, so the adapter records its outcome on the payment itself (payment API), and the order
   * in the body may be older than a retry. Absent: the platform records the answer.
   */
  afterCommit?: boolean;
  /** The order as the platform sees it at the call. */
  order: OrderDocument;
}

/**
 * A lifecycle callback's 2xx answer: what it asks the platform to record on the payment (empty
 * body: nothing). A 4xx `{code, message}` refuses, and its message reaches the caller.
 */
export interface PaymentAnswer {
  state?: string;
  attributes?: Record<string, unknown>;
  reference?: string;
  pspStatus?: string;
  /**
   * `refund` only: the key of the provider event that will report this refund (the `eventKey` its
   * webhook action carries). The platform records the refund with it, so that event adds nothing again.
   */
  eventKey?: string;
  /**
   * `refresh` only: the amount the provider holds for the payment and what it has refunded of it.
   * A refresh's `state` may be several moves away (e.g. reserved → refunded): the platform checks
   * it is reachable through the payment state table.
   */
  amount?: number;
  refundedAmount?: number;
  /**
   * The adapter's own call to its provider for this step (what it sent and what came back), for
   * the payment's log: the platform records it beside its record of the call, whether or not the
   * change commits (the provider call happened either way). No `eventKey`.
   */
  transaction?: Omit<TransactionInput, 'eventKey'>;
}

/** One call to a provider as it is logged (`POST /api/v0/payments/{id}/transactions`, or with a payment's create). */
export interface TransactionInput {
  event: string;
  pspEvent?: string | null;
  amount?: number | null;
  isSuccess: boolean;
  pspStatus?: string | null;
  requestJson?: unknown;
  responseJson?: unknown;
  errorDetail?: string | null;
  /** A provider event's key (a webhook's `eventKey`): unique per payment; logging it again is refused 409 `duplicate_event` and changes nothing. */
  eventKey?: string | null;
}
