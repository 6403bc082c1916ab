// Provider D's frontend: the provider's own drop-in (`@adyen/adyen-web` v6: AdyenCheckout + Dropin), mounted once per payment (docs/adapters/provider-d.md).
import type { AdditionalDetailsActions, AdditionalDetailsData, AdyenCheckout, CheckoutAdvancedFlowResponse, CoreConfiguration, Dropin, DropinConfiguration, PaymentAction, PaymentCompletedData, PaymentFailedData, ResultCode, SubmitActions, SubmitData } from '@adyen/adyen-web';
import { callAdapter } from '../../../web/checkout-client/core/adapter-call.js';
import { loadConfig } from '../../../web/checkout-client/core/checkout-session.js';
import { loadScript } from '../../../web/checkout-client/core/load-script.js';
import { forgetRedirect, providerReturn, rememberRedirect, type ProviderReturn } from '../../../web/checkout-client/core/provider-return.js';
import { startPayment, type PaymentSession } from '../../../web/checkout-client/core/start-payment.js';
import { element, muted } from '../../../web/checkout-client/core/frontends/dom.js';
import type { AdapterFrontend, ProviderFrontend } from '../../../web/checkout-client/core/frontends/provider-frontend.js';

/**
 * The provider's browser API as its script publishes it: the UMD build of `@adyen/adyen-web` v6
 * sets `window.AdyenWeb` (`AdyenCheckout`, `Dropin`, …), typed by the package's own declarations.
 * The provider D sandbox's stand-in script sets the same.
 */
declare global {
  interface Window {
    AdyenWeb?: { AdyenCheckout: typeof AdyenCheckout; Dropin: typeof Dropin };
  }
}

/** The adapter's create answer, as far as the drop-in takes it (docs/adapters/provider-d.md). */
interface DropinSession {
  clientKey?: string;
  locale?: string;
  environment?: CoreConfiguration['environment'];
  amount?: CoreConfiguration['amount'];
  paymentMethodsResponse?: CoreConfiguration['paymentMethodsResponse'];
  paymentMethodsConfiguration?: DropinConfiguration['paymentMethodsConfiguration'];
  /** The channel's configured script and stylesheet of the drop-in (the provider's in production); unset: the storefront's (its sandbox's stand-in). */
  scriptUrl?: string;
  stylesheetUrl?: string;
}

/** The adapter's answer to `transaction` and `details`: the provider's (the drop-in is handed its resultCode and action only). */
interface ProviderAnswer {
  resultCode?: string;
  action?: PaymentAction;
}

/** What the provider adds to the return address after a redirect action, sent back as `details`. */
const RETURN_PARAMS = ['redirectResult'];

/** The provider's answers that end the payment step: the order follows (completed, or processing until the webhook). */
const DONE = new Set(['Authorised', 'Pending', 'Received']);

/** What the shopper reads when the provider ends a payment without taking it (the payment is then failed). */
const REFUSALS: Record<string, string> = {
  Refused: 'Your card was declined. Check the details or pay with another card.',
  Cancelled: 'The payment was cancelled. You can try again.',
  Error: 'The payment could not be completed. Please try again.',
};
export const refusalMessage = (resultCode: string | undefined) => REFUSALS[resultCode ?? ''] ?? REFUSALS.Error!;

/** The provider's stylesheet, once per page (a `<link>` beside its script). */
function loadStylesheet(url: string): void {
  if ([...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some((link) => link.href === url)) return;
  document.head.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href: url }));
}

/** The drop-in's answer: only what the published `CheckoutAdvancedFlowResponse` holds (the drop-in warns about anything else). */
const toDropin = (answer: ProviderAnswer): CheckoutAdvancedFlowResponse => ({ resultCode: (answer.resultCode ?? 'Error') as ResultCode, ...(answer.action ? { action: answer.action } : {}) });

