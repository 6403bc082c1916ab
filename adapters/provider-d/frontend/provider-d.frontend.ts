// Provider D's frontend: the provider's drop-in, mounted once per payment (docs/adapters/provider-d.md).
import { callAdapter } from '../../../web/checkout-client/core/adapter-call.js';
import { loadConfig } from '../../../web/checkout-client/core/checkout-session.js';
import { loadScript } from '../../../web/checkout-client/core/load-script.js';
import { forgetRedirect, providerReturn, rememberRedirect, type ProviderReturn } from '../../../web/checkout-client/core/provider-return.js';
import { startPayment, type PaymentSession } from '../../../web/checkout-client/core/start-payment.js';
import { element, muted } from '../../../web/checkout-client/core/frontends/dom.js';
import type { AdapterFrontend, ProviderFrontend } from '../../../web/checkout-client/core/frontends/provider-frontend.js';

interface DropinState {
  data: unknown;
}
interface Dropin {
  handle(answer: unknown): void;
}
interface ProviderAnswer {
  resultCode?: string;
  action?: { type?: unknown };
}

/** What the provider adds to the return address after a redirect action, sent back as `details`. */
const RETURN_PARAMS = ['redirectResult'];

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
 * The provider's drop-in (its script, from the storefront's settings) mounted once per payment
 * with the adapter's create answer (clientKey, paymentMethodsResponse, …). The drop-in's submit
 * goes to the adapter's `transaction`, an action's answer to its `details`; each answer is handed
 * back to the drop-in, which runs the action: a 3-D Secure challenge or fingerprint in place, a
 * redirect by taking the whole page to the issuer. Before a redirect the payment is remembered
 * (provider-return.ts); back on the checkout page with `?redirectResult=…`, the module sends
 * `{details: {redirectResult}}` to the adapter's `details` instead of starting a payment. A
 * refusal fails that payment: the shopper reads why, and a new payment with a fresh drop-in is
 * started in the same element.
 */
export const providerDFrontend: ProviderFrontend = {
  mount(root, { orderId, adapterId, client, config, onCompleted, onError }) {
    let closed = false;
    /** The drop-in of the current payment; set to false when its payment is over (its late answers are ignored). */
    let current = { live: false };
    const refusal = element('p', { class: 'error', role: 'alert', 'data-testid': 'payment-refused' });
    const opening = muted('Opening the card form…');
    const confirming = element('p', { class: 'muted', role: 'status', 'data-testid': 'provider-d-returning' }, 'Confirming your payment with your bank…');
    // The drop-in's node stays in place for good: moving it would reload a 3-D Secure challenge's frame.
    const node = element('div', { class: 'provider-snippet', 'data-testid': 'provider-d-dropin', hidden: true });
    const wrapper = element('div');
    wrapper.append(opening, node);
    root.replaceChildren(wrapper);

    const showRefusal = (text: string | undefined) => {
      if (text === undefined) return refusal.remove();
      refusal.textContent = text;
      if (!refusal.isConnected) wrapper.prepend(refusal);
    };
    const showOpening = (shown: boolean) => {
      node.hidden = shown;
      if (!shown) opening.remove();
      else if (!opening.isConnected) wrapper.insertBefore(opening, node);
    };

    const call = (paymentId: string, step: 'transaction' | 'details', body: unknown) =>
      callAdapter<ProviderAnswer>(orderId, adapterId, `orders/${encodeURIComponent(orderId)}/payments/${encodeURIComponent(paymentId)}/${step}`, body);
    /** The payment is over without being taken (refused, cancelled, failed): the shopper reads why and tries again with a new one. */
    const refused = (resultCode: string | undefined) => {
      showRefusal(refusalMessage(resultCode));
      attempt();
    };

    const mountDropin = async (session: PaymentSession) => {
      const paymentId = session.payment.id;
      const answer = session.data as Record<string, unknown> | null;
      if (!answer) return;
      const mine = { live: true };
      current = mine;
      const submit = async (step: 'transaction' | 'details', state: DropinState, dropin: Dropin) => {
        try {
          const result = await call(paymentId, step, state.data);
          if (!mine.live || closed) return;
          if (result.action) {
            // The drop-in leaves the page for a redirect: the payment is remembered for the way back.
            if (result.action.type === 'redirect') rememberRedirect(orderId, { adapterId, paymentId, params: RETURN_PARAMS });
            return dropin.handle(result);
          }
          if (result.resultCode && DONE.has(result.resultCode)) {
            dropin.handle(result);
            return onCompleted();
          }
          mine.live = false;
          refused(result.resultCode);
        } catch (failure) {
          if (!mine.live || closed) return;
          dropin.handle({ resultCode: 'Error' });
          onError((failure as Error).message);
        }
      };
      // The drop-in calls these and ignores what they return; `submit` answers every failure itself.
      const send = (step: 'transaction' | 'details') => (state: DropinState, dropin: Dropin) => {
        showRefusal(undefined);
        void submit(step, state, dropin);
      };
      const script = (config ?? (await loadConfig())).providerScripts?.[adapterId];
      if (!script) throw new Error('This shop cannot show the card form right now.');
      await loadScript(script);
      if (!mine.live || closed || !window.ProviderDDropin) return;
      const { paymentMethodsResponse, amount, clientKey, locale, environment, paymentMethodsConfiguration } = answer;
      window.ProviderDDropin.mount(node, { paymentMethodsResponse, amount, clientKey, locale, environment, paymentMethodsConfiguration, onSubmit: send('transaction'), onAdditionalDetails: send('details') });
    };

    /** A new payment and, once the adapter answers, its drop-in (the refused one's stays hidden meanwhile). */
    const attempt = () => {
      showOpening(true);
      startPayment(client, orderId, adapterId)
        .then((session) => {
          if (closed) return;
          showOpening(false);
          return mountDropin(session);
        })
        .catch((failure: Error) => {
          if (!closed) onError(failure.message);
        });
    };
    /** Back from the issuer's page: the provider's redirectResult goes to the adapter's `details`, whose answer ends the payment. */
    const resume = async (back: ProviderReturn) => {
      forgetRedirect(orderId);
      opening.remove();
      wrapper.prepend(confirming);
      try {
        const result = await call(back.paymentId, 'details', { details: back.params });
        if (closed) return;
        confirming.remove();
        if (result.resultCode && DONE.has(result.resultCode)) return onCompleted();
        refused(result.action ? 'Error' : result.resultCode);
      } catch (failure) {
        if (closed) return;
        confirming.remove();
        onError((failure as Error).message);
        attempt();
      }
    };

    const back = providerReturn(orderId);
    if (back && back.adapterId === adapterId) void resume(back);
    else attempt();
    return {
      unmount: () => {
        closed = true;
        current.live = false;
        root.replaceChildren();
      },
    };
  },
};

/** Found by the checkout client's registry (web/checkout-client/core/frontends/registry.ts) in this folder. */
export const adapterFrontend: AdapterFrontend = { adapterId: 'provider_d_dropin_adapter', frontend: providerDFrontend };
