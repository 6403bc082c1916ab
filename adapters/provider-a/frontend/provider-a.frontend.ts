// Provider A's frontend: the hosted checkout's snippet in the page (docs/adapters/provider-a.md).
import { watchFrameHeight } from '../../../web/checkout-client/core/frame-height.js';
import { startPayment } from '../../../web/checkout-client/core/start-payment.js';
import { muted, snippet } from '../../../web/checkout-client/core/frontends/dom.js';
import type { AdapterFrontend, ProviderFrontend } from '../../../web/checkout-client/core/frontends/provider-frontend.js';

/**
 * The hosted checkout's HTML snippet, placed in the page as the provider serves it (its iframe of
 * the hosted page). After a purchase the provider sends the whole window to the confirmation
 * address the adapter gave it (and a checkout page follows the order there too). The hosted page
 * says how tall it is; the frame follows.
 */
export const providerAFrontend: ProviderFrontend = {
  mount(root, { orderId, adapterId, client, onError }) {
    let closed = false;
    root.replaceChildren(muted("Opening the provider's checkout…"));
    const stopSizing = watchFrameHeight(root, 'provider-a');
    startPayment(client, orderId, adapterId).then(
      (session) => {
        if (closed) return;
        root.replaceChildren(session.htmlSnippet ? snippet('provider-a-snippet', session.htmlSnippet) : muted('The provider answered no checkout for this payment.'));
      },
      (failure: Error) => {
        if (!closed) onError(failure.message);
      },
    );
    return {
      unmount: () => {
        closed = true;
        stopSizing();
        root.replaceChildren();
      },
    };
  },
};

/** Found by the checkout client's registry (web/checkout-client/core/frontends/registry.ts) in this folder. */
export const adapterFrontend: AdapterFrontend = { adapterId: 'provider_a_checkout_adapter', frontend: providerAFrontend };
