// The React binding of a provider's frontend: mounts the core module of an adapter id into a div.
import { useEffect, useRef } from 'react';
import { mountProviderFrontend, type ApolloClient, type MountedFrontend, type StorefrontConfig } from '../core/index.js';
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

interface Mounted {
  element: HTMLElement;
  orderId: string;
  adapterId: string;
  client: ApolloClient;
  config: StorefrontConfig;
  frontend: MountedFrontend;
  unmounting?: ReturnType<typeof setTimeout>;
}

/**
 * The adapter's frontend (PROVIDER_FRONTENDS, else the generic one), mounted once per order and
 * adapter: new callbacks from the page are used without mounting again (which would start another
 * payment and reset a 3-D Secure challenge). Unmounting waits a tick, so React's StrictMode
 * (which, in a development build only, unmounts and mounts every effect once more) keeps the one
 * payment. In a production build nothing is replayed: the tick only delays the unmount of a
 * frontend whose component has left the page; a change of order, adapter, client or element
 * unmounts the old frontend at once (its deferred unmount cancelled) before mounting the new one.
 */
export function ProviderFrontend({ orderId, adapterId, onCompleted, onError, className }: ProviderFrontendProps) {
  const { client, config } = useCheckout();
  const host = useRef<HTMLDivElement>(null);
  const mounted = useRef<Mounted | undefined>(undefined);
  const page = useLatest({ onCompleted, onError });
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let current = mounted.current;
    if (current && current.element === element && current.orderId === orderId && current.adapterId === adapterId && current.client === client && current.config === config) {
      clearTimeout(current.unmounting);
    } else {
      if (current) {
        // Another order, adapter, client or element: the one mounted goes now, and its deferred
        // unmount must not run later (it would empty the element the new frontend renders into).
        clearTimeout(current.unmounting);
        current.frontend.unmount();
      }
      const frontend = mountProviderFrontend(element, { orderId, adapterId, client, config, onCompleted: () => page.current.onCompleted(), onError: (message) => page.current.onError(message) });
      current = { element, orderId, adapterId, client, config, frontend };
      mounted.current = current;
    }
    const mine = current;
    return () => {
      mine.unmounting = setTimeout(() => {
        mine.frontend.unmount();
        if (mounted.current === mine) mounted.current = undefined;
      });
    };
  }, [orderId, adapterId, client, config, page]);
  return <div ref={host} className={className} />;
}
