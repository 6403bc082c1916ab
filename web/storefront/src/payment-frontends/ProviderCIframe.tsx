import { useEffect, useRef } from 'react';
import { callAdapter } from './adapter-call.js';
import type { ProviderFrontendProps } from './registry.js';
import { useFrameHeight } from './use-frame-height.js';
import { useStartedPayment } from './use-started-payment.js';

interface FrameMessage {
  source?: unknown;
  event?: unknown;
  value?: { status?: unknown } | null;
}

/**
 * Provider C: the provider's iframe snippet in the page. What the iframe tells its parent is
 * forwarded to the adapter (docs/adapters/provider-c.md): `identity.*` → customer-update,
 * `shippingConfirmed` → shipping-option-update; a `purchase` that completed (or is on hold) ends
 * the payment step, a refused one is shown. Its `resize` sizes the frame (useFrameHeight).
 */
export function ProviderCIframe({ orderId, adapterId, onCompleted, onError }: ProviderFrontendProps) {
  const session = useStartedPayment(orderId, adapterId, onError);
  const root = useRef<HTMLDivElement>(null);
  const paymentId = session?.payment.id;
  useFrameHeight(root, 'provider-c');
  useEffect(() => {
    if (!paymentId) return;
    const callback = (step: string) => callAdapter(orderId, adapterId, `callback/orders/${encodeURIComponent(orderId)}/payments/${encodeURIComponent(paymentId)}/${step}`).catch((failure: Error) => onError(failure.message));
    const listen = (event: MessageEvent<FrameMessage>) => {
      // Only what this snippet's own frames say.
      const frames = Array.from(root.current?.querySelectorAll('iframe') ?? []);
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
    return () => window.removeEventListener('message', listen);
  }, [orderId, adapterId, paymentId, onCompleted, onError]);
  if (!session) return <p className="muted">Opening the provider's checkout…</p>;
  if (!session.htmlSnippet) return <p className="muted">The provider answered no checkout for this payment.</p>;
  return <div className="provider-snippet" data-testid="provider-c-iframe" ref={root} dangerouslySetInnerHTML={{ __html: session.htmlSnippet }} />;
}
