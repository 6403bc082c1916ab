// Provider C's frontend: the provider's iframe snippet, its events forwarded to the adapter (docs/adapters/provider-c.md).
import { callAdapter } from '../adapter-call.js';
import { watchFrameHeight } from '../frame-height.js';
import { startPayment } from '../start-payment.js';
import { muted, snippet } from './dom.js';
import type { ProviderFrontend } from './provider-frontend.js';

interface FrameMessage {
  source?: unknown;
  event?: unknown;
  value?: { status?: unknown } | null;
}

/**
 * The provider's iframe snippet in the page. What the iframe tells its parent is forwarded to the
 * adapter: `identity.*` → customer-update, `shippingConfirmed` → shipping-option-update; a
 * `purchase` that completed (or is on hold) ends the payment step, a refused one is reported. Its
 * `resize` sizes the frame.
 */
export const providerCFrontend: ProviderFrontend = {
  mount(root, { orderId, adapterId, client, onCompleted, onError }) {
    let closed = false;
    let stopListening = () => {};
    root.replaceChildren(muted("Opening the provider's checkout…"));
    const stopSizing = watchFrameHeight(root, 'provider-c');
    startPayment(client, orderId, adapterId).then(
      (session) => {
        if (closed) return;
        if (!session.htmlSnippet) return root.replaceChildren(muted('The provider answered no checkout for this payment.'));
        const node = snippet('provider-c-iframe', session.htmlSnippet);
        root.replaceChildren(node);
        const paymentId = session.payment.id;
        const callback = (step: string) =>
          callAdapter(orderId, adapterId, `callback/orders/${encodeURIComponent(orderId)}/payments/${encodeURIComponent(paymentId)}/${step}`).catch((failure: Error) => {
            if (!closed) onError(failure.message);
          });
        const listen = (event: MessageEvent<FrameMessage>) => {
          // Only what this snippet's own frames say.
          const frames = Array.from(node.querySelectorAll('iframe'));
          if (!frames.some((frame) => frame.contentWindow === event.source) || event.data?.source !== 'provider-c' || typeof event.data.event !== 'string') return;
          const name = event.data.event;
          if (name.startsWith('identity.')) void callback('customer-update');
          else if (name === 'shippingConfirmed') void callback('shipping-option-update');
          else if (name === 'purchase') {
            const status = event.data.value?.status;
            if (status === 'Completed' || status === 'OnHold') onCompleted();
            else onError('The payment provider refused the purchase.');
          }
        };
        window.addEventListener('message', listen);
        stopListening = () => window.removeEventListener('message', listen);
      },
      (failure: Error) => {
        if (!closed) onError(failure.message);
      },
    );
    return {
      unmount: () => {
        closed = true;
        stopListening();
        stopSizing();
        root.replaceChildren();
      },
    };
  },
};
