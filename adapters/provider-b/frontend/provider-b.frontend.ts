// Provider B's frontend: Avarda Checkout 3's browser script rendering its form for the purchase token, its callbacks answered through the adapter (docs/adapters/provider-b.md).
import { AdapterCallError, callAdapter } from '../../../web/checkout-client/core/adapter-call.js';
import { loadScript } from '../../../web/checkout-client/core/load-script.js';
import { followOrderUpdates } from '../../../web/checkout-client/core/order-updates.js';
import { failureText, shopperMessage } from '../../../web/checkout-client/core/shopper-words.js';
import { dataString, startPayment } from '../../../web/checkout-client/core/start-payment.js';
import { element, muted } from '../../../web/checkout-client/core/frontends/dom.js';
import type { AdapterFrontend, ProviderFrontend } from '../../../web/checkout-client/core/frontends/provider-frontend.js';

/**
 * The checkout instance `avardaCheckoutInit` answers and hands every callback (Avarda's "Handling
 * Checkout form instance": purchaseId, refreshForm, unmount, beforeSubmitContinue/Abort,
 * deliveryAddressChangedContinue, clearCustomerToken, changeLanguage).
 */
export interface AvardaCheckoutInstance {
  purchaseId: string;
  refreshForm(): void;
  unmount(): void;
  beforeSubmitContinue(): void;
  beforeSubmitAbort(): void;
  deliveryAddressChangedContinue(): void;
  clearCustomerToken(): void;
  changeLanguage(language: string): void;
}

/** What the script's callbacks carry (Avarda's payloads: more than the adapter may be sent). */
type CallbackData = Record<string, unknown> | null | undefined;

/** `avardaCheckoutInit`'s options, by Avarda's published names ("Embed Checkout Form" and the callbacks' pages). */
export interface AvardaCheckoutOptions {
  purchaseJwt: string;
  rootElementId: string;
  redirectUrl: string;
  styles?: Record<string, unknown>;
  disableFocus?: boolean;
  beforeSubmitCallback?(data: CallbackData, instance: AvardaCheckoutInstance): void;
  deliveryAddressChangedCallback?(data: CallbackData, instance: AvardaCheckoutInstance): void;
  shippingOptionChangedCallback?(data: CallbackData, instance: AvardaCheckoutInstance): void;
  completedPurchaseCallback?(instance: AvardaCheckoutInstance): void;
  sessionTimedOutCallback?(instance: AvardaCheckoutInstance): void;
}

/** The global the script defines; before it loads, the integrations' loader stub queues calls on it (`q`) and names the instance's global (`i`). */
type AvardaCheckoutInit = ((options: AvardaCheckoutOptions) => AvardaCheckoutInstance | undefined) & { q?: unknown[]; i?: string };

declare global {
  interface Window {
    avardaCheckoutInit?: AvardaCheckoutInit;
    avardaCheckout?: AvardaCheckoutInstance;
  }
}

export const TIMED_OUT = 'The payment form timed out. Choose the payment method again to start over.';

/** Provider B's refusals (validate's failures, process's codes) in the shopper's words; the platform's validation codes use failureText. */
const REFUSALS: Record<string, string> = {
  amount_mismatch: 'The payment does not match the order total yet. Please try again in a moment.',
  order_changed: 'Your order changed while you were paying. Check it and buy again.',
  purchase_timed_out: TIMED_OUT,
  purchase_final: 'This payment is already finished. Choose another way to pay.',
  payment_not_open: 'This payment is already finished. Choose another way to pay.',
  not_validated: 'Your order could not be checked. Please buy again.',
  order_not_in_checkout: 'This order can no longer be changed.',
};

/** What the shopper reads for an adapter's refusal: validate's failures one by one (the order's validation codes as the storefront words them), else the refusal's code, else its message when that is in words. */
export function refusalText(error: unknown): string {
  // A call that got no answer at all (the browser's TypeError) is said as such.
  if (!(error instanceof AdapterCallError)) return error instanceof Error && !(error instanceof TypeError) ? shopperMessage(error.message) : 'The shop could not be reached. Please try again.';
  const codeOf = (failure: unknown) => (typeof (failure as { code?: unknown })?.code === 'string' ? (failure as { code: string }).code : '');
  if (Array.isArray(error.body)) return [...new Set(error.body.map((failure) => REFUSALS[codeOf(failure)] ?? failureText({ code: codeOf(failure), message: '' })))].join(' ');
  return REFUSALS[codeOf(error.body)] ?? shopperMessage(error.message);
}

/** The allow-list of the adapter's browser callbacks (adapters/provider-b/provider-b.schemas.ts browserEventBody): the purchase id and the payloads' non-identifying hints. */
export function browserEventBody(data: CallbackData): Record<string, string> {
  const body: Record<string, string> = {};
  const text = (field: string, valid: (value: string) => boolean) => {
    const value = data?.[field];
    if (typeof value === 'string' && valid(value)) body[field] = value;
  };
  text('purchaseId', (value) => value.length > 0 && value.length <= 128);
  text('zip', (value) => value.length <= 20);
  text('country', (value) => /^[A-Z]{2}$/.test(value));
  text('selectedPaymentMethodId', (value) => value.length <= 100);
  text('selectedPaymentMethodType', (value) => value.length <= 50);
  return body;
}

let mounts = 0;

