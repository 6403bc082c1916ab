// The React binding of a provider's frontend: mounts the core module of an adapter id into a div.
import { useEffect, useRef } from 'react';
import { mountProviderFrontend } from '../core/index.js';
import { useCheckout } from './checkout-context.js';
import { useLatest } from './use-latest.js';

export interface ProviderFrontendProps {
  orderId: string;
  adapterId: string;
  /** The shopper finished with the provider: go to the confirmation (the order follows through orderChanged). */
  onCompleted: () => void;
  onError: (message: string) => void;
  className?: string;
}

/**
 * The adapter's frontend (PROVIDER_FRONTENDS, else the generic one), mounted once per order and
 * adapter: new callbacks from the page are used without mounting again (which would start another
 * payment and reset a 3-D Secure challenge).
 */
export function ProviderFrontend({ orderId, adapterId, onCompleted, onError, className }: ProviderFrontendProps) {
  const { client, config } = useCheckout();
  const host = useRef<HTMLDivElement>(null);
  const page = useLatest({ onCompleted, onError });
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const mounted = mountProviderFrontend(element, { orderId, adapterId, client, config, onCompleted: () => page.current.onCompleted(), onError: (message) => page.current.onError(message) });
    return () => mounted.unmount();
  }, [orderId, adapterId, client, config, page]);
  return <div ref={host} className={className} />;
}
