import { useEffect, useRef, useState } from 'react';
import { loadConfig } from '../session.js';
import { callAdapter } from './adapter-call.js';
import { loadScript } from './load-script.js';
import type { ProviderFrontendProps } from './registry.js';
import { useStartedPayment } from './use-started-payment.js';
import { useLatest } from '../use-latest.js';

interface DropinState {
  data: unknown;
}
interface Dropin {
  handle(answer: unknown): void;
}
interface ProviderAnswer {
  resultCode?: string;
  action?: unknown;
}

declare global {
  interface Window {
    ProviderDDropin?: {
      mount(root: HTMLElement, options: { paymentMethodsResponse: unknown; amount?: unknown; clientKey?: unknown; locale?: unknown; environment?: unknown; paymentMethodsConfiguration?: unknown; onSubmit(state: DropinState, dropin: Dropin): void; onAdditionalDetails(state: DropinState, dropin: Dropin): void }): Dropin;
    };
  }
}

/** The provider's answers that end the payment step: the order follows (completed, or processing until the webhook). */
const DONE = new Set(['Authorised', 'Pending', 'Received']);

/** What the shopper reads when the provider ends a payment without taking it (the payment is then failed). */
const REFUSALS: Record<string, string> = {
  Refused: 'Your card was declined. Check the details or pay with another card.',
  Cancelled: 'The payment was cancelled. You can try again.',
  Error: 'The payment could not be completed. Please try again.',
};
export const refusalMessage = (resultCode: string | undefined) => REFUSALS[resultCode ?? ''] ?? REFUSALS.Error!;

/**
 * Provider D: the provider's drop-in (its script, from the storefront's settings) mounted once per
 * payment with the adapter's create answer (clientKey, paymentMethodsResponse, …). The drop-in's
 * submit goes to the adapter's `transaction`, an action's answer to its `details`
 * (docs/adapters/provider-d.md); each answer is handed back to the drop-in, which runs the action
 * (3-D Secure) in place. A refusal fails that payment: the shopper reads why, and a new payment
 * with a fresh drop-in is started in the same page.
 */
export function ProviderDDropin({ orderId, adapterId, onCompleted, onError }: ProviderFrontendProps) {
  const [attempt, setAttempt] = useState(0);
  const [refusal, setRefusal] = useState<string>();
  const [failedPaymentId, setFailedPaymentId] = useState<string>();
  const started = useStartedPayment(orderId, adapterId, onError, attempt);
  // Until the new payment of the next attempt is there, the refused one's drop-in is not shown.
  const session = started && started.payment.id !== failedPaymentId ? started : undefined;
  const root = useRef<HTMLDivElement>(null);
  const page = useLatest({ onCompleted, onError });
  const paymentId = session?.payment.id;
  const answer = session?.data as Record<string, unknown> | undefined;
  useEffect(() => {
    if (!paymentId || !answer) return;
    let current = true;
    const submit = async (step: 'transaction' | 'details', state: DropinState, dropin: Dropin) => {
      try {
        const result = await callAdapter<ProviderAnswer>(orderId, adapterId, `orders/${encodeURIComponent(orderId)}/payments/${encodeURIComponent(paymentId)}/${step}`, state.data);
        if (!current) return;
        if (result.action) return dropin.handle(result);
        if (result.resultCode && DONE.has(result.resultCode)) {
          dropin.handle(result);
          return page.current.onCompleted();
        }
        // Refused, cancelled or failed: this payment is over; the shopper tries again with a new one.
        setRefusal(refusalMessage(result.resultCode));
        setFailedPaymentId(paymentId);
        setAttempt((n) => n + 1);
      } catch (failure) {
        if (!current) return;
        dropin.handle({ resultCode: 'Error' });
        page.current.onError((failure as Error).message);
      }
    };
    // The drop-in calls these and ignores what they return; `submit` answers every failure itself.
    const send = (step: 'transaction' | 'details') => (state: DropinState, dropin: Dropin) => {
      setRefusal(undefined);
      void submit(step, state, dropin);
    };
    (async () => {
      const script = (await loadConfig()).providerScripts?.[adapterId];
      if (!script) throw new Error('This shop cannot show the card form right now.');
      await loadScript(script);
      const node = root.current;
      if (!current || !node || !window.ProviderDDropin) return;
      const { paymentMethodsResponse, amount, clientKey, locale, environment, paymentMethodsConfiguration } = answer;
      window.ProviderDDropin.mount(node, { paymentMethodsResponse, amount, clientKey, locale, environment, paymentMethodsConfiguration, onSubmit: send('transaction'), onAdditionalDetails: send('details') });
    })().catch((failure: Error) => page.current.onError(failure.message));
    return () => {
      current = false;
    };
  }, [orderId, adapterId, paymentId, answer, page]);
  return (
    <div>
      {refusal && (
        <p className="error" role="alert" data-testid="payment-refused">
          {refusal}
        </p>
      )}
      {!session && <p className="muted">Opening the card form…</p>}
      <div className="provider-snippet" data-testid="provider-d-dropin" ref={root} hidden={!session} />
    </div>
  );
}
