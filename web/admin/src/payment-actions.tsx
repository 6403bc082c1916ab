import { useId, useState } from 'react';
import { precisionOf, precisionText } from '../../../contracts/currency-exponents.js';
import { amountInput, formatMoney } from './format';
import type { Gql } from './api';
import { AdminCancelDocument, AdminRefreshDocument, AdminRefundDocument, type AdminOrderQuery } from './generated/graphql';
import { availableActions, PLATFORM_ACTIONS, refundable } from './payment-offers';

/** A payment of the order as the order page's query selects it (AdminOrder in operations.graphql). */
type OrderPayment = NonNullable<AdminOrderQuery['order']>['payments'][number];
/** What the payment actions read of a payment; `callbacks` is the JSON of the adapter's callback URLs by name. */
export type ActionablePayment = Pick<OrderPayment, 'orderId' | 'id' | 'state' | 'amount' | 'refundedAmount' | 'currency' | 'actions' | 'callbacks'>;

/** Why the order needs an operator (Order.attention): its code and the platform's sentence, whatever the reason. */
export type OrderAttention = NonNullable<NonNullable<AdminOrderQuery['order']>['attention']>;

/** Runs one payment action: `send` calls the gateway with the page's client. */
export type RunAction = (label: string, send: (gql: Gql) => Promise<unknown>) => Promise<void>;

/** The refund reason's longest form the platform keeps (refundPayment: INVALID_REFUND_REASON beyond it). */
const REASON_MAX = 500;

/**
 * An amount an operator typed, read in major units: digits with at most one decimal separator
 * (a point, or a comma as Norwegian keyboards write it), no finer than the currency allows, above
 * 0 and at most `max`. The answer is the amount, or the sentence shown at the field.
 */
export function parseAmount(text: string, currency: string, max: number): { amount: number } | { problem: string } {
  const written = text.trim().replace(',', '.');
  if (written === '') return { problem: 'Type the amount to refund.' };
  if (!/^\d+(\.\d+)?$/.test(written)) return { problem: `Type the amount in ${currency} with digits only, e.g. ${amountInput(12.5, currency)}.` };
  const decimals = written.split('.')[1]?.length ?? 0;
  const exponent = precisionOf(currency);
  if (decimals > exponent) return { problem: `${precisionText(currency, exponent)}; ${written} has ${decimals}.` };
  const amount = Number(written);
  if (!(amount > 0)) return { problem: 'The amount must be above 0.' };
  if (amount > max) return { problem: `At most ${formatMoney(max, currency)} is left to refund.` };
  return { amount };
}

/**
 * The amount one arrow key press makes of `text` (ArrowUp +1, ArrowDown −1 minor unit), kept
 * between one minor unit and `max`; undefined while `text` is no amount (the field says why on Refund…).
 */
export function stepAmount(text: string, currency: string, max: number, direction: 1 | -1): string | undefined {
  const written = text.trim().replace(',', '.');
  if (!/^\d*(\.\d*)?$/.test(written) || written === '' || written === '.') return undefined;
  const scale = 10 ** precisionOf(currency);
  const minor = Math.round(Number(written) * scale) + direction;
  return amountInput(Math.min(Math.max(minor, 1), Math.round(max * scale)) / scale, currency);
}

/** A question before an action runs: what will happen, named with its amount, and two answers. */
function Confirm(props: { question: string; detail?: string; confirm: string; back: string; busy: boolean; onConfirm: () => void; onBack: () => void }) {
  const id = useId();
  return (
    <div className="confirm" role="alertdialog" aria-labelledby={`${id}-question`} aria-describedby={props.detail ? `${id}-detail` : undefined} data-testid="confirm">
      <p id={`${id}-question`}>
        <strong>{props.question}</strong>
      </p>
      {props.detail && (
        <p id={`${id}-detail`} className="hint">
          {props.detail}
        </p>
      )}
      <p className="actions">
        <button type="button" className="danger" disabled={props.busy} onClick={props.onConfirm} autoFocus>
          {props.confirm}
        </button>
        <button type="button" disabled={props.busy} onClick={props.onBack}>
          {props.back}
        </button>
      </p>
    </div>
  );
}

/** A refund's idempotency key: random, from getRandomValues (randomUUID needs a secure context; the admin may be served over plain HTTP). */
function refundKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

type Asking = { kind: 'capture' } | { kind: 'cancel' } | { kind: 'refund'; amount: number; reason: string; key: string } | null;

