// The checkout page of an order: the shopper's details, delivery, gift cards, payment and Place order.
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  choiceOfOpenPayment,
  deliveryMissing,
  orderStatusText,
  placeFailures,
  placeOrderHint,
  providerReturn,
  rememberChoice,
  rememberedChoice,
  shopperMessage,
  PaymentOptionsDocument,
  ShippingChoiceDocument,
  type CheckoutOrderFragment,
  type Failure,
  type FieldProblems,
  type PaymentSelection,
} from '@checkout-platform/checkout-client';
import { useLiveOrder, usePlaceOrder, useQuery } from '@checkout-platform/checkout-client/react';
import { navigate } from '../router.js';
import { OrderLines } from '../checkout/OrderLines.js';
import { CustomerForm, type SaveTyped } from '../checkout/CustomerForm.js';
import { ShippingChoice } from '../checkout/ShippingChoice.js';
import { GiftCards } from '../checkout/GiftCards.js';
import { PaymentChoice } from '../checkout/PaymentChoice.js';
import { useProviderReturnNotice } from '../checkout/use-provider-return-notice.js';

/** Where the order stands, in words (the status and version stay in data attributes for tools and tests, never in the text). */
export function OrderState({ order, live }: { order: CheckoutOrderFragment; live: boolean }) {
  return (
    <p className="state" data-testid="order-state" data-status={order.status} data-version={order.version} role="status">
      <strong>{orderStatusText(order.status)}</strong>
      <span className={live ? 'live on' : 'live'}>{live ? '● Updates live' : '○ Connecting…'}</span>
    </p>
  );
}

