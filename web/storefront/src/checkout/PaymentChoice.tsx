// The ways to pay the rest of the order, a provider's frontend shown once picked.
import type { PaymentOptionsQuery, PaymentSelection } from '@checkout-platform/checkout-client';
import { ProviderFrontend } from '@checkout-platform/checkout-client/react';

export type PaymentOption = PaymentOptionsQuery['paymentOptions'][number];

export const selectionKey = (selection: PaymentSelection | undefined) => (selection ? `${selection.adapterId}:${selection.frontend === 'NON_PSP' ? selection.method : ''}` : '');

/**
 * Every way to pay the rest: each non-PSP method as a choice of its own; each provider adapter as
 * one choice that renders its frontend (the checkout client's PROVIDER_FRONTENDS) once picked.
 */
export function PaymentChoice(props: {
  orderId: string;
  options: PaymentOption[];
  selection: PaymentSelection | undefined;
  onSelect: (selection: PaymentSelection) => void;
  onCompleted: () => void;
  onError: (message: string) => void;
  /** The options are still being fetched. */
  loading?: boolean;
  /** Why the shopper must choose again (shown at the choice). */
  missing?: string;
  /** Why a provider sent the shopper back without the purchase (shown above the choice, in words). */
  notice?: string;
  /** What went wrong with the chosen provider's frontend (shown under its frame). */
  problem?: string;
}) {
  const { orderId, options, selection, onSelect, loading, missing, notice } = props;
  const choices = options.filter((option) => option.frontend !== 'GIFT_CARD');
  return (
    <section className="card" aria-labelledby="payment-heading">
      <h2 id="payment-heading">Payment</h2>
      {loading && choices.length === 0 && <p className="muted" role="status">Loading payment methods…</p>}
      {!loading && choices.length === 0 && <p className="muted">This shop takes no payments right now.</p>}
      {missing && (
        <p className="error" role="alert" data-testid="payment-missing" data-problem>
          {missing}
        </p>
      )}
      {notice && (
        <p className="error" role="alert" data-testid="provider-refusal">
          {notice}
        </p>
      )}
      {choices.map((option) =>
        option.frontend === 'NON_PSP' ? (
          option.methods.map((method) => {
            const value: PaymentSelection = { frontend: 'NON_PSP', adapterId: option.adapterId, method: method.identifier };
            return (
              <label key={selectionKey(value)} className="option">
                <input type="radio" name="payment" value={selectionKey(value)} checked={selectionKey(selection) === selectionKey(value)} onChange={() => onSelect(value)} />
                <span className="grow">{method.name ?? 'Pay later'}</span>
              </label>
            );
          })
        ) : (
          <ProviderChoice key={option.adapterId} {...props} option={option} />
        ),
      )}
    </section>
  );
}

function ProviderChoice({ option, orderId, selection, onSelect, onCompleted, onError, problem }: Parameters<typeof PaymentChoice>[0] & { option: PaymentOption }) {
  const value: PaymentSelection = { frontend: 'PROVIDER', adapterId: option.adapterId };
  const picked = selectionKey(selection) === selectionKey(value);
  return (
    <div>
      <label className="option">
        <input type="radio" name="payment" value={selectionKey(value)} checked={picked} onChange={() => onSelect(value)} />
        <span className="grow">{option.name}</span>
      </label>
      {picked && (
        <>
          <ProviderFrontend className="provider" orderId={orderId} adapterId={option.adapterId} onCompleted={onCompleted} onError={onError} />
          {problem && (
            <p className="error provider-problem" role="alert" data-testid="provider-error">
              {problem}
            </p>
          )}
        </>
      )}
    </div>
  );
}