/**
 * The provider's drop-in mounted once per payment: `AdyenCheckout({...})` with the adapter's create
 * answer (clientKey, environment, locale, amount, paymentMethodsResponse) and the callbacks, then
 * `new Dropin(checkout, {paymentMethodsConfiguration}).mount(node)`. `onSubmit` sends `state.data`
 * to the adapter's `transaction`, `onAdditionalDetails` to its `details`, and each answer goes back
 * with `actions.resolve({resultCode, action})`: the drop-in runs an action itself (a 3-D Secure
 * challenge or fingerprint in place, a redirect by taking the whole page to the issuer), and ends
 * with `onPaymentCompleted` (Authorised, Pending, Received: the shopper is done) or
 * `onPaymentFailed` (Refused, Cancelled, Error: the shopper reads why, and a new payment with a
 * fresh drop-in is started in the same element). A call the adapter refuses is `actions.reject()`:
 * the message is shown and the same payment's drop-in is mounted again. Before a redirect the
 * payment is remembered (provider-return.ts); back on the checkout page with `?redirectResult=…`,
 * the module sends `{details: {redirectResult}}` to the adapter's `details` instead of starting a
 * payment.
 */
export const providerDFrontend: ProviderFrontend = {
  mount(root, { orderId, adapterId, client, config, onCompleted, onError }) {
    let closed = false;
    /** The drop-in of the current payment; its `live` is set to false when its payment is over (its late answers are ignored). */
    let current: { live: boolean; dropin?: Dropin } = { live: false };
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
    const retire = () => {
      current.live = false;
      current.dropin?.unmount();
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
      const answer = session.data as DropinSession | null;
      if (!answer) return;
      retire();
      const mine: { live: boolean; dropin?: Dropin } = { live: true };
      current = mine;
      /** Set while the adapter refused a call: the drop-in's onPaymentFailed that follows `reject()` remounts this payment's drop-in. */
      let callFailed = false;
      const send = async (step: 'transaction' | 'details', data: unknown, actions: SubmitActions | AdditionalDetailsActions) => {
        showRefusal(undefined);
        try {
          const result = await call(paymentId, step, data);
          if (!mine.live || closed) return;
          // The drop-in leaves the page for a redirect: the payment is remembered for the way back.
          if (result.action?.type === 'redirect') rememberRedirect(orderId, { adapterId, paymentId, params: RETURN_PARAMS });
          actions.resolve(toDropin(result));
        } catch (failure) {
          if (!mine.live || closed) return;
          callFailed = true;
          onError((failure as Error).message);
          actions.reject();
        }
      };
      const script = answer.scriptUrl ?? (config ?? (await loadConfig())).providerScripts?.[adapterId];
      if (!script) throw new Error('This shop cannot show the card form right now.');
      if (answer.stylesheetUrl) loadStylesheet(answer.stylesheetUrl);
      await loadScript(script);
      const web = window.AdyenWeb;
      if (!mine.live || closed) return;
      if (!web) throw new Error("The payment provider's script did not start its drop-in.");
      const checkout = await web.AdyenCheckout({
        clientKey: answer.clientKey,
        environment: answer.environment,
        locale: answer.locale,
        amount: answer.amount,
        paymentMethodsResponse: answer.paymentMethodsResponse,
        onSubmit: (state: SubmitData, _component, actions: SubmitActions) => void send('transaction', state.data, actions),
        onAdditionalDetails: (state: AdditionalDetailsData, _component, actions: AdditionalDetailsActions) => void send('details', state.data, actions),
        onPaymentCompleted: (data: PaymentCompletedData) => {
          if (!mine.live || closed) return;
          mine.live = false;
          if (DONE.has(data.resultCode)) return onCompleted();
          refused(data.resultCode);
        },
        onPaymentFailed: (data?: PaymentFailedData) => {
          if (!mine.live || closed) return;
          if (callFailed) {
            // The adapter refused the call (the provider took nothing): the same payment, a fresh drop-in.
            callFailed = false;
            void mountDropin(session).catch((failure: Error) => onError(failure.message));
            return;
          }
          mine.live = false;
          refused(data?.resultCode);
        },
        onError: (error) => {
          if (mine.live && !closed) onError(error.message);
        },
      });
      if (!mine.live || closed) return;
      mine.dropin = new web.Dropin(checkout, { paymentMethodsConfiguration: answer.paymentMethodsConfiguration ?? {} }).mount(node);
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
        retire();
        root.replaceChildren();
      },
    };
  },
};

/** Found by the checkout client's registry (web/checkout-client/core/frontends/registry.ts) in this folder. */
export const adapterFrontend: AdapterFrontend = { adapterId: 'provider_d_dropin_adapter', frontend: providerDFrontend };
