// Provider C's frontend: the provider's iframe snippet, its events forwarded to the adapter (docs/adapters/provider-c.md).
import { callAdapter } from '../../../web/checkout-client/core/adapter-call.js';
import { watchFrameHeight } from '../../../web/checkout-client/core/frame-height.js';
import { startPayment } from '../../../web/checkout-client/core/start-payment.js';
import { element, muted, snippet } from '../../../web/checkout-client/core/frontends/dom.js';
import type { AdapterFrontend, ProviderFrontend } from '../../../web/checkout-client/core/frontends/provider-frontend.js';

interface FrameMessage {
  source?: unknown;
  event?: unknown;
  value?: { status?: unknown } | null;
}

/** What the shopper reads when the provider refuses the purchase (the adapter has failed that payment; the order is in checkout again). */
export const REFUSED = 'The payment provider refused the payment. Try again, or choose another way to pay.';

/** The iframe's events and the adapter callback each one asks for (the adapter re-reads the provider's order; nothing of the event is sent). */
export function callbackFor(event: string): 'customer-update' | 'shipping-option-update' | undefined {
  if (event.startsWith('identity.')) return 'customer-update';
  if (event === 'shippingConfirmed') return 'shipping-option-update';
  return undefined;
}

/** The purchase's outcome as the iframe reports it: Completed and OnHold (pending at the provider) end the step; anything else is a refusal. */
export const purchaseEnds = (status: unknown) => status === 'Completed' || status === 'OnHold';

/**
 * The provider's iframe snippet in the page. What the iframe tells its parent is forwarded to the
 * adapter, one call at a time in the order they came (the same call already waiting is not queued
 * twice: each one re-reads the provider): `identity.*` → customer-update, `shippingConfirmed` →
 * shipping-option-update. A `purchase` that completed, or that the provider holds pending (OnHold:
 * the order is accepted and the page follows the provider's decision live), ends the payment step;
 * a refused one is said in words above the frame with **Try again**, which starts a new payment
 * with a new iframe (the storefront's other ways to pay stay open). Its `resize` sizes the frame.
 */
export const providerCFrontend: ProviderFrontend = {
  mount(root, { orderId, adapterId, client, onCompleted, onError }) {
    let closed = false;
    let stopListening = () => {};
    const notice = element('div', { class: 'notice', 'data-testid': 'payment-refused' });
    const noticeText = element('p', { class: 'error', role: 'alert' });
    const retry = element('button', { type: 'button' }, 'Try again');
    notice.append(noticeText, retry);
    const frameSlot = element('div');
    const wrapper = element('div');
    wrapper.append(frameSlot);
    root.replaceChildren(wrapper);
    const stopSizing = watchFrameHeight(root, 'provider-c');
    const fail = (failure: Error) => {
      if (!closed) onError(failure.message);
    };

    /** A new payment at the provider and its iframe (the first one, or after a refusal). */
    const attempt = () => {
      stopListening();
      frameSlot.replaceChildren(muted("Opening the provider's checkout…"));
      startPayment(client, orderId, adapterId).then((session) => {
        if (closed) return;
        if (!session.htmlSnippet) return frameSlot.replaceChildren(muted('The provider answered no checkout for this payment.'));
        const node = snippet('provider-c-iframe', session.htmlSnippet);
        frameSlot.replaceChildren(node);
        const paymentId = session.payment.id;
        /** The purchase has ended (completed, pending or refused): this frame's later words are not acted on. */
        let over = false;
        let queue: Promise<unknown> = Promise.resolve();
        const waiting = new Set<string>();
        const forward = (step: string) => {
          if (waiting.has(step)) return;
          waiting.add(step);
          queue = queue
            .then(() => {
              waiting.delete(step);
              return callAdapter(orderId, adapterId, `callback/orders/${encodeURIComponent(orderId)}/payments/${encodeURIComponent(paymentId)}/${step}`);
            })
            .catch((failure: Error) => {
              if (!closed && !over) onError(failure.message);
            });
        };
        const listen = (event: MessageEvent<FrameMessage>) => {
          // Only what this payment's own frame says.
          const frames = Array.from(node.querySelectorAll('iframe'));
          if (over || !frames.some((frame) => frame.contentWindow === event.source) || event.data?.source !== 'provider-c' || typeof event.data.event !== 'string') return;
          const name = event.data.event;
          const step = callbackFor(name);
          if (step) return forward(step);
          if (name !== 'purchase') return;
          over = true;
          if (purchaseEnds(event.data.value?.status)) return onCompleted();
          noticeText.textContent = REFUSED;
          wrapper.prepend(notice);
          retry.focus();
        };
        window.addEventListener('message', listen);
        stopListening = () => window.removeEventListener('message', listen);
      }, fail);
    };
    retry.addEventListener('click', () => {
      notice.remove();
      attempt();
    });
    attempt();
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

/** Found by the checkout client's registry (web/checkout-client/core/frontends/registry.ts) in this folder. */
export const adapterFrontend: AdapterFrontend = { adapterId: 'provider_c_checkout_adapter', frontend: providerCFrontend };
