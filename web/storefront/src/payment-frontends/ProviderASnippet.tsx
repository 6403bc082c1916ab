import { useRef } from 'react';
import type { ProviderFrontendProps } from './registry.js';
import { useFrameHeight } from './use-frame-height.js';
import { useStartedPayment } from './use-started-payment.js';

/**
 * Provider A: the hosted checkout's HTML snippet, placed in the page as the provider serves it
 * (its iframe of the hosted page). After a purchase the provider sends the whole window to the
 * confirmation address the adapter gave it (and the checkout page follows the order there too).
 * The hosted page says how tall it is; the frame follows (useFrameHeight).
 */
export function ProviderASnippet({ orderId, adapterId, onError }: ProviderFrontendProps) {
  const session = useStartedPayment(orderId, adapterId, onError);
  const root = useRef<HTMLDivElement>(null);
  useFrameHeight(root, 'provider-a');
  if (!session) return <p className="muted">Opening the provider's checkout…</p>;
  if (!session.htmlSnippet) return <p className="muted">The provider answered no checkout for this payment.</p>;
  return <div className="provider-snippet" data-testid="provider-a-snippet" ref={root} dangerouslySetInnerHTML={{ __html: session.htmlSnippet }} />;
}
