import { useMutation, useQuery } from '@apollo/client/react';
import { ShippingChoiceDocument, SelectShippingDocument, PaymentOptionsDocument } from '../generated/graphql.js';
import { formatMoney } from '../format.js';

/** The shipping options (the commerce platform's, or the configuration's in managed mode); choosing one re-prices the order. */
export function ShippingChoice({ orderId, culture, onError }: { orderId: string; culture?: string; onError: (message: string | undefined) => void }) {
  const { data, loading, error } = useQuery(ShippingChoiceDocument, { variables: { id: orderId }, fetchPolicy: 'cache-and-network' });
  const [select, selecting] = useMutation(SelectShippingDocument, { refetchQueries: [ShippingChoiceDocument, PaymentOptionsDocument], awaitRefetchQueries: true });
  const choice = data?.shippingOptions;
  return (
    <section className="card" aria-label="Shipping">
      <h2>Shipping</h2>
      {loading && !choice && <p className="muted">Loading options…</p>}
      {error && <p className="error">{error.message}</p>}
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
              void select({ variables: { id: orderId, optionId: option.id } }).catch((failure: Error) => onError(failure.message));
            }}
          />
          <span className="grow">
            {option.name}
            {option.description && <span className="muted small"> — {option.description}</span>}
          </span>
          <span>{formatMoney(option.price, culture)}</span>
        </label>
      ))}
    </section>
  );
}
