// Provider C's frontend: the provider's snippet placed as published, its q1 listeners forwarded to the adapter, the checkout locked around each order update (docs/adapters/provider-c.md).
import { callAdapter } from '../../../web/checkout-client/core/adapter-call.js';
import { CheckoutPageDocument } from '../../../web/checkout-client/core/generated/graphql.js';
import { startPayment } from '../../../web/checkout-client/core/start-payment.js';
import { element, muted, placeSnippet } from '../../../web/checkout-client/core/frontends/dom.js';
import type { AdapterFrontend, ProviderFrontend } from '../../../web/checkout-client/core/frontends/provider-frontend.js';
import type { Q1 } from './qliro-one.types.js';

/** What the shopper reads when the provider refuses the purchase (the adapter has failed that payment; the order is in checkout again). */
export const REFUSED = 'The payment provider refused the payment. Try again, or choose another way to pay.';
/** What the shopper reads when the provider's checkout session ran out. */
export const EXPIRED = 'The payment provider’s checkout timed out. Try again, or choose another way to pay.';

/** The adapter callback each `q1` listener asks for (the adapter re-reads the provider's order; nothing of the event is sent). */
export const CALLBACKS = { customer: 'customer-update', shipping: 'shipping-option-update' } as const;

/** Whether the provider's order total is the amount the shop expects (Qliro's own module compares within half an öre). */
export const sameTotal = (providerTotal: unknown, expected: number) => typeof providerTotal === 'number' && Math.abs(providerTotal - expected) < 0.005;

/** The payment whose checkout is in the page, what its provider order is known to cost, and how far it has come. */
interface Attempt {
  paymentId: string;
  /** The total the provider's checkout showed last (at create: the payment's amount). */
  confirmed: number;
  /** The payment's amount now: what the checkout must show before it is unlocked. */
  expected: number;
  q1?: Q1;
  syncing: boolean;
  purchasing: boolean;
  over: boolean;
}

/**
 * The provider's checkout in the page: a new payment's snippet, with `window.q1Ready` defined
 * first so the checkout hands over `q1` once it has rendered. Its listeners reach the adapter one
 * call at a time in the order they came (the same call already waiting is not queued twice: each
 * one re-reads the provider): `onCustomerInfoChanged` → customer-update, `onShippingMethodChanged`
 * → shipping-option-update. Around every order update the checkout is locked as published:
 * `q1.lock()` before the shipping update goes to the adapter (and whenever the order's amount for
 * this payment changes elsewhere in the page), then `q1.onOrderUpdated` until the provider's
 * total is the payment's amount, then `q1.unlock()`. A purchase that completes or waits at the
 * provider sends the window to the confirmation (the provider's checkout does that); one the
 * provider refuses — the adapter fails the payment — is said in words above the checkout with
 * **Try again**: a new payment, a new checkout, prefilled again with what the shop knows.
 */
