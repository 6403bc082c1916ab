import { useEffect, useRef } from 'react';
import { callAdapter } from './adapter-call.js';
import type { ProviderFrontendProps } from './registry.js';
import { useStartedPayment } from './use-started-payment.js';

interface FrameMessage {
  source?: unknown;
  event?: unknown;
  value?: { status?: unknown; height?: unknown } | null;
}

/** A frame never grows past this, whatever it asks (px). */
const MAX_FRAME_HEIGHT = 4000;

/**
 * Provider C: the provider's iframe snippet in the page. What the iframe tells its parent is
 * forwarded to the adapter (docs/adapters/provider-c.md): `resize` sizes the frame to its content, `identity.*` → customer-update,
 * `shippingConfirmed` → shipping-option-update; a `purchase` that completed (or is on hold) ends
 * the payment step, a refused one is shown.
 */
export function ProviderCIframe({ orderId, adapterId, onCompleted, onError }: ProviderFrontendProps) {
  const session = useStartedPayment(orderId, adapterId, onError);
  const root = useRef<HTMLDivElement>(null);
  const paymentId = session?.payment.id;
  useEffect(() => {
    if (!paymentId) return;
    const callback = (step: string) => callAdapter(orderId, adapterId, `callback/orders/${encodeURIComponent(orderId)}/payments/${encodeURIComponent(paymentId)}/${step}`).catch((failure: Error) => onError(failure.message));
    const listen = (event: MessageEvent<FrameMessage>) => {
      // Only what this snippet's own frames say.
      const frame = Array.from(root.current?.querySelectorAll('iframe') ?? []).find((candidate) => candidate.contentWindow === event.source);
      if (!frame || event.data?.source !== 'provider-c' || typeof event.data.event !== 'string') return;
      const name = event.data.event;
      const height = event.data.value?.height;
      // The checkout's own height: the frame shows all of it (no scrolling inside the iframe).
      if (name === 'resize') {
        if (typeof height === 'number' && height > 0) frame.style.height = `${Math.min(Math.ceil(height), MAX_FRAME_HEIGHT)}px`;
      } else if (name.startsWith('identity.')) void callback('customer-update');
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