/**
 * A payment's actions on the order page: capture (by delivery), cancel and refund each ask first,
 * naming the amount in the currency's major units; refund is prefilled with what is left, checked
 * against the currency's decimals at its field, and takes a reason kept in the transaction log.
 */
export function PaymentActions(props: { payment: ActionablePayment; orderCurrency: string; orderStatus: string; attention: OrderAttention | null; busy: boolean; onDeliver: () => Promise<void>; run: RunAction }) {
  const { payment, orderStatus, busy, onDeliver, run } = props;
  const currency = payment.currency ?? props.orderCurrency;
  const left = refundable(payment, currency);
  const [amountText, setAmountText] = useState(amountInput(left, currency));
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const ids = useId();

  // Only what the gateway can run: a callback the adapter registered, from a state the payment machine allows (payment-offers.ts).
  const available = availableActions(payment, props.orderCurrency);
  const canCancel = available.has('cancel');
  const canRefund = available.has('refund');
  // Capture is the platform's step at delivery: offered while the payment waits for it and the order can be delivered.
  const canCapture = available.has('capture') && !props.attention;
  // Refresh: the adapter re-reads the payment at its provider (refreshPayment). Changes nothing by itself: no question.
  const canRefresh = available.has('refresh');
  // Actions an adapter lists at its own address that are none of the platform's: shown, disabled (the gateway has no mutation for them).
  // A listed Cancel, Capture, Refund or Refresh without its callback is not offered at all: the platform would refuse it.
  const elsewhere = payment.actions.filter((action) => !(PLATFORM_ACTIONS as readonly string[]).includes(action.type.toLowerCase()));
  if (!canCancel && !canRefund && !canCapture && !canRefresh && elsewhere.length === 0) return null;

  const amount = formatMoney(payment.amount, currency);
  const done = async (work: Promise<void>) => {
    await work;
    setAsking(null);
  };
  const askRefund = () => {
    const parsed = parseAmount(amountText, currency, left);
    if ('problem' in parsed) {
      setProblem(parsed.problem);
      document.getElementById(`${ids}-amount`)?.focus();
      return;
    }
    if (reason.trim().length > REASON_MAX) {
      setProblem(null);
      return;
    }
    setProblem(null);
    // One key per refund asked for: confirming again after a failure (an answer lost) refunds once.
    setAsking({ kind: 'refund', amount: parsed.amount, reason: reason.trim(), key: refundKey() });
  };

  if (asking?.kind === 'capture') {
    return (
      <div className="payment-actions">
        <Confirm
          question={`Capture ${amount}?`}
          detail="The order is marked delivered; the payment's provider then takes the money. This cannot be undone here (a refund gives it back)."
          confirm={`Capture ${amount}`}
          back="Not now"
          busy={busy}
          onConfirm={() => void done(onDeliver())}
          onBack={() => setAsking(null)}
        />
      </div>
    );
  }
  if (asking?.kind === 'cancel') {
    return (
      <div className="payment-actions">
        <Confirm
          question={`Cancel the payment of ${amount}?`}
          detail="The provider releases the money it holds; the payment cannot be taken again."
          confirm={`Cancel payment of ${amount}`}
          back="Keep the payment"
          busy={busy}
          onConfirm={() => void done(run('Cancel', (gql) => gql(AdminCancelDocument, { o: payment.orderId, p: payment.id })))}
          onBack={() => setAsking(null)}
        />
      </div>
    );
  }
  if (asking?.kind === 'refund') {
    const refund = formatMoney(asking.amount, currency);
    return (
      <div className="payment-actions">
        <Confirm
          question={`Refund ${refund} of ${amount}?`}
          detail={`${asking.reason ? `Reason: ${asking.reason}. ` : 'No reason given. '}The provider sends the money back to the customer; this cannot be undone.`}
          confirm={`Refund ${refund}`}
          back="Back"
          busy={busy}
          onConfirm={() => void done(run('Refund', (gql) => gql(AdminRefundDocument, { o: payment.orderId, p: payment.id, a: asking.amount, r: asking.reason || null, k: asking.key })))}
          onBack={() => setAsking(null)}
        />
      </div>
    );
  }

  const reasonTooLong = reason.trim().length > REASON_MAX;
  return (
    <div className="payment-actions">
      {canCapture && (
        <button type="button" disabled={busy || orderStatus !== 'completed'} onClick={() => setAsking({ kind: 'capture' })} title="Captures by moving the order to delivered (the capture callback runs then).">
          Capture…
        </button>
      )}
      {canCancel && (
        <button type="button" disabled={busy} onClick={() => setAsking({ kind: 'cancel' })}>
          Cancel payment…
        </button>
      )}
      {canRefund && (
        <form
          className="refund"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            askRefund();
          }}
        >
          <div className="field">
            <label htmlFor={`${ids}-amount`}>Refund amount ({currency})</label>
            <input
              id={`${ids}-amount`}
              name="refundAmount"
              inputMode="decimal"
              autoComplete="off"
              value={amountText}
              aria-invalid={problem ? true : undefined}
              aria-describedby={`${ids}-amount-help${problem ? ` ${ids}-amount-error` : ''}`}
              onChange={(event) => {
                setAmountText(event.target.value);
                setProblem(null);
              }}
              onKeyDown={(event) => {
                if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
                const stepped = stepAmount(amountText, currency, left, event.key === 'ArrowUp' ? 1 : -1);
                if (stepped === undefined) return;
                event.preventDefault();
                setAmountText(stepped);
                setProblem(null);
              }}
            />
            <span id={`${ids}-amount-help`} className="hint">
              {formatMoney(left, currency)} left to refund
            </span>
            {problem && (
              <span id={`${ids}-amount-error`} className="field-error" role="alert" data-testid="refund-amount-error">
                {problem}
              </span>
            )}
          </div>
          <div className="field">
            <label htmlFor={`${ids}-reason`}>Reason (optional)</label>
            <input
              id={`${ids}-reason`}
              name="refundReason"
              value={reason}
              aria-invalid={reasonTooLong ? true : undefined}
              aria-describedby={reasonTooLong ? `${ids}-reason-error` : undefined}
              onChange={(event) => setReason(event.target.value)}
            />
            {reasonTooLong && (
              <span id={`${ids}-reason-error`} className="field-error" role="alert">
                A reason is at most {REASON_MAX} characters; this one has {reason.trim().length}.
              </span>
            )}
          </div>
          <button type="submit" disabled={busy || reasonTooLong}>
            Refund…
          </button>
        </form>
      )}
      {canRefresh && (
        <button type="button" disabled={busy} title="Re-reads the payment at its provider and records what changed there." onClick={() => void run('Refresh', (gql) => gql(AdminRefreshDocument, { o: payment.orderId, p: payment.id }))}>
          Refresh
        </button>
      )}
      {elsewhere.map((action) => (
        <button key={action.type} type="button" disabled title={`${action.type} runs at the adapter (${action.url}); the gateway offers no mutation for it yet.`}>
          {action.type}
        </button>
      ))}
    </div>
  );
}

