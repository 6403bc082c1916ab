// The delivery options of the order.
import { useEffect, useRef } from 'react';
import { ShippingChoiceDocument, SelectShippingDocument, PaymentOptionsDocument } from '@checkout-platform/checkout-client';
import { useMutation, useQuery } from '@checkout-platform/checkout-client/react';
import { formatMoney } from '../format.js';

/**
 * The shipping options (the commerce platform's, or the configuration's in managed mode); choosing
 * one re-prices the order. `shippings` are the order's, as followed live: when they change
 * elsewhere (a provider's checkout where the shopper picks a delivery: A's shipping assistant, C's
 * iframe) the options are asked again, and a delivery that is none of them is shown as chosen there.
 */
export function ShippingChoice({ orderId, culture, shippings, onError, missing }: { orderId: string; culture?: string; shippings: Array<{ id: string; name?: string | null }>; onError: (message: string | undefined) => void; missing?: string }) {
  const { data, loading, error, refetch } = useQuery(ShippingChoiceDocument, { variables: { id: orderId }, fetchPolicy: 'cache-and-network' });
  const [select, selecting] = useMutation(SelectShippingDocument, { refetchQueries: [ShippingChoiceDocument, PaymentOptionsDocument], awaitRefetchQueries: true });
  const choice = data?.shippingOptions;
  const shippingKey = shippings.map((shipping) => `${shipping.id}:${shipping.name ?? ''}`).join('|');
  const seenKey = useRef(shippingKey);
  useEffect(() => {
    if (seenKey.current === shippingKey) return;
    seenKey.current = shippingKey;
    void refetch().catch(() => undefined);
  }, [shippingKey, refetch]);
  const elsewhere = choice && !choice.options.some((option) => option.selected) ? shippings.find((shipping) => shipping.name) : undefined;
  return (
    <section className="card" aria-labelledby="shipping-heading">
      <h2 id="shipping-heading">Shipping</h2>
      {loading && !choice && (
        <p className="muted" role="status">
          Loading delivery options…
        </p>
      )}
      {error && <p className="error">The delivery options could not be loaded. Reload the page to try again.</p>}
      {missing && (
        <p className="error" role="alert" data-testid="shipping-missing" data-problem>
          {missing}
        </p>
      )}
      {choice && choice.options.length === 0 && <p className="muted">No shipping options are offered for this order.</p>}
      {choice?.options.map((option) => (
        <label key={option.id} className="option">
          <input
            type="radio"
            name="shipping"
            value={option.id}
            checked={option.selected}
            disabled={selecting.loading}
            onChange={() => {
              onError(undefined);
              void select({ variables: { id: orderId, optionId: option.id } }).catch(() => onError('This delivery option could not be chosen. Please try again.'));
            }}
          />
          <span className="grow">
            {option.name}
            {option.description && <span className="muted small"> — {option.description}</span>}
          </span>
          <span>{formatMoney(option.price, culture)}</span>
        </label>
      ))}
      {elsewhere && (
        <p className="muted small" data-testid="shipping-elsewhere">
          Delivery: <strong>{elsewhere.name}</strong>, chosen in the payment provider's checkout.
        </p>
      )}
    </section>
  );
}
