// The billing address form and the consent to the terms.
import { useEffect, useState, type FormEvent, type MutableRefObject } from 'react';
import { addressProblems, BILLING_FIELDS, checkoutError, COUNTRIES, SetBillingAddressDocument, SetConsentsDocument, type BillingField, type CheckoutOrderFragment, type FieldProblems } from '@checkout-platform/checkout-client';
import { useLatest, useMutation } from '@checkout-platform/checkout-client/react';

/** What saving the typed address came to: whether the order holds it now, and which fields the shopper has filled in. */
export interface SaveOutcome {
  saved: boolean;
  typed: BillingField[];
}
/** Saves what the shopper typed when it differs from what the order holds. */
export type SaveTyped = () => Promise<SaveOutcome>;

/**
 * The billing address (the order's /customer hooks run on save) and the consent to the terms.
 * What is typed is saved with "Save address" or by Place order (through `saveTypedRef`). A field
 * the platform refuses (it names it: `/customer/billing/email`) is shown at that field, every one
 * at once, as are the fields a validation found missing (`fieldErrors`, until the field is edited).
 */
export function CustomerForm({ order, onError, fieldErrors, saveTypedRef }: { order: CheckoutOrderFragment; onError: (message: string | undefined) => void; fieldErrors: FieldProblems; saveTypedRef: MutableRefObject<SaveTyped | undefined> }) {
  const billing = order.customer.billing;
  const [values, setValues] = useState<Record<BillingField, string>>(() =>
    Object.fromEntries(BILLING_FIELDS.map(({ field }) => [field, (billing?.[field] as string | null | undefined) ?? (field === 'country' ? 'NO' : '')])) as Record<BillingField, string>,
  );
  const [dirty, setDirty] = useState(!billing?.streetAddress);
  const [saved, setSaved] = useState(Boolean(billing?.streetAddress));
  const [problem, setProblem] = useState<string>();
  /** The fields the platform refused as typed, at the last save. */
  const [refused, setRefused] = useState<FieldProblems>({});
  /** Fields edited since the validation's problems were shown: theirs are no longer said. */
  const [edited, setEdited] = useState<ReadonlySet<BillingField>>(new Set());
  const [shownFor, setShownFor] = useState(fieldErrors);
  if (shownFor !== fieldErrors) {
    setShownFor(fieldErrors);
    setEdited(new Set());
  }
  const [setBilling, billingState] = useMutation(SetBillingAddressDocument);
  const [setConsents, consentState] = useMutation(SetConsentsDocument);
  const terms = (order.consents as { terms?: boolean } | null)?.terms === true;
  const latest = useLatest({ values, dirty });

  const typed = () => BILLING_FIELDS.map(({ field }) => field).filter((field) => latest.current.values[field].trim() !== '');
  const save = async (): Promise<SaveOutcome> => {
    setProblem(undefined);
    setRefused({});
    try {
      const address = Object.fromEntries(Object.entries(latest.current.values).filter(([, value]) => value.trim() !== '').map(([key, value]) => [key, value.trim()]));
      await setBilling({ variables: { id: order.id, address } });
      setSaved(true);
      setDirty(false);
      return { saved: true, typed: typed() };
    } catch (failure) {
      setSaved(false);
      const { fields, general } = addressProblems(checkoutError(failure));
      setRefused(fields);
      setProblem(general);
      if (general) console.warn('billing address not saved', failure);
      return { saved: false, typed: typed() };
    }
  };
  useEffect(() => {
    saveTypedRef.current = async () => (latest.current.dirty ? save() : { saved: true, typed: typed() });
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };
  const change = (field: BillingField, value: string) => {
    setSaved(false);
    setDirty(true);
    setEdited((current) => new Set(current).add(field));
    setRefused(({ [field]: _gone, ...rest }) => rest);
    setValues((current) => ({ ...current, [field]: value }));
  };

  return (
    <section className="card" aria-labelledby="billing-heading">
      <h2 id="billing-heading">Billing address</h2>
      <form onSubmit={submit} className="grid" noValidate>
        {BILLING_FIELDS.map(({ field, label, autoComplete, type }) => {
          const error = refused[field] ?? (edited.has(field) ? undefined : fieldErrors[field]);
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
