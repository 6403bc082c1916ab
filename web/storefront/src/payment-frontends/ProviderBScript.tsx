import { useEffect, useRef } from 'react';
import { loadScript } from './load-script.js';
import type { ProviderFrontendProps } from './registry.js';
import { dataString, useStartedPayment } from './use-started-payment.js';

declare global {
  interface Window {
    ProviderBCheckout?: { init(options: { purchaseJwt: string; rootNode: HTMLElement }): unknown };
  }
}

/**
 * Provider B: the provider's script (`javascriptUrl` of the adapter's answer) renders its checkout
 * for the purchase token (`purchaseJwt`). The purchase ends at the provider, which tells the
 * adapter; the page follows the order (orderChanged) from there.
 */
export function ProviderBScript({ orderId, adapterId, onError }: ProviderFrontendProps) {
  const session = useStartedPayment(orderId, adapterId, onError);
  const root = useRef<HTMLDivElement>(null);
  const javascriptUrl = dataString(session, 'javascriptUrl');
  const purchaseJwt = dataString(session, 'purchaseJwt');
  useEffect(() => {
    if (!javascriptUrl || !purchaseJwt) return;
    let current = true;
    loadScript(javascriptUrl).then(
      () => {
        const node = root.current;
        if (!current || !node || !window.ProviderBCheckout) return;
        node.replaceChildren();
        window.ProviderBCheckout.init({ purchaseJwt, rootNode: node });
      },
      (failure: Error) => onError(failure.message),
    );
    return () => {
      current = false;
    };
  }, [javascriptUrl, purchaseJwt, onError]);
  if (!session) return <p className="muted">Opening the provider's checkout…</p>;
  if (!javascriptUrl || !purchaseJwt) return <p className="muted">The provider answered no checkout for this payment.</p>;
  return <div className="provider-snippet" data-testid="provider-b-checkout" ref={root} />;
}
