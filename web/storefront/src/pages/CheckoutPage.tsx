import { useApolloClient, useQuery, useSubscription } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { CheckoutPageDocument, OrderLiveDocument, PaymentOptionsDocument, type CheckoutOrderFragment } from '../generated/graphql.js';
import { navigate } from '../router.js';
import { OrderLines } from '../checkout/OrderLines.js';
import { CustomerForm } from '../checkout/CustomerForm.js';
import { ShippingChoice } from '../checkout/ShippingChoice.js';
import { GiftCards } from '../checkout/GiftCards.js';
import { PaymentChoice, type PaymentSelection } from '../checkout/PaymentChoice.js';
import { placeOrder, type Failure } from '../checkout/place-order.js';

/** The order as last seen: the subscription's newest version, else the query's. */
export function useLiveOrder(orderId: string): { order?: CheckoutOrderFragment; live: boolean; error?: string } {
  const query = useQuery(CheckoutPageDocument, { variables: { id: orderId } });
  const subscription = useSubscription(OrderLiveDocument, { variables: { id: orderId } });
  const fromQuery = query.data?.order ?? undefined;
  const fromSocket = subscription.data?.orderChanged;
  const order = fromSocket && (!fromQuery || fromSocket.version >= fromQuery.version) ? fromSocket : fromQuery;
  return { order, live: Boolean(fromSocket), error: query.error?.message ?? subscription.error?.message };
}

export function OrderState({ order, live }: { order: CheckoutOrderFragment; live: boolean }) {
  return (
    <p className="state" data-testid="order-state" data-status={order.status} data-version={order.version}>
      Order <code>{order.id.slice(0, 8)}</code> · <strong>{order.status}</strong> · version {order.version}
      <span className={live ? 'live on' : 'live'}>{live ? '● live' : '○ connecting'}</span>
    </p>
  );
}

export function CheckoutPage({ orderId }: { orderId: string }) {
  const client = useApolloClient();
  const { order, live, error } = useLiveOrder(orderId);
  const options = useQuery(PaymentOptionsDocument, { variables: { id: orderId } });
  const [selection, setSelection] = useState<PaymentSelection>();
  const [problem, setProblem] = useState<string>();
  const [failures, setFailures] = useState<Failure[]>([]);
  const [placing, setPlacing] = useState(false);
  const status = order?.status;
  // While a provider's frontend runs the purchase, `processing` is the provider's business: its
  // page stays until the provider ends the purchase (A's hosted page sends the browser to the
  // confirmation address, which reaches the adapter's confirm). Removing it there would leave the
  // order waiting for the provider's push.
  const providerPurchasing = status === 'processing' && selection?.frontend === 'PROVIDER';
  // Otherwise the order leaves checkout wherever that happens — this page's Place order, or a
  // provider telling the adapter — and the shopper follows it to the confirmation.
  useEffect(() => {
    if (status && status !== 'checkout' && !providerPurchasing) navigate(`/confirmation/${encodeURIComponent(orderId)}`, { replace: true });
  }, [status, orderId, providerPurchasing]);

  if (error && !order) return <p className="error">{error}</p>;
  if (!order) return <p className="muted">Loading the order…</p>;
  if (order.status !== 'checkout' && !providerPurchasing) {
    return (
      <section className="card narrow">
        <OrderState order={order} live={live} />
        <p>
          This order is past checkout. <a href={`/confirmation/${encodeURIComponent(order.id)}`}>See its confirmation.</a>
        </p>
      </section>
    );
  }
  const paymentOptions = options.data?.paymentOptions ?? [];
  const giftCardAdapters = paymentOptions.filter((option) => option.frontend === 'GIFT_CARD').map((option) => option.adapterId);
  const terms = (order.consents as { terms?: boolean } | null)?.terms === true;
  const toConfirmation = () => navigate(`/confirmation/${encodeURIComponent(order.id)}`);

  const place = async () => {
    setPlacing(true);
    setProblem(undefined);
    setFailures([]);
    try {
      const result = await placeOrder(client, order, selection, giftCardAdapters);
      if (result.ok) toConfirmation();
      else setFailures(result.failures);
    } catch (failure) {
      setProblem((failure as Error).message);
    } finally {
      setPlacing(false);
    }
  };

  return (
    <div className="checkout">
      <div className="column">
        <OrderState order={order} live={live} />
        <CustomerForm order={order} onError={setProblem} />
        <ShippingChoice orderId={order.id} culture={order.culture ?? undefined} shippings={order.shippings} onError={setProblem} />
        {giftCardAdapters.length > 0 && <GiftCards order={order} adapterIds={giftCardAdapters} onError={setProblem} />}
        <PaymentChoice orderId={order.id} options={paymentOptions} selection={selection} onSelect={setSelection} onCompleted={toConfirmation} onError={setProblem} />
      </div>
      <aside className="column">
        <OrderLines order={order} />
        <section className="card">
          {failures.length > 0 && (
            <ul className="failures" data-testid="validation-failures">
              {failures.map((failure, index) => (
                <li key={index} data-code={failure.code}>
                  {failure.message}
                </li>
              ))}
            </ul>
          )}
          {problem && <p className="error" data-testid="checkout-error">{problem}</p>}
          <button type="button" className="primary wide" disabled={placing || !terms || (selection?.frontend === 'PROVIDER')} onClick={() => void place()}>
            {placing ? 'Placing the order…' : 'Place order'}
          </button>
          {!terms && <p className="muted small">Accept the terms to place the order.</p>}
        </section>
      </aside>
    </div>
  );
}
