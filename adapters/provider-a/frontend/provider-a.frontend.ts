// Provider A's frontend: Klarna Checkout's snippet in the page and its JavaScript API around the storefront's order updates (docs/adapters/provider-a.md).
import { followOrderUpdates } from '../../../web/checkout-client/core/order-updates.js';
import { startPayment } from '../../../web/checkout-client/core/start-payment.js';
import { element, muted, snippet } from '../../../web/checkout-client/core/frontends/dom.js';
import type { AdapterFrontend, ProviderFrontend } from '../../../web/checkout-client/core/frontends/provider-frontend.js';

/** Klarna Checkout's JavaScript API (docs.klarna.com, KCO "Client-side events"): the object `_klarnaCheckout` hands its callbacks. */
export interface KlarnaCheckoutApi {
  suspend(options?: { autoResume?: { enabled: boolean } }): void;
  resume(): void;
  on(listeners: Partial<Record<KlarnaCheckoutEvent, (data: unknown) => void>>): void;
}

/** Klarna's client-side events (as Klarna publishes them, and as integrations register them). */
export type KlarnaCheckoutEvent =
  | 'load'
  | 'user_interacted'
  | 'customer'
  | 'change'
  | 'billing_address_change'
  | 'shipping_address_change'
  | 'shipping_option_change'
  | 'shipping_address_update_error'
  | 'order_total_change'
  | 'checkbox_change'
  | 'can_not_complete_order'
  | 'network_error'
  | 'load_confirmation'
  | 'redirect_initiated';

declare global {
  interface Window {
    /** Defined by the snippet's own script (a queue until Klarna's bootstrap has loaded). */
    _klarnaCheckout?: (callback: (api: KlarnaCheckoutApi) => void) => void;
  }
}

/** What the shopper reads when the provider's checkout says it cannot go on. */
export const PROVIDER_A_WORDS = {
  cannotComplete: 'The order could not be completed with this payment. Check your details in the form, or choose another way to pay.',
  networkError: "The provider's checkout lost its connection. Please try again.",
} as const;

/** Runs `callback` with Klarna's API, if the snippet is on the page (queued until its bootstrap has loaded). */
const withKlarna = (callback: (api: KlarnaCheckoutApi) => void) => window._klarnaCheckout?.(callback);

/**
 * The checkout's HTML snippet, placed in the page as the provider serves it, its own scripts run
 * (they define `window._klarnaCheckout` and load the checkout). Around each update of the order the
 * storefront makes (the address, shipping, a gift card), the checkout is suspended and resumed once
 * the payment has followed the new total — so the provider's form never takes input on an order
 * the shop is changing (Klarna: suspend before the server-side update, resume after). Klarna's
 * events are listened to through `api.on`: a checkout that cannot complete the order, or lost its
 * connection, is said in words above it. After a purchase the provider sends the whole window to
 * the confirmation address the adapter gave it (and a checkout page follows the order there too).
 */
export const providerAFrontend: ProviderFrontend = {
  mount(root, { orderId, adapterId, client, onError }) {
    let closed = false;
    let stopFollowing: (() => void) | undefined;
    const notice = element('p', { class: 'error', role: 'alert', 'data-testid': 'payment-refused' });
    const say = (text: string) => {
      if (closed) return;
      notice.textContent = text;
      if (!notice.isConnected) root.prepend(notice);
    };
    root.replaceChildren(muted("Opening the provider's checkout…"));
    startPayment(client, orderId, adapterId).then(
      (session) => {
        if (closed) return;
        if (!session.htmlSnippet) return root.replaceChildren(muted('The provider answered no checkout for this payment.'));
        // A checkout rendered before on this page leaves its API behind: the new snippet brings its own.
        delete window._klarnaCheckout;
        root.replaceChildren(snippet('provider-a-snippet', session.htmlSnippet));
        withKlarna((api) =>
          api.on({
            can_not_complete_order: () => say(PROVIDER_A_WORDS.cannotComplete),
            network_error: () => say(PROVIDER_A_WORDS.networkError),
            user_interacted: () => notice.remove(),
          }),
        );
        stopFollowing = followOrderUpdates(client, orderId, adapterId, {
          before: () => withKlarna((api) => api.suspend()),
          after: () => withKlarna((api) => api.resume()),
        });
      },
      (failure: Error) => {
        if (!closed) onError(failure.message);
      },
    );
    return {
      unmount: () => {
        closed = true;
        stopFollowing?.();
        delete window._klarnaCheckout;
        root.replaceChildren();
      },
    };
  },
};

/** Found by the checkout client's registry (web/checkout-client/core/frontends/registry.ts) in this folder. */
export const adapterFrontend: AdapterFrontend = { adapterId: 'provider_a_checkout_adapter', frontend: providerAFrontend };
