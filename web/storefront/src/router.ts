// The storefront's routes: its pages and moving between them.
import { useEffect, useState } from 'react';

/** The storefront's pages: the basket, the checkout of an order, its confirmation. */
export type Route = { page: 'home' } | { page: 'checkout'; orderId: string } | { page: 'confirmation'; orderId: string };

export function parseRoute(pathname: string): Route {
  const checkout = /^\/checkout\/([^/]+)\/?$/.exec(pathname);
  if (checkout) return { page: 'checkout', orderId: decodeURIComponent(checkout[1]!) };
  const confirmation = /^\/confirmation\/([^/]+)\/?$/.exec(pathname);
  if (confirmation) return { page: 'confirmation', orderId: decodeURIComponent(confirmation[1]!) };
  return { page: 'home' };
}

/** Goes to a page of the app; `replace` leaves no history entry behind (a page the shopper cannot go back to). */
export function navigate(path: string, options: { replace?: boolean } = {}): void {
  if (options.replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  dispatchEvent(new PopStateEvent('popstate'));
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.pathname));
  useEffect(() => {
    const update = () => setRoute(parseRoute(location.pathname));
    addEventListener('popstate', update);
    return () => removeEventListener('popstate', update);
  }, []);
  return route;
}
