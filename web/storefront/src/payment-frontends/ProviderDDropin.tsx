import { useEffect, useRef } from 'react';
import { loadConfig } from '../session.js';
import { callAdapter } from './adapter-call.js';
import { loadScript } from './load-script.js';
import type { ProviderFrontendProps } from './registry.js';
import { useStartedPayment } from './use-started-payment.js';

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

/**
 * Provider D: the provider's drop-in (its script, from the storefront's settings) mounted with the
 * adapter's create answer (clientKey, paymentMethodsResponse, …). The drop-in's submit goes to the
 * adapter's `transaction`, an action's answer to its `details` (docs/adapters/provider-d.md); each
 * answer is handed back to the drop-in, which shows it or runs the action (3-D Secure).
 */
export function ProviderDDropin({ orderId, adapterId, onCompleted, onError }: ProviderFrontendProps) {
  const session = useStartedPayment(orderId, adapterId, onError);
  const root = useRef<HTMLDivElement>(null);
  const paymentId = session?.payment.id;
  const answer = session?.data as Record<string, unknown> | undefined;
  useEffect(() => {
    if (!paymentId || !answer) return;
    let current = true;
    const submit = async (step: 'transaction' | 'details', state: DropinState, dropin: Dropin) => {
      try {
        const result = await callAdapter<ProviderAnswer>(orderId, adapterId, `orders/${encodeURIComponent(orderId)}/payments/${encodeURIComponent(paymentId)}/${step}`, state.data);
        dropin.handle(result);
        if (!result.action && result.resultCode && DONE.has(result.resultCode)) onCompleted();
      } catch (failure) {
        dropin.handle({ resultCode: 'Error' });
        onError((failure as Error).message);
      }
    };
    // The drop-in calls these and ignores what they return; `submit` answers every failure itself.
    const send = (step: 'transaction' | 'details') => (state: DropinState, dropin: Dropin) => void submit(step, state, dropin);
    (async () => {
      const script = (await loadConfig()).providerScripts?.[adapterId];
      if (!script) throw new Error('This storefront knows no drop-in script for the provider.');
      await loadScript(script);
      const node = root.current;
      if (!current || !node || !window.ProviderDDropin) return;
      const { paymentMethodsResponse, amount, clientKey, locale, environment, paymentMethodsConfiguration } = answer;
      window.ProviderDDropin.mount(node, { paymentMethodsResponse, amount, clientKey, locale, environment, paymentMethodsConfiguration, onSubmit: send('transaction'), onAdditionalDetails: send('details') });
    })().catch((failure: Error) => onError(failure.message));
    return () => {
      current = false;
    };
  }, [orderId, adapterId, paymentId, answer, onCompleted, onError]);
  if (!session) return <p className="muted">Opening the provider's checkout…</p>;
  return <div className="provider-snippet" data-testid="provider-d-dropin" ref={root} />;
}
