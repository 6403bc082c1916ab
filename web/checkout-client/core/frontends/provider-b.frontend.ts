// Provider B's frontend: the provider's script rendering its checkout for the purchase token (docs/adapters/provider-b.md).
import { loadScript } from '../load-script.js';
import { dataString, startPayment } from '../start-payment.js';
import { element, muted } from './dom.js';
import type { ProviderFrontend } from './provider-frontend.js';

declare global {
  interface Window {
    ProviderBCheckout?: { init(options: { purchaseJwt: string; rootNode: HTMLElement }): unknown };
  }
}

/**
 * The provider's script (`javascriptUrl` of the adapter's answer) renders its checkout for the
 * purchase token (`purchaseJwt`). The purchase ends at the provider, which tells the adapter; the
 * page follows the order (orderChanged) from there.
 */
export const providerBFrontend: ProviderFrontend = {
  mount(root, { orderId, adapterId, client, onError }) {
    let closed = false;
    const fail = (failure: Error) => {
      if (!closed) onError(failure.message);
    };
    root.replaceChildren(muted("Opening the provider's checkout…"));
    startPayment(client, orderId, adapterId).then((session) => {
      if (closed) return;
      const javascriptUrl = dataString(session, 'javascriptUrl');
      const purchaseJwt = dataString(session, 'purchaseJwt');
      if (!javascriptUrl || !purchaseJwt) return root.replaceChildren(muted('The provider answered no checkout for this payment.'));
      const node = element('div', { class: 'provider-snippet', 'data-testid': 'provider-b-checkout' });
      root.replaceChildren(node);
      loadScript(javascriptUrl).then(() => {
        if (closed || !window.ProviderBCheckout) return;
        node.replaceChildren();
        window.ProviderBCheckout.init({ purchaseJwt, rootNode: node });
      }, fail);
    }, fail);
    return {
      unmount: () => {
        closed = true;
        root.replaceChildren();
      },
    };
  },
};
