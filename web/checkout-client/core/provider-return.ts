/**
 * A provider that sends the shopper away to another page (a redirect action: the card issuer's
 * 3-D Secure page) and back to the checkout page: what the page remembers across that full
 * navigation. The order's checkout token is already in sessionStorage (checkout-session.ts);
 * this adds which adapter and payment left, under `provider-return:{orderId}` in the same tab's
 * sessionStorage, and reads the parameters the provider put on the return address.
 */

export interface ProviderRedirect {
  adapterId: string;
  paymentId: string;
  /** The query parameters the provider adds to the return address (e.g. `redirectResult`). */
  params: string[];
}

/** A return from a provider: the payment that left, and the parameters the provider sent back. */
export interface ProviderReturn {
  adapterId: string;
  paymentId: string;
  params: Record<string, string>;
}

const key = (orderId: string) => `provider-return:${orderId}`;

/** Called just before the page leaves for the provider. */
export function rememberRedirect(orderId: string, redirect: ProviderRedirect): void {
  sessionStorage.setItem(key(orderId), JSON.stringify(redirect));
}

function remembered(orderId: string): ProviderRedirect | undefined {
  try {
    const value = JSON.parse(sessionStorage.getItem(key(orderId)) ?? 'null') as Partial<ProviderRedirect> | null;
    if (typeof value?.adapterId !== 'string' || typeof value.paymentId !== 'string' || !Array.isArray(value.params)) return undefined;
    return { adapterId: value.adapterId, paymentId: value.paymentId, params: value.params.filter((name): name is string => typeof name === 'string') };
  } catch {
    return undefined;
  }
}

/**
 * The return this page of the order is (the remembered payment, and the provider's parameters
 * now in the address), or undefined when it is not one: nothing remembered, or the address has
 * none of the parameters (the shopper came back some other way, e.g. the browser's back button).
 */
export function providerReturn(orderId: string): ProviderReturn | undefined {
  const redirect = remembered(orderId);
  if (!redirect) return undefined;
  const query = new URLSearchParams(location.search);
  const params = Object.fromEntries(redirect.params.flatMap((name) => (query.has(name) ? [[name, query.get(name)!]] : [])));
  return Object.keys(params).length > 0 ? { adapterId: redirect.adapterId, paymentId: redirect.paymentId, params } : undefined;
}

/** Forgets the redirect and takes the provider's parameters off the address (a reload does not send them again). */
export function forgetRedirect(orderId: string): void {
  const redirect = remembered(orderId);
  sessionStorage.removeItem(key(orderId));
  const url = new URL(location.href);
  for (const name of redirect?.params ?? []) url.searchParams.delete(name);
  if (url.href !== location.href) history.replaceState(history.state, '', url.pathname + url.search + url.hash);
}