/** A problem the page finds itself and the field or card it is shown at; it stops the order like the platform's. */
const blocker = (code: string, pointers: string[] = []): Failure => ({ code, message: '', adapterId: null, pointers });

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
  /** Whether the choice is made (by the shopper, or as the page opened); until then the page takes the one this tab or the order has. */
  const [chosen, setChosen] = useState(selection !== undefined);
  const [problem, setProblemText] = useState<string>();
  const setProblem = useCallback((message: string | undefined) => setProblemText(message === undefined ? undefined : shopperMessage(message)), []);
  const [providerProblem, setProviderProblem] = useState<string>();
  const [failures, setFailures] = useState<Array<{ code: string; text: string }>>([]);
  const [fieldErrors, setFieldErrors] = useState<FieldProblems>({});
  const [shippingMissing, setShippingMissing] = useState<string>();
  const [paymentMissing, setPaymentMissing] = useState<string>();
  const [placing, setPlacing] = useState(false);
  /** Bumped when Place order found problems: the first one is brought into view (on a phone the fields are far above the button). */
  const [refusedPlacings, setRefusedPlacings] = useState(0);
  const [placeRefused, setPlaceRefused] = useState(false);
  useEffect(() => {
    if (refusedPlacings === 0) return;
    const field = document.querySelector<HTMLElement>('main [aria-invalid="true"]');
    if (field) field.focus();
    else document.querySelector('main [data-problem]')?.scrollIntoView({ block: 'center' });
  }, [refusedPlacings]);
  const saveTypedRef = useRef<SaveTyped | undefined>(undefined);
  const shippingOptions = useQuery(ShippingChoiceDocument, { variables: { id: orderId }, fetchPolicy: 'cache-first' });
  const paymentOptions = options.data?.paymentOptions;
  // A provider that sent the shopper back without the purchase (`?error=…`): why, in words, and what to fix at the fields.
  const { notice, returnedWith, deciding, clearNotice } = useProviderReturnNotice(orderId, order, paymentOptions, setFieldErrors);

  // A reload, the back button, a provider's redirect back, a second tab: the choice this tab made, else the order's open payment.
  if (!chosen && paymentOptions && order && !deciding) {
    setChosen(true);
    const initial = returnedWith ?? rememberedChoice(orderId, paymentOptions) ?? choiceOfOpenPayment(order, paymentOptions);
    if (initial) setSelection(initial);
  }
  const select = (next: PaymentSelection) => {
    setChosen(true);
    rememberChoice(orderId, next);
    setPaymentMissing(undefined);
    setProviderProblem(undefined);
    clearNotice();
    setSelection(next);
  };

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
  const giftCardAdapters = (paymentOptions ?? []).filter((option) => option.frontend === 'GIFT_CARD').map((option) => option.adapterId);
  const terms = (order.consents as { terms?: boolean } | null)?.terms === true;
  const provider = selection?.frontend === 'PROVIDER' ? paymentOptions?.find((option) => option.adapterId === selection.adapterId) : undefined;
  const offered = shippingOptions.data?.shippingOptions.options.length ?? 0;
  const hint = placeOrderHint({ terms, ...(selection?.frontend === 'PROVIDER' ? { provider: provider?.name ?? 'payment provider' } : {}) });
  const toConfirmation = () => navigate(`/confirmation/${encodeURIComponent(order.id)}`);

  /** Every problem at once: the address as typed, the delivery, and everything validateOrder names; the order is placed only when there are none. */
  const place = async () => {
    setPlacing(true);
    setProblem(undefined);
    setFailures([]);
    setFieldErrors({});
    setShippingMissing(undefined);
    setPaymentMissing(undefined);
    setPlaceRefused(false);
    try {
      const blockers: Failure[] = [];
      // What is typed is what is placed: an address typed but not saved is saved first (the form shows a refused field at it).
      const address = (await saveTypedRef.current?.()) ?? { saved: true, typed: [] };
      if (!address.saved) blockers.push(blocker('billing_refused'));
      if (deliveryMissing(order, selection, offered)) blockers.push(blocker('shipping_missing'));
      const result = await placeOrder(order, selection, giftCardAdapters, { blockers });
      if (result.ok) return toConfirmation();
      const { fields, general } = placeFailures(result.failures);
      // A refused address was not saved: the fields the shopper did fill in are not missing, they are refused (said at them by the form).
      for (const field of address.saved ? [] : address.typed) delete fields[field];
      setFieldErrors(fields);
      const delivery = general.find((failure) => failure.code === 'shipping_missing');
      if (delivery) setShippingMissing(delivery.text);
      const payment = general.find((failure) => failure.code === 'payment_method_missing' || failure.code === 'payment_missing');
      if (payment) setPaymentMissing(payment.text);
      setFailures(general.filter((failure) => failure !== payment && failure !== delivery && failure.code !== 'billing_refused'));
      setPlaceRefused(true);
      setRefusedPlacings((count) => count + 1);
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
        <ShippingChoice orderId={order.id} culture={order.culture ?? undefined} shippings={order.shippings} onError={setProblem} missing={deliveryMissing(order, selection, offered) ? shippingMissing : undefined} />
        {giftCardAdapters.length > 0 && <GiftCards order={order} adapterIds={giftCardAdapters} />}
        <PaymentChoice
          orderId={order.id}
          options={paymentOptions ?? []}
          loading={options.loading}
          missing={selection ? undefined : paymentMissing}
          notice={notice}
          problem={providerProblem}
          selection={selection}
          onSelect={select}
          onCompleted={toConfirmation}
          onError={(message) => setProviderProblem(shopperMessage(message))}
        />
      </div>
      <aside className="column">
        <OrderLines order={order} />
        <section className="card">
          {placeRefused && (
            <p className="error" role="alert" data-testid="place-order-refused">
              Your order is not placed yet: {failures.length > 0 ? 'see below and what is marked above.' : 'see what is marked above.'}
            </p>
          )}
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
          <button type="button" className="primary wide" disabled={placing || hint !== undefined} aria-describedby={hint ? 'place-order-hint' : undefined} onClick={() => void place()}>
            {placing ? 'Placing the order…' : 'Place order'}
          </button>
          {hint && (
            <p className="muted small" id="place-order-hint" data-testid="place-order-hint">
              {hint}
            </p>
          )}
        </section>
      </aside>
    </div>
  );
}
