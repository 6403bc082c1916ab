/** Which orders call out during a change (hooks, payment lifecycle callbacks), in JS and in SQL, and how long such a change may take. */
import type { OrderDocument, PaymentDocument } from '../../../contracts/order.types.js';

const hasLifecycleCallbacks = (payment: PaymentDocument) => Boolean(payment.callbacks?.process ?? payment.callbacks?.abort ?? payment.callbacks?.confirm);

/**
 * A change of this order may call something outside the platform before its commit: a hook, or
 * a payment's `process`/`abort`/`confirm` on a status move. Such a change starts from a fresh read (never a
 * cached copy) and takes the order's writer turn across processes (docs/order-engine.md).
 */
export const callsOut = (document: OrderDocument): boolean => document.hooks.length > 0 || document.payments.some(hasLifecycleCallbacks);

/**
 * `callsOut` as an SQL condition on a document column, for the statement that reads an order and
 * takes its turn at once. The two must agree (test/order/writers-across-processes.test.ts checks
 * them on the same documents).
 */
export const callsOutSql = (document: string): string =>
  `(jsonb_array_length(coalesce(${document}->'hooks', '[]'::jsonb)) > 0
    or jsonb_path_exists(${document}, '$.payments[*].callbacks ? (@.process != null || @.abort != null || @.confirm != null)'))`;

/** What bounds how long a change may run: each outbound call waits at most `hookTimeoutMs`; patches bring in at most `cascadeLimit` more calls. */
export interface TurnLimits {
  hookTimeoutMs: number;
  cascadeLimit: number;
}

/** Time for what a change does besides its outbound calls (reads, checks, the commit), on a loaded machine. */
export const TURN_MARGIN_MS = 10_000;

/**
 * How long a writer may hold an order's turn: hook timeout × (the order's hooks + 2 × its
 * payments + the cascade limit) + a margin. Each hook is called once for the change plus at most
 * `cascadeLimit` cascaded calls; each payment at most two lifecycle callbacks (`process`, then
 * `abort` when a veto or lost commit undoes it; or `confirm` alone). Past it, the holder is taken for dead.
 * `base` and `perCall` are what the SQL multiplies (`turnUntilSql`).
 */
export const turnBound = (limits: TurnLimits) => ({ baseMs: limits.hookTimeoutMs * limits.cascadeLimit + TURN_MARGIN_MS, perCallMs: limits.hookTimeoutMs });

export const turnBoundMs = (document: OrderDocument, limits: TurnLimits): number => {
  const { baseMs, perCallMs } = turnBound(limits);
  return baseMs + perCallMs * (document.hooks.length + 2 * document.payments.length);
};

/** `turnBoundMs` as an SQL expression: the expiry of a turn taken now (`base` and `perCall` are placeholders of integers). */
export const turnUntilSql = (document: string, base: string, perCall: string): string =>
  `now() + ((${base}::int + ${perCall}::int * (jsonb_array_length(coalesce(${document}->'hooks', '[]'::jsonb))
    + 2 * jsonb_array_length(coalesce(${document}->'payments', '[]'::jsonb)))) * interval '1 millisecond')`;