export const providerCFrontend: ProviderFrontend = {
  mount(root, { orderId, adapterId, client, onError }) {
    let closed = false;
    const notice = element('div', { class: 'notice', 'data-testid': 'payment-refused' });
    const noticeText = element('p', { class: 'error', role: 'alert' });
    const retry = element('button', { type: 'button' }, 'Try again');
    notice.append(noticeText, retry);
    const frameSlot = element('div', { class: 'provider-snippet', 'data-testid': 'provider-c-iframe' });
    const wrapper = element('div');
    wrapper.append(frameSlot);
    root.replaceChildren(wrapper);

    let current: Attempt | undefined;

    const stop = (message: string) => {
      if (!current || current.over) return;
      current.over = true;
      noticeText.textContent = message;
      wrapper.prepend(notice);
      retry.focus();
    };

    /** The lock around an order update: unlocked once the provider's checkout shows the expected amount. */
    const sync = (attempt: Attempt) => {
      const q1 = attempt.q1;
      if (!q1 || attempt.syncing || attempt.purchasing || attempt.over) return;
      attempt.syncing = true;
      q1.lock();
      q1.onOrderUpdated((order) => {
        if (current !== attempt || !attempt.syncing || !sameTotal(order?.totalPrice, attempt.expected)) return;
        attempt.syncing = false;
        attempt.confirmed = attempt.expected;
        q1.unlock();
      });
    };

    // The order as the page keeps it (the client's cache, which the page's orderChanged keeps current; no
    // subscription of its own): another amount for this payment (a gift card, a shipping chosen in the page)
    // syncs the checkout; a failed payment is a refusal.
    const watched = client.watchQuery({ query: CheckoutPageDocument, variables: { id: orderId } }).subscribe({
      next: (result) => {
        const attempt = current;
        const order = result.dataState === 'complete' ? result.data.order : undefined;
        const payment = order?.payments.find((candidate) => candidate.id === attempt?.paymentId);
        if (!attempt || !payment || attempt.over) return;
        if (payment.state === 'failed') return stop(REFUSED);
        if (payment.state !== 'intent') return;
        attempt.expected = payment.amount;
        if (!sameTotal(attempt.confirmed, payment.amount)) sync(attempt);
      },
    });
    const stopWatching = () => watched.unsubscribe();

    /** A new payment at the provider and its checkout (the first one, or after a refusal). */
    const attempt = () => {
      current = undefined;
      frameSlot.replaceChildren(muted("Opening the provider's checkout…"));
      startPayment(client, orderId, adapterId).then(
        (session) => {
          if (closed) return;
          if (!session.htmlSnippet) return frameSlot.replaceChildren(muted('The provider answered no checkout for this payment.'));
          const mine: Attempt = { paymentId: session.payment.id, confirmed: session.payment.amount, expected: session.payment.amount, syncing: false, purchasing: false, over: false };
          current = mine;
          let queue: Promise<unknown> = Promise.resolve();
          const waiting = new Set<string>();
          const forward = (step: (typeof CALLBACKS)[keyof typeof CALLBACKS], after?: (answer: unknown) => void) => {
            if (waiting.has(step)) return;
            waiting.add(step);
            queue = queue
              .then(() => {
                waiting.delete(step);
                return callAdapter(orderId, adapterId, `callback/orders/${encodeURIComponent(orderId)}/payments/${encodeURIComponent(mine.paymentId)}/${step}`);
              })
              .then((answer) => after?.(answer))
              .catch((failure: Error) => {
                if (closed || mine.over) return;
                if (mine.syncing && mine.q1) {
                  mine.syncing = false;
                  mine.q1.unlock();
                }
                onError(failure.message);
              });
          };
          window.q1Ready = (q1) => {
            if (closed || current !== mine) return;
            mine.q1 = q1;
            q1.onCustomerInfoChanged(() => {
              if (current === mine && !mine.over) forward(CALLBACKS.customer);
            });
            q1.onShippingMethodChanged(() => {
              if (current !== mine || mine.over) return;
              // Locked before the shop is asked: the shopper cannot buy while the order changes.
              if (!mine.syncing) {
                mine.syncing = true;
                q1.lock();
              }
              forward(CALLBACKS.shipping, (answer) => {
                const amount = (answer as { amount?: unknown } | undefined)?.amount;
                if (typeof amount === 'number') mine.expected = amount;
                mine.syncing = false;
                sync(mine);
              });
            });
            q1.onPaymentProcess(
              () => {
                mine.purchasing = true;
              },
              () => {
                mine.purchasing = false;
              },
            );
            q1.onSessionExpired(() => {
              if (current === mine) stop(EXPIRED);
            });
          };
          placeSnippet(frameSlot, session.htmlSnippet);
        },
        (failure: Error) => {
          if (!closed) onError(failure.message);
        },
      );
    };
    retry.addEventListener('click', () => {
      notice.remove();
      attempt();
    });
    attempt();
    return {
      unmount: () => {
        closed = true;
        current = undefined;
        stopWatching();
        delete window.q1Ready;
        root.replaceChildren();
      },
    };
  },
};

/** Found by the checkout client's registry (web/checkout-client/core/frontends/registry.ts) in this folder. */
export const adapterFrontend: AdapterFrontend = { adapterId: 'provider_c_checkout_adapter', frontend: providerCFrontend };
