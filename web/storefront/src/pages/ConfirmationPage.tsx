// The confirmation page of an order, followed live until the shop has registered it.
import { Fragment } from 'react';
import { orderSettlement, paymentStateText, PaymentOptionsDocument } from '@checkout-platform/checkout-client';
import { useLiveOrder, useQuery } from '@checkout-platform/checkout-client/react';
import { formatMoney } from '../format.js';
import { OrderState } from './CheckoutPage.js';

const DONE = ['accepted', 'completed', 'delivered'];

/**
 * The order after payment, followed live: it moves to completed (and gets its commerce reference)
 * a moment after payment. "Paid" is money taken or held (gift cards, a provider's reservation); an
 * invoice or pay in store is said as still to pay, and how.
 */
export function ConfirmationPage({ orderId }: { orderId: string }) {
  const { order, live, error } = useLiveOrder(orderId);
  const options = useQuery(PaymentOptionsDocument, { variables: { id: orderId } });
  if (error && !order) return <p className="error">{error}</p>;
  if (!order) return <p className="muted">Loading the order…</p>;
  const culture = order.culture ?? undefined;
  if (order.status === 'checkout') {
    // Back in checkout: the payment failed or was cancelled (a provider event or a refused validation).
    return (
      <section className="card narrow" aria-label="Confirmation">
        <h1 data-testid="confirmation-not-paid">Your order is not paid yet</h1>
        <OrderState order={order} live={live} />
        <p>The payment was not completed. Your basket is kept; choose a payment method again.</p>
        <p>
          <a href={`/checkout/${encodeURIComponent(order.id)}`}>Back to checkout</a>
        </p>
      </section>
    );
  }
  const payments = order.payments.filter((payment) => !['removed', 'cancelled', 'failed'].includes(payment.state));
  const nonPsp = (options.data?.paymentOptions ?? []).filter((option) => option.frontend === 'NON_PSP').map((option) => option.adapterId);
  // Until the options are read, nothing is said as paid that may be a promise to pay later.
  const settlement = options.data ? orderSettlement(order, nonPsp) : undefined;
  /** A payment the provider has not decided yet (pending at the provider, or still being processed). */
  const awaited = order.payments.some((payment) => payment.state === 'pending' || payment.state === 'processing');
  return (
    <section className="card narrow" aria-label="Confirmation">
      {DONE.includes(order.status) ? <h1 data-testid="confirmation-title">Thank you for your order!</h1> : <h1>Your order is being processed…</h1>}
      <OrderState order={order} live={live} />
      {order.amounts.due.amount > 0 &&
        (awaited ? (
          <p className="note" data-testid="confirmation-waiting">
            We are waiting for the payment provider to approve your payment. This page updates by itself as soon as it does.
          </p>
        ) : (
          order.payments.some((payment) => payment.state === 'failed') && (
            // The provider declined a payment it had held pending: the order stays accepted, the shop handles it.
            <p className="error" role="alert" data-testid="confirmation-declined">
              The payment provider did not approve your payment. The shop will contact you about paying for this order.
            </p>
          )
        ))}
      {order.reference ? (
        <p>
          Order number: <strong data-testid="order-reference">{order.reference}</strong>
        </p>
      ) : (
        <p className="muted">Your order number will appear here as soon as the shop has registered the order.</p>
      )}
      <ul className="plain">
        {order.cart.lines.map((line) => (
          <li key={line.id}>
            {line.quantity} × {line.name} — {formatMoney(line.total, culture)}
          </li>
        ))}
      </ul>
      <dl className="totals">
        <dt>Shipping</dt>
        <dd>{formatMoney(order.amounts.shipping, culture)}</dd>
        <dt>Total</dt>
        <dd className="strong">{formatMoney(order.amounts.total, culture)}</dd>
        <dt className="muted">of which VAT</dt>
        <dd className="muted">{formatMoney(order.amounts.vat, culture)}</dd>
        {settlement && (
          <>
            <dt>Paid</dt>
            <dd data-testid="confirmation-paid" data-amount={settlement.paid}>
              {formatMoney({ amount: settlement.paid, currency: order.currency }, culture)}
            </dd>
            {settlement.toPayLater.map((later) => (
              <Fragment key={later.id}>
                <dt>{later.text}</dt>
                <dd data-testid="confirmation-to-pay-later" data-amount={later.amount}>
                  {formatMoney({ amount: later.amount, currency: order.currency }, culture)}
                </dd>
              </Fragment>
            ))}
          </>
        )}
        {order.amounts.due.amount > 0 && (
          <>
            {/* A payment the provider has not decided yet (pending, or still being processed): not paid until it reserves. */}
            <dt>{awaited ? 'Awaiting the payment provider' : 'Still to pay'}</dt>
            <dd data-testid="confirmation-due" data-amount={order.amounts.due.amount}>
              {formatMoney(order.amounts.due, culture)}
            </dd>
          </>
        )}
      </dl>
      {payments.length > 0 && (
        <>
          <h2>{order.amounts.due.amount > 0 || (settlement?.toPayLater.length ?? 0) > 0 ? 'Payments' : 'Paid with'}</h2>
          <ul className="plain" data-testid="confirmation-payments">
            {payments.map((payment) => (
              <li key={payment.id}>
                {payment.name ?? 'Payment'} — {formatMoney({ amount: payment.amount, currency: payment.currency ?? order.currency }, culture)}, {paymentStateText(payment.state)}
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <a href="/">Back to the shop</a>
      </p>
    </section>
  );
}
