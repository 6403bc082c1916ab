import { useCallback, useEffect, useRef, useState } from 'react';
import type { Gql } from './api';
import { AdminDeliverDocument, AdminOrderDocument, type AdminOrderQuery, type AdminTransactionFragment } from './generated/graphql';
import { actionProblem, adapterName } from './action-problem';
import { AddressBlock, CartLines, Shippings, Timeline, Totals } from './order-sections';
import { AttentionNotice, DeliverAction, PaymentActions } from './payment-actions';
import { formatMoney, JsonBlock, Problem, Time, useQuery } from './ui';

/** A payment of the order as the page reads it (AdminOrder in operations.graphql). */
type Payment = NonNullable<AdminOrderQuery['order']>['payments'][number];

/** A payment as the operator names it: its name or type and its adapter ("Card (the card adapter)"). */
const paymentLabel = (payment: Pick<Payment, 'name' | 'type' | 'adapterId'>) => `${payment.name ?? payment.type ?? 'payment'} (${adapterName(payment.adapterId)})`;

/** One order: state history, payments with their transaction log and actions, attempts, and the event log. */
export function OrderPage({ gql, orderId }: { gql: Gql; orderId: string }) {
  const order = useQuery(useCallback(() => gql(AdminOrderDocument, { id: orderId }), [gql, orderId]));
  // An action's outcome, shown beside the action that ran: `at` is the payment's id, or 'order' for the order's own actions.
  const [notice, setNotice] = useState<{ at: string; ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const polls = useRef(0);
  const { loading, data, reload } = order;

  // After an action the outbox calls adapters (capture on delivered): read again for a few seconds.
  useEffect(() => {
    if (polls.current <= 0 || loading) return;
    const timer = setTimeout(() => {
      polls.current -= 1;
      reload();
    }, 750);
    return () => clearTimeout(timer);
  }, [loading, data, reload]);

  const act = async (at: string, label: string, run: () => Promise<unknown>) => {
    setBusy(true);
    setNotice(null);
    try {
      await run();
      setNotice({ at, ok: true, text: `${label}: done.` });
      polls.current = 12;
      order.reload();
    } catch (error) {
      const payments = (order.data?.order?.payments ?? []).map((payment) => ({ id: payment.id, adapterId: payment.adapterId, label: `the ${paymentLabel(payment)} payment`, amount: payment.amount, currency: payment.currency ?? order.data!.order!.currency }));
      setNotice({ at, ok: false, text: `${label} did not go through. ${actionProblem(error as Error, orderId, payments)}` });
      // A refused call is in the payment's transaction log: read it again.
      order.reload();
    } finally {
      setBusy(false);
    }
  };
  const deliver = (at: string, label: string) => act(at, label, () => gql(AdminDeliverDocument, { id: orderId }));

  if (order.error) return <Problem error={order.error} />;
  if (!order.data) return <p>Loading order…</p>;
  const current = order.data.order;
  if (!current) return <p className="problem">Order {orderId} was not found in this channel.</p>;

  const paymentName = (id: string) => {
    const payment = current.payments.find((candidate) => candidate.id === id);
    return payment ? `the ${paymentLabel(payment)} payment` : undefined;
  };
  const billing = current.customer.billing;
  return (
    <div className="order" data-status={current.status}>
      <p>
        <a href="#/orders">← Orders</a>
      </p>
      <h2>
        Order <code>{current.id}</code> <span className={`status status-${current.status}`} data-testid="order-status">{current.status}</span>
      </h2>
      <dl className="facts">
        <dt>Customer</dt>
        <dd>{[[billing?.givenName, billing?.familyName].filter(Boolean).join(' '), billing?.email, billing?.phone].filter(Boolean).join(' · ') || '—'}</dd>
        <dt>Total</dt>
        <dd>{formatMoney(current.total.includingVat, current.currency)}</dd>
        <dt>Reference</dt>
        <dd>{current.reference ?? '—'}</dd>
        <dt>Created</dt>
        <dd>
          <Time iso={current.createdAt} />
        </dd>
        <dt>Last changed</dt>
        <dd>
          <Time iso={current.updatedAt} /> <span className="hint">(version {current.version})</span>
        </dd>
      </dl>
      <AttentionNotice attention={current.attention} />
      <div className="actions">
        <DeliverAction status={current.status} currency={current.currency} attention={current.attention} payments={current.payments} busy={busy} onDeliver={() => deliver('order', 'Delivered')} />
        <button type="button" onClick={order.reload}>
          Reload
        </button>
      </div>
      <Outcome notice={notice} at="order" />

      <div className="order-grid">
        <section className="order-cart">
          <h3>Cart</h3>
          <CartLines lines={current.cart.lines} />
          <h3>Shipping</h3>
          <Shippings shippings={current.shippings} currency={current.currency} />
        </section>
        <section className="order-summary">
          <h3>Totals</h3>
          <Totals amounts={current.amounts} />
          <h3>Addresses</h3>
          <div className="addresses">
            <AddressBlock title="Billing address" address={current.customer.billing} />
            <AddressBlock title="Shipping address" address={current.customer.shipping} />
          </div>
          <h3>State history</h3>
          <ol className="history">
            {current.state.transitions.map((transition, index) => (
              <li key={index}>
                <span className={`status status-${transition.status}`}>{transition.status}</span> <Time iso={transition.timeStamp} />
              </li>
            ))}
          </ol>
        </section>
      </div>

      <h3>Payments</h3>
      {current.payments.length === 0 && <p>No payments.</p>}
      {current.payments.map((payment) => (
        <article key={payment.id} className="payment" data-payment={payment.id} data-state={payment.state}>
          <header>
            <strong>{payment.name ?? payment.type ?? 'Payment'}</strong> <code>{payment.adapterId}</code>{' '}
            <span className={`state state-${payment.state}`} data-testid="payment-state">{payment.state}</span> {formatMoney(payment.amount, payment.currency ?? current.currency)}
            {payment.refundedAmount > 0 && <> (refunded {formatMoney(payment.refundedAmount, payment.currency ?? current.currency)})</>}
          </header>
          <PaymentActions
            key={`${payment.id}:${payment.state}:${payment.refundedAmount}`}
            payment={payment}
            orderCurrency={current.currency}
            orderStatus={current.status}
            attention={current.attention}
            busy={busy}
            onDeliver={() => deliver(payment.id, 'Capture')}
            run={(label, send) => act(payment.id, label, () => send(gql))}
          />
          <Outcome notice={notice} at={payment.id} />
          <Transactions transactions={payment.transactions} currency={payment.currency ?? current.currency} />
        </article>
      ))}

      {current.paymentAttempts.length > 0 && (
        <>
          <h3>Failed payment attempts</h3>
          <p className="hint">Creates that failed before any payment existed.</p>
          <Transactions transactions={current.paymentAttempts} currency={current.currency} />
        </>
      )}

      <h3>Timeline</h3>
      <Timeline events={current.events} paymentName={paymentName} />
    </div>
  );
}

/** An action's outcome where it ran: done, or why not in words (an alert, so it is read out at once). */
function Outcome({ notice, at }: { notice: { at: string; ok: boolean; text: string } | null; at: string }) {
  if (!notice || notice.at !== at) return null;
  return (
    <p className={notice.ok ? 'saved action-outcome' : 'problem action-outcome'} role={notice.ok ? 'status' : 'alert'} data-testid="action-outcome" data-ok={notice.ok}>
      {notice.text}
    </p>
  );
}

function Transactions({ transactions, currency }: { transactions: AdminTransactionFragment[]; currency: string }) {
  if (transactions.length === 0) return <p className="hint">No transactions logged.</p>;
  return (
    <div className="table-scroll">
      <table className="transactions">
        <thead>
          <tr>
            <th>When</th>
            <th>Event</th>
            <th>Provider event</th>
            <th>Amount</th>
            <th>Result</th>
            <th>Provider status</th>
            <th>Error detail</th>
            <th>Request / response</th>
          </tr>
        </thead>
        <tbody>
          {transactions.map((transaction) => (
            <tr key={transaction.id} className={transaction.isSuccess ? '' : 'failed'} data-transaction={transaction.id}>
              <td data-label="When">
                <Time iso={transaction.createdAt} />
              </td>
              <td data-label="Event">
                {transaction.event}
                {transaction.reason && <div className="reason">Reason: {transaction.reason}</div>}
              </td>
              <td data-label="Provider event">{transaction.pspEvent ?? '—'}</td>
              <td className="amount" data-label="Amount">{formatMoney(transaction.amount, currency)}</td>
              <td data-label="Result">{transaction.isSuccess ? 'ok' : 'failed'}</td>
              <td data-label="Provider status">{transaction.pspStatus ?? '—'}</td>
              <td className="error-detail-cell" data-label="Error detail">{transaction.errorDetail ?? ''}</td>
              <td data-label="Request / response">
                <JsonBlock label="request" value={transaction.requestJson} />
                <JsonBlock label="response" value={transaction.responseJson} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
