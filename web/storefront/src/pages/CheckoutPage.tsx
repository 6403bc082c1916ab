// The checkout page of an order: the shopper's details, delivery, gift cards, payment and Place order.
import { useCallback, useEffect, useRef, useState } from 'react';
import { orderStatusText, placeFailures, providerReturn, shopperMessage, PaymentOptionsDocument, ShippingChoiceDocument, type BillingField, type CheckoutOrderFragment, type PaymentSelection } from '../../../checkout-client/core/index.js';
import { useLiveOrder, usePlaceOrder, useQuery } from '../../../checkout-client/react/index.js';
import { navigate } from '../router.js';
import { OrderLines } from '../checkout/OrderLines.js';
import { CustomerForm, type SaveTyped } from '../checkout/CustomerForm.js';
import { ShippingChoice } from '../checkout/ShippingChoice.js';
import { GiftCards } from '../checkout/GiftCards.js';
import { PaymentChoice } from '../checkout/PaymentChoice.js';

/** Where the order stands, in words (the status and version stay in data attributes for tools and tests, never in the text). */
export function OrderState({ order, live }: { order: CheckoutOrderFragment; live: boolean }) {
  return (
    <p className="state" data-testid="order-state" data-status={order.status} data-version={order.version} role="status">
      <strong>{orderStatusText(order.status)}</strong>
      <span className={live ? 'live on' : 'live'}>{live ? '● Updates live' : '○ Connecting…'}</span>
    </p>
  );
}

export function CheckoutPage({ orderId }: { orderId: string }) {
  const placeOrder = usePlaceOrder();
  const { order, live, error } = useLiveOrder(orderId);
  const options = useQuery(PaymentOptionsDocument, { variables: { id: orderId } });
  // Back from a provider's page (a drop-in's redirect to the card issuer): the provider that left stays chosen,
  // and its frontend finishes the payment (the token and the remembered payment are in sessionStorage).
  const [selection, setSelection] = useState<PaymentSelection | undefined>(() => {
    const back = providerReturn(orderId);
    return back ? { frontend: 'PROVIDER', adapterId: back.adapterId } : undefined;
  });
  const [problem, setProblemText] = useState<string>();
  const setProblem = useCallback((message: string | undefined) => setProblemText(message === undefined ? undefined : shopperMessage(message)), []);
  const [failures, setFailures] = useState<Array<{ code: string; text: string }>>([]);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<BillingField, string>>>({});
  const [shippingMissing, setShippingMissing] = useState<string>();
  const [paymentMissing, setPaymentMissing] = useState<string>();
  const [placing, setPlacing] = useState(false);
  const saveTypedRef = useRef<SaveTyped | undefined>(undefined);
  const shippingOptions = useQuery(ShippingChoiceDocument, { variables: { id: orderId }, fetchPolicy: 'cache-first' });
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
    setFieldErrors({});
    setShippingMissing(undefined);
    setPaymentMissing(undefined);
    try {
      // What is typed is what is placed: an address typed but not saved is saved first.
      if (saveTypedRef.current && !(await saveTypedRef.current())) return;
      const offered = shippingOptions.data?.shippingOptions.options ?? [];
      if (offered.length > 0 && order.shippings.length === 0) {
        setShippingMissing('Choose a delivery option.');
        return;
      }
      const result = await placeOrder(order, selection, giftCardAdapters);
      if (result.ok) return toConfirmation();
      const { fields, general } = placeFailures(result.failures);
      setFieldErrors(fields);
      const payment = general.find((failure) => failure.code === 'payment_method_missing' || failure.code === 'payment_missing');
      if (payment) setPaymentMissing(payment.text);
      setFailures(general.filter((failure) => failure !== payment));
    } catch (failure) {
      console.warn('placing the order failed', failure);
      setProblem('We could not place your order. Please try again.');
    } finally {
      setPlacing(false);
    }
  };

  return (
    <div className="checkout">
      <div className="column">
        <OrderState order={order} live={live} />
        <CustomerForm order={order} onError={setProblem} fieldErrors={fieldErrors} saveTypedRef={saveTypedRef} />
        <ShippingChoice orderId={order.id} culture={order.culture ?? undefined} shippings={order.shippings} onError={setProblem} missing={order.shippings.length === 0 ? shippingMissing : undefined} />
        {giftCardAdapters.length > 0 && <GiftCards order={order} adapterIds={giftCardAdapters} onError={setProblem} />}
        <PaymentChoice
          orderId={order.id}
          options={paymentOptions}
          loading={options.loading}
          missing={selection ? undefined : paymentMissing}
          selection={selection}
          onSelect={(next) => {
            setPaymentMissing(undefined);
            setSelection(next);
          }}
          onCompleted={toConfirmation}
          onError={setProblem}
        />
      </div>
      <aside className="column">
        <OrderLines order={order} />
        <section className="card">
          {failures.length > 0 && (
            <ul className="failures" data-testid="validation-failures">
              {failures.map((failure) => (
                <li key={failure.code} data-code={failure.code}>
                  {failure.text}
                </li>
              ))}
            </ul>
          )}
          {problem && (
            <p className="error" data-testid="checkout-error" role="alert">
              {problem}
            </p>
          )}
          <button type="button" className="primary wide" disabled={placing || !terms || (selection?.frontend === 'PROVIDER')} onClick={() => void place()}>
            {placing ? 'Placing the order…' : 'Place order'}
          </button>
          {!terms && <p className="muted small">Accept the terms to place the order.</p>}
        </section>
      </aside>
    </div>
  );
}
