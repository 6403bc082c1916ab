import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { SetBillingAddressDocument, SetConsentsDocument, type CheckoutOrderFragment } from '../generated/graphql.js';

const FIELDS = [
  ['givenName', 'First name'],
  ['familyName', 'Last name'],
  ['email', 'E-mail'],
  ['phone', 'Phone'],
  ['streetAddress', 'Street address'],
  ['postalCode', 'Postal code'],
  ['city', 'City'],
  ['country', 'Country (ISO code)'],
] as const;
type Field = (typeof FIELDS)[number][0];

/** The billing address (the order's /customer hooks run on save) and the consent to the terms. */
export function CustomerForm({ order, onError }: { order: CheckoutOrderFragment; onError: (message: string | undefined) => void }) {
  const billing = order.customer.billing;
  const [values, setValues] = useState<Record<Field, string>>(() =>
    Object.fromEntries(FIELDS.map(([field]) => [field, (billing?.[field] as string | null | undefined) ?? (field === 'country' ? 'NO' : '')])) as Record<Field, string>,
  );
  const [saved, setSaved] = useState(Boolean(billing?.streetAddress));
  const [setBilling, billingState] = useMutation(SetBillingAddressDocument);
  const [setConsents] = useMutation(SetConsentsDocument);
  const terms = (order.consents as { terms?: boolean } | null)?.terms === true;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    onError(undefined);
    try {
      const address = Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== '').map(([key, value]) => [key, value.trim()]));
      await setBilling({ variables: { id: order.id, address } });
      setSaved(true);
    } catch (failure) {
      onError((failure as Error).message);
    }
  };

  return (
    <section className="card" aria-label="Customer">
      <h2>Billing address</h2>
      <form onSubmit={(event) => void submit(event)} className="grid">
        {FIELDS.map(([field, label]) => (
          <label key={field}>
            {label}
            <input name={field} value={values[field]} onChange={(event) => {
              setSaved(false);
              setValues({ ...values, [field]: event.target.value });
            }} />
          </label>
        ))}
        <div className="row span">
          <button type="submit" disabled={billingState.loading}>
            Save address
          </button>
          {saved && <span className="ok" data-testid="billing-saved">Saved</span>}
        </div>
      </form>
      <label className="check">
        <input
          type="checkbox"
          name="terms"
          checked={terms}
          onChange={(event) => void setConsents({ variables: { id: order.id, consents: { ...((order.consents as object | null) ?? {}), terms: event.target.checked } } }).catch((failure: Error) => onError(failure.message))}
        />
        I accept the terms of purchase
      </label>
    </section>
  );
}