/**
 * The order's delivery: offered for a completed order that needs no attention, after a question
 * naming what delivery captures (the reserved payments with a capture callback).
 */
export function DeliverAction(props: { status: string; currency: string; attention: OrderAttention | null; payments: ActionablePayment[]; busy: boolean; onDeliver: () => Promise<void> }) {
  const [asking, setAsking] = useState(false);
  if (props.attention) return null;
  const captured = props.payments.filter((payment) => availableActions(payment, props.currency).has('capture'));
  const scale = 10 ** precisionOf(props.currency);
  const total = captured.reduce((sum, payment) => sum + Math.round(payment.amount * scale), 0) / scale;
  if (asking) {
    return (
      <Confirm
        question={captured.length ? `Mark delivered and capture ${formatMoney(total, props.currency)}?` : 'Mark the order delivered?'}
        detail={captured.length ? `${captured.length === 1 ? 'One payment is' : `${captured.length} payments are`} captured at delivery.` : 'No payment waits for a capture.'}
        confirm={captured.length ? `Deliver and capture ${formatMoney(total, props.currency)}` : 'Mark delivered'}
        back="Not now"
        busy={props.busy}
        onConfirm={() => void props.onDeliver().then(() => setAsking(false))}
        onBack={() => setAsking(false)}
      />
    );
  }
  return (
    <button type="button" disabled={props.busy || props.status !== 'completed'} onClick={() => setAsking(true)} title="Moves a completed order to delivered; payments that registered a capture callback are then captured.">
      Mark delivered…
    </button>
  );
}

/** The order's attention (Order.attention), in words, above everything else on its page. */
export function AttentionNotice({ attention }: { attention: OrderAttention | null }) {
  if (!attention) return null;
  return (
    <p className="attention" role="status" data-testid="order-attention" data-code={attention.code}>
      <strong>Needs attention:</strong> {attention.message}
    </p>
  );
}