/**
 * Avarda's script (`javascriptUrl` of the adapter's answer: Avarda's own, or the sandbox's stand-in)
 * is loaded as Avarda's integrations load it (the `avardaCheckoutInit` loader stub first), and
 * `window.avardaCheckoutInit` renders the form for the purchase token into an element of ours,
 * with callbacks that keep the order in step with what the shopper does there, each sent to the
 * adapter in the order they came (the storefront's relay, the checkout token, only the
 * allow-listed fields): an address edit → `customer-update`, then `deliveryAddressChangedContinue()`;
 * a shipping option → `shipping-option-update` (the order's shipping and total follow), then
 * `refreshForm()` (the form shows the purchase's new items); beforeSubmit → `validate`, then
 * `process`, and `beforeSubmitContinue()` — or `beforeSubmitAbort()` with the reason in words. A
 * completed purchase ends the step; a timed-out session says so (the shopper starts again). When
 * the storefront itself updates the order (a gift card, the address), the form is refreshed once
 * the payment has followed the new total.
 */
export const providerBFrontend: ProviderFrontend = {
  mount(root, { orderId, adapterId, client, onCompleted, onError }) {
    let closed = false;
    let instance: AvardaCheckoutInstance | undefined;
    let stopFollowing: (() => void) | undefined;
    const fail = (failure: Error) => {
      if (!closed) onError(failure.message);
    };
    const notice = element('p', { class: 'error', role: 'alert', 'data-testid': 'payment-refused' });
    const say = (text: string | undefined) => {
      if (closed) return;
      if (text === undefined) return notice.remove();
      notice.textContent = text;
      if (!notice.isConnected) root.prepend(notice);
    };
    root.replaceChildren(muted("Opening the provider's checkout…"));
    startPayment(client, orderId, adapterId).then((session) => {
      if (closed) return;
      const javascriptUrl = dataString(session, 'javascriptUrl');
      const purchaseJwt = dataString(session, 'purchaseJwt');
      if (!javascriptUrl || !purchaseJwt) return root.replaceChildren(muted('The provider answered no checkout for this payment.'));
      const styles = (session.data as { styles?: unknown } | null | undefined)?.styles;
      mounts += 1;
      const node = element('div', { id: `provider-b-checkout-${mounts}`, class: 'provider-snippet', 'data-testid': 'provider-b-checkout' });
      root.replaceChildren(node);
      const order = encodeURIComponent(orderId);
      const payment = `payments/${encodeURIComponent(session.payment.id)}`;
      const paths = {
        customer: `callback/orders/${order}/${payment}/customer-update`,
        shipping: `callback/orders/${order}/${payment}/shipping-option-update`,
        validate: `callback/orders/${order}/${payment}/validate`,
        // The spec's process path names the order twice.
        process: `callback/orders/${order}/${order}/${payment}/process`,
      };
      // The adapter follows the shopper's steps one at a time, in the order they happened.
      let queue: Promise<unknown> = Promise.resolve();
      const inOrder = <T>(step: () => Promise<T>): Promise<T> => {
        const run = queue.then(step);
        queue = run.catch(() => undefined);
        return run;
      };
      const call = (path: string, data: CallbackData) => callAdapter(orderId, adapterId, path, browserEventBody(data));
      /** A change the shopper made: the adapter copies it from the provider; `then` once it has (or refused, said in words). */
      const changed = (path: string, data: CallbackData, then: () => void) => {
        inOrder(() => call(path, data)).then(
          () => {
            if (!closed) then();
          },
          (error: unknown) => {
            say(refusalText(error));
            if (!closed) then();
          },
        );
      };
      // Avarda's integrations load the script behind a stub that queues calls until it is in.
      if (!window.avardaCheckoutInit) {
        const stub = ((...args: unknown[]) => {
          (stub.q = stub.q ?? []).push(args);
          return undefined;
        }) as AvardaCheckoutInit;
        stub.i = 'avardaCheckout';
        window.avardaCheckoutInit = stub;
      }
      loadScript(javascriptUrl).then(() => {
        if (closed || !window.avardaCheckoutInit) return;
        instance =
          window.avardaCheckoutInit({
            purchaseJwt,
            rootElementId: node.id,
            // Where a payment method that leaves the page (a bank, a card's check) brings the shopper back.
            redirectUrl: window.location.href,
            ...(styles && typeof styles === 'object' ? { styles: styles as Record<string, unknown> } : {}),
            disableFocus: true,
            deliveryAddressChangedCallback: (data, checkout) => changed(paths.customer, data, () => checkout.deliveryAddressChangedContinue()),
            shippingOptionChangedCallback: (data, checkout) => changed(paths.shipping, data, () => checkout.refreshForm()),
            beforeSubmitCallback: (data, checkout) => {
              say(undefined);
              inOrder(async () => {
                await call(paths.validate, data);
                await call(paths.process, data);
              }).then(
                () => checkout.beforeSubmitContinue(),
                (error: unknown) => {
                  say(refusalText(error));
                  checkout.beforeSubmitAbort();
                },
              );
            },
            completedPurchaseCallback: () => {
              if (!closed) onCompleted();
            },
            sessionTimedOutCallback: () => say(TIMED_OUT),
          }) ?? window.avardaCheckout;
        // The storefront's own updates of the order: the form shows the purchase's new items once the payment has followed.
        stopFollowing = followOrderUpdates(client, orderId, adapterId, { before: () => undefined, after: () => instance?.refreshForm() });
      }, fail);
    }, fail);
    return {
      unmount: () => {
        closed = true;
        stopFollowing?.();
        instance?.unmount();
        root.replaceChildren();
      },
    };
  },
};

/** Found by the checkout client's registry (web/checkout-client/core/frontends/registry.ts) in this folder. */
export const adapterFrontend: AdapterFrontend = { adapterId: 'provider_b_checkout_adapter', frontend: providerBFrontend };
