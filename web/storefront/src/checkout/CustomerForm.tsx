// The billing address form and the consent to the terms.
import { useEffect, useState, type FormEvent, type MutableRefObject } from 'react';
import { BILLING_FIELDS, COUNTRIES, SetBillingAddressDocument, SetConsentsDocument, type BillingField, type CheckoutOrderFragment } from '../../../checkout-client/core/index.js';
import { useLatest, useMutation } from '../../../checkout-client/react/index.js';

/** Saves what the shopper typed when it differs from what the order holds; answers whether the order now holds it. */
export type SaveTyped = () => Promise<boolean>;

/**
 * The billing address (the order's /customer hooks run on save) and the consent to the terms.
 * What is typed is saved with "Save address" or by Place order (through `saveTypedRef`); a problem the
 * platform found with a field is shown at that field.
 */
export function CustomerForm({ order, onError, fieldErrors, saveTypedRef }: { order: CheckoutOrderFragment; onError: (message: string | undefined) => void; fieldErrors: Partial<Record<BillingField, string>>; saveTypedRef: MutableRefObject<SaveTyped | undefined> }) {
  const billing = order.customer.billing;
  const [values, setValues] = useState<Record<BillingField, string>>(() =>
    Object.fromEntries(BILLING_FIELDS.map(({ field }) => [field, (billing?.[field] as string | null | undefined) ?? (field === 'country' ? 'NO' : '')])) as Record<BillingField, string>,
  );
  const [dirty, setDirty] = useState(!billing?.streetAddress);
  const [saved, setSaved] = useState(Boolean(billing?.streetAddress));
  const [problem, setProblem] = useState<string>();
  const [setBilling, billingState] = useMutation(SetBillingAddressDocument);
  const [setConsents, consentState] = useMutation(SetConsentsDocument);
  const terms = (order.consents as { terms?: boolean } | null)?.terms === true;
  const latest = useLatest({ values, dirty });

  const save = async (): Promise<boolean> => {
    setProblem(undefined);
    try {
      const address = Object.fromEntries(Object.entries(latest.current.values).filter(([, value]) => value.trim() !== '').map(([key, value]) => [key, value.trim()]));
      await setBilling({ variables: { id: order.id, address } });
      setSaved(true);
      setDirty(false);
      return true;
    } catch (failure) {
      setSaved(false);
      setProblem('Your address could not be saved. Please check it and try again.');
      console.warn('billing address not saved', failure);
      return false;
    }
  };
  useEffect(() => {
    saveTypedRef.current = async () => (latest.current.dirty ? save() : true);
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };
  const change = (field: BillingField, value: string) => {
    setSaved(false);
    setDirty(true);
    setValues((current) => ({ ...current, [field]: value }));
  };

  return (
    <section className="card" aria-labelledby="billing-heading">
      <h2 id="billing-heading">Billing address</h2>
      <form onSubmit={submit} className="grid" noValidate>
        {BILLING_FIELDS.map(({ field, label, autoComplete, type }) => {
          const error = fieldErrors[field];
          const errorId = `${field}-error`;
          const shared = { id: `billing-${field}`, name: field, autoComplete, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined } as const;
          return (
            <div key={field} className="field">
              <label htmlFor={`billing-${field}`}>{label}</label>
              {type === 'select' ? (
                <select {...shared} value={values[field]} onChange={(event) => change(field, event.target.value)}>
                  {COUNTRIES.map(([code, name]) => (
                    <option key={code} value={code}>
                      {name}
                    </option>
                  ))}
                </select>
              ) : (
                <input {...shared} type={type} value={values[field]} onChange={(event) => change(field, event.target.value)} />
              )}
              {error && (
                <span className="field-error" id={errorId} data-testid={`field-error-${field}`}>
                  {error}
                </span>
              )}
            </div>
          );
        })}
        <div className="row span">
          <button type="submit" disabled={billingState.loading}>
            {billingState.loading ? 'Saving…' : 'Save address'}
          </button>
          {saved && !problem && (
            <span className="ok" data-testid="billing-saved" role="status">
              Saved
            </span>
          )}
          {problem && (
            <span className="error" role="alert">
              {problem}
            </span>
          )}
        </div>
      </form>
      <label className="check">
        <input
          type="checkbox"
          name="terms"
          checked={terms}
          disabled={consentState.loading}
          onChange={(event) => void setConsents({ variables: { id: order.id, consents: { ...((order.consents as object | null) ?? {}), terms: event.target.checked } } }).catch(() => onError('Your choice could not be saved. Please try again.'))}
        />
        I accept the terms of purchase
      </label>
    </section>
  );
}
