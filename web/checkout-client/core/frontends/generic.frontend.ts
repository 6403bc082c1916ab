// The frontend of a provider adapter without one of its own: the adapter's snippet in a sandboxed frame, or its redirect.
import { startPayment } from '../start-payment.js';
import { element, muted } from './dom.js';
import type { ProviderFrontend } from './provider-frontend.js';

/**
 * Starts the payment when the shopper asks ("Continue with this provider") and shows what the
 * PaymentSession carries — hosted markup in a sandboxed frame, or a link to the provider's page.
 */
export const genericFrontend: ProviderFrontend = {
  mount(root, { orderId, adapterId, client, onError }) {
    let closed = false;
    const button = element('button', { type: 'button' }, 'Continue with this provider');
    button.addEventListener('click', () => {
      button.disabled = true;
      startPayment(client, orderId, adapterId).then(
        (session) => {
          if (closed) return;
          if (session.htmlSnippet) {
            const frame = element('iframe', { title: `${adapterId} checkout`, class: 'provider-frame', sandbox: 'allow-scripts allow-forms allow-same-origin allow-top-navigation' });
            frame.srcdoc = session.htmlSnippet;
            root.replaceChildren(frame);
          } else if (session.redirectUrl) root.replaceChildren(element('a', { href: session.redirectUrl }, 'Continue at the payment provider'));
          else root.replaceChildren(muted('The provider answered no frontend for this payment.'));
        },
        (failure: Error) => {
          if (closed) return;
          button.disabled = false;
          onError(failure.message);
        },
      );
    });
    root.replaceChildren(button);
    return {
      unmount: () => {
        closed = true;
        root.replaceChildren();
      },
    };
  },
};
