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

export function navigate(path: string): void {
  history.pushState(null, '', path);
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
