// The example's checkout of one order: its lines live, a gift card, an invoice method and Place order.
import { useState } from 'react';
import {
  AddGiftCardDocument,
  CheckoutPageDocument,
  PaymentOptionsDocument,
  SelectShippingDocument,
  SetBillingAddressDocument,
  SetConsentsDocument,
  ShippingChoiceDocument,
  failureText,
  orderStatusText,
  shopperMessage,
  type DemoBasket,
  type PaymentSelection,
} from '@checkout-platform/checkout-client';
import { useLiveOrder, useMutation, usePlaceOrder, useQuery } from '@checkout-platform/checkout-client/react';

/** The demo shopper's billing address (a real storefront asks the shopper). */
const DEMO_ADDRESS = { givenName: 'Kari', familyName: 'Nordmann', email: 'kari@example.com', phone: '+4791234567', streetAddress: 'Storgata 1', postalCode: '0155', city: 'Oslo', country: 'NO' };

const money = (value: { amount: number; currency: string }) => `${value.amount.toFixed(2)} ${value.currency}`;

export function ExampleCheckout({ orderId, giftCard }: { orderId: string; giftCard: DemoBasket['giftCard'] }) {
  const { order, live, error } = useLiveOrder(orderId);
  const options = useQuery(PaymentOptionsDocument, { variables: { id: orderId } });
  const shipping = useQuery(ShippingChoiceDocument, { variables: { id: orderId } });
  const [addGiftCard, adding] = useMutation(AddGiftCardDocument, { refetchQueries: [CheckoutPageDocument, PaymentOptionsDocument], awaitRefetchQueries: true });
  const [setBilling] = useMutation(SetBillingAddressDocument);
  const [setConsents] = useMutation(SetConsentsDocument);
  const [selectShipping] = useMutation(SelectShippingDocument);
  const placeOrder = usePlaceOrder();
  const [selection, setSelection] = useState<PaymentSelection>();
  const [messages, setMessages] = useState<string[]>([]);
  const [placing, setPlacing] = useState(false);
  const [placed, setPlaced] = useState(false);

  if (error && !order) return <p role="alert">{shopperMessage(error)}</p>;
  if (!order) return <p>Loading the order…</p>;
  const paymentOptions = options.data?.paymentOptions ?? [];
  const giftCardAdapters = paymentOptions.filter((option) => option.frontend === 'GIFT_CARD').map((option) => option.adapterId);
  const methods = paymentOptions.filter((option) => option.frontend === 'NON_PSP').flatMap((option) => option.methods.map((method) => ({ adapterId: option.adapterId, method })));
  const giftCards = order.payments.filter((payment) => giftCardAdapters.includes(payment.adapterId) && !['removed', 'cancelled', 'failed'].includes(payment.state));

  const run = async (work: () => Promise<void>) => {
    setMessages([]);
    try {
      await work();
    } catch (failure) {
      setMessages([shopperMessage((failure as Error).message)]);
    }
  };

  // What the checkout page of a real storefront asks the shopper for, filled in for the demo, then placeOrder.
  const place = () =>
    run(async () => {
      setPlacing(true);
      try {
        if (!order.customer.billing?.streetAddress) await setBilling({ variables: { id: orderId, address: DEMO_ADDRESS } });
        await setConsents({ variables: { id: orderId, consents: { ...((order.consents as object | null) ?? {}), terms: true } } });
        const first = shipping.data?.shippingOptions.options[0];
        if (first && order.shippings.length === 0) await selectShipping({ variables: { id: orderId, optionId: first.id } });
        const result = await placeOrder(order, selection, giftCardAdapters);
        if (result.ok) setPlaced(true);
        else setMessages(result.failures.map(failureText));
      } finally {
        setPlacing(false);
      }
    });

  return (
    <section>
      <p data-testid="order-state" data-status={order.status} data-version={order.version} role="status">
        {orderStatusText(order.status)} <span className={live ? 'live on' : 'live'}>{live ? '(live)' : '(connecting…)'}</span>
      </p>
      <ul>
        {order.cart.lines.map((line) => (
          <li key={line.id} data-testid="cart-line">
            {line.quantity} × {line.name} — {money(line.total)}
          </li>
        ))}
      </ul>
      <p>
        Total <strong data-testid="order-total" data-amount={order.amounts.total.amount}>{money(order.amounts.total)}</strong>, paid{' '}
        <span data-testid="amount-paid" data-amount={order.amounts.paid.amount}>{money(order.amounts.paid)}</span>, still to pay{' '}
        <span data-testid="amount-due" data-amount={order.amounts.due.amount}>{money(order.amounts.due)}</span>
      </p>
      {placed ? (
        <p data-testid="example-placed">{order.status === 'completed' ? 'Thank you for your order!' : 'Your order is placed; the shop is registering it…'}</p>
      ) : (
        <>
          {giftCard && giftCards.length === 0 && (
            <button type="button" disabled={adding.loading} onClick={() => void run(async () => void (await addGiftCard({ variables: { id: orderId, cardId: giftCard.cardId, code: null } })))}>
              Pay {giftCard.balance} {giftCard.currency} with the demo gift card
            </button>
          )}
          {giftCards.map((card) => (
            <p key={card.id} data-testid="gift-card-payment">
              {card.name ?? 'Gift card'}: {card.amount.toFixed(2)}
            </p>
          ))}
          <fieldset>
            <legend>Pay the rest with</legend>
            {methods.map(({ adapterId, method }) => (
              <label key={`${adapterId}:${method.identifier}`} style={{ display: 'block' }}>
                <input
                  type="radio"
                  name="method"
                  checked={selection?.frontend === 'NON_PSP' && selection.adapterId === adapterId && selection.method === method.identifier}
                  onChange={() => setSelection({ frontend: 'NON_PSP', adapterId, method: method.identifier })}
                />
                {method.name ?? method.identifier}
              </label>
            ))}
          </fieldset>
          <button type="button" disabled={placing} onClick={() => void place()}>
            {placing ? 'Placing the order…' : 'Place order'}
          </button>
        </>
      )}
      {messages.length > 0 && (
        <ul role="alert" data-testid="example-failures">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
