// Gift cards as part payments of the order.
import { useId, useState, type FormEvent } from 'react';
import { AddGiftCardDocument, CheckoutPageDocument, checkoutError, giftCardRefusalText, PaymentOptionsDocument, RemovePaymentDocument, shopperMessage, type CheckoutOrderFragment } from '@checkout-platform/checkout-client';
import { useMutation } from '@checkout-platform/checkout-client/react';
import { formatMoney } from '../format.js';

const isActive = (state: string) => !['removed', 'cancelled', 'failed', 'refunded'].includes(state);

/**
 * Gift cards as part payments: each covers up to its balance; the rest is paid with the chosen
 * method. A card the shop will not take is said at the card's number, in words.
 */
export function GiftCards({ order, adapterIds }: { order: CheckoutOrderFragment; adapterIds: string[] }) {
  const [cardId, setCardId] = useState('');
  const [code, setCode] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const ids = useId();
  const refetchQueries = [CheckoutPageDocument, PaymentOptionsDocument];
  const [add, adding] = useMutation(AddGiftCardDocument, { refetchQueries, awaitRefetchQueries: true });
  const [remove] = useMutation(RemovePaymentDocument, { refetchQueries });
  const cards = order.payments.filter((payment) => adapterIds.includes(payment.adapterId) && isActive(payment.state));
  const culture = order.culture ?? undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(undefined);
    try {
      await add({ variables: { id: order.id, cardId: cardId.trim(), code: code.trim() || null } });
      setCardId('');
      setCode('');
    } catch (failure) {
      setRefusal(giftCardRefusalText(checkoutError(failure)));
    }
  };
  const refusalId = `${ids}-refused`;

  return (
    <section className="card" aria-labelledby="gift-cards-heading">
      <h2 id="gift-cards-heading">Gift cards</h2>
      {cards.map((card) => (
        <div key={card.id} className="option" data-testid="gift-card-payment">
          <span className="grow">{card.name ?? 'Gift card'}</span>
          <span>{formatMoney({ amount: card.amount, currency: card.currency ?? order.currency }, culture)}</span>
          <button type="button" className="link" onClick={() => void remove({ variables: { id: order.id, paymentId: card.id } }).catch((failure: Error) => setRefusal(shopperMessage(failure.message)))}>
            Remove
          </button>
        </div>
      ))}
      {/* Labels over the fields (no placeholder to read them from); one column on a phone (styles.css). */}
      <form onSubmit={(event) => void submit(event)} className="gift-form">
        <div className="field">
          <label htmlFor={`${ids}-card`}>Gift card number</label>
          <input
            id={`${ids}-card`}
            name="giftCardId"
            autoComplete="off"
            value={cardId}
            aria-invalid={refusal ? true : undefined}
            aria-describedby={refusal ? refusalId : undefined}
            onChange={(event) => {
              setRefusal(undefined);
              setCardId(event.target.value);
            }}
          />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-code`}>Code (if the card has one)</label>
          <input id={`${ids}-code`} name="giftCardCode" autoComplete="off" value={code} onChange={(event) => setCode(event.target.value)} />
        </div>
        <button type="submit" disabled={adding.loading || cardId.trim() === ''}>
          Add gift card
        </button>
        {refusal && (
          <p className="field-error span" id={refusalId} role="alert" data-testid="gift-card-refused">
            {refusal}
          </p>
        )}
      </form>
    </section>
  );
}
