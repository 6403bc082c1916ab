/**
 * The browser's side of a checkout: the checkout token the storefront's server hands over for one
 * order (docs/auth.md, "Checkout tokens"), kept in sessionStorage per order, and the storefront's
 * settings served by that server (docs/storefront-sdk.md, "The checkout token").
 */

export interface StorefrontConfig {
  /** The gateway's base URL (http…); subscriptions use the same address over ws…. */
  gatewayUrl: string;
  merchant: string;
  channel: string;
  /** Whether the server can seed a demo basket in the commerce sandbox. */
  demo: boolean;
  /** The provider client scripts a frontend loads, per adapter id (a provider's drop-in). */
  providerScripts?: Record<string, string>;
}

export interface CheckoutSession {
  orderId: string;
  token: string;
  expiresAt: string;
  merchant: string;
  channel: string;
}

const key = (orderId: string) => `checkout:${orderId}`;

export async function loadConfig(): Promise<StorefrontConfig> {
  const response = await fetch('/storefront-config.json');
  if (!response.ok) throw new Error(`The storefront's settings could not be read (HTTP ${response.status}).`);
  return (await response.json()) as StorefrontConfig;
}

export function readSession(orderId: string): CheckoutSession | undefined {
  const text = sessionStorage.getItem(key(orderId));
  if (!text) return undefined;
  const session = JSON.parse(text) as CheckoutSession;
  return Date.parse(session.expiresAt) > Date.now() ? session : undefined;
}

/**
 * The page's current checkout session for one order, read when a request needs its token (the
 * token is renewed while the page is open): a holder made once per checkout page, not React state.
 */
export interface SessionHolder {
  current(): CheckoutSession | undefined;
  replace(session: CheckoutSession): void;
}

export function sessionHolder(initial: CheckoutSession | undefined): SessionHolder {
  let session = initial;
  return {
    current: () => session,
    replace: (next) => {
      session = next;
      saveSession(next);
    },
  };
}

export function saveSession(session: CheckoutSession): void {
  sessionStorage.setItem(key(session.orderId), JSON.stringify(session));
}

/** Asks the storefront's server (which holds the channel's storefront token) for a checkout of a basket. */
export async function startCheckout(basketId: string): Promise<CheckoutSession> {
  const response = await fetch('/api/checkouts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ basketId }) });
  const body = (await response.json()) as CheckoutSession & { message?: string };
  if (!response.ok) throw new Error(body.message ?? `The checkout could not be started (HTTP ${response.status}).`);
  saveSession(body);
  return body;
}

export interface DemoBasket {
  basketId: string;
  giftCard: { cardId: string; balance: number; currency: string } | null;
}

export async function seedDemoBasket(): Promise<DemoBasket> {
  const response = await fetch('/api/demo-baskets', { method: 'POST' });
  const body = (await response.json()) as DemoBasket & { message?: string };
  if (!response.ok) throw new Error(body.message ?? `No demo basket (HTTP ${response.status}).`);
  return body;
}
