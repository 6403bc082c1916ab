// A payment provider that sends the shopper back to the checkout page without the purchase (`?error=…`): why, in words, and the provider kept chosen.
import { useEffect, useState } from 'react';
import { placeFailures, PROVIDER_REJECTED, PURCHASE_NOT_ACCEPTED, ValidateOrderDocument, type CheckoutOrderFragment, type FieldProblems, type PaymentOptionsQuery, type PaymentSelection } from '@checkout-platform/checkout-client';
import { useMutation } from '@checkout-platform/checkout-client/react';

type PaymentOption = PaymentOptionsQuery['paymentOptions'][number];

/** The query parameter a provider's error address carries (a provider's configured error page, e.g. `…/checkout/{orderId}?error=validation` in the demo). */
const ERROR_PARAM = 'error';

/**
 * When the page was opened by a provider sending the shopper back (`?error=…`): the provider whose
 * payment it was stays chosen (`returnedWith`), and the page says why — the provider did not
 * approve the purchase (its payment failed: a risk decision that rejected it), or the shop refused it, whose
 * validation problems are then shown at their fields (`showFields`). The parameter leaves the
 * address at once, so a reload does not say it again.
 */
export function useProviderReturnNotice(orderId: string, order: CheckoutOrderFragment | undefined, options: readonly PaymentOption[] | undefined, showFields: (fields: FieldProblems) => void): { notice?: string; returnedWith?: PaymentSelection; deciding: boolean; clearNotice: () => void } {
  const [returned] = useState(() => new URLSearchParams(location.search).has(ERROR_PARAM));
  const [cleared, setCleared] = useState(false);
  const [validate] = useMutation(ValidateOrderDocument);
  useEffect(() => {
    if (!returned) return;
    const url = new URL(location.href);
    url.searchParams.delete(ERROR_PARAM);
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  }, [returned]);

  // The provider's payment the shopper came back from (the order's latest payment with a provider frontend), decided on
  // the order as the page first reads it: what the provider left when it sent the shopper back (null: none).
  const [last, setLast] = useState<CheckoutOrderFragment['payments'][number] | null>();
  if (returned && last === undefined && order && options) {
    const providers = new Set(options.filter((option) => option.frontend === 'PROVIDER').map((option) => option.adapterId));
    setLast(order.payments.filter((payment) => providers.has(payment.adapterId)).at(-1) ?? null);
  }
  const rejected = last?.state === 'failed';
  useEffect(() => {
    if (!returned || !last || rejected) return;
    // The shop refused the purchase: its reasons, at the fields they are about.
    void validate({ variables: { id: orderId } }).then(
      ({ data }) => showFields(placeFailures(data?.validateOrder.failures ?? []).fields),
      () => undefined,
    );
  }, [returned, last, rejected, orderId, validate, showFields]);

  return {
    ...(returned && !cleared && last !== undefined ? { notice: rejected ? PROVIDER_REJECTED : PURCHASE_NOT_ACCEPTED } : {}),
    ...(last ? { returnedWith: { frontend: 'PROVIDER', adapterId: last.adapterId } as const } : {}),
    /** The order has not been read yet to say which provider sent the shopper back. */
    deciding: returned && last === undefined,
    clearNotice: () => setCleared(true),
  };
}
