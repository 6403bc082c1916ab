import type { BenchContext } from './bench-context.js';

/** A merchant a figure runs checkouts for: its tenant headers, tokens and a REST caller of the stack. */
export interface BenchMerchant {
  tenant: { 'x-merchant': string; 'x-channel': string };
  admin: string;
  storefront: string;
  /** Calls a service of the stack (by its catalogue name) with the storefront token unless given another; non-2xx throws. */
  rest(base: string, method: string, path: string, body?: unknown, token?: string): Promise<any>;
  /** A basket of the demo lines at the commerce sandbox and a 100 NOK gift card `cardId` at the gift card sandbox. */
  basketAndCard(cardId: string): Promise<{ id: string }>;
}

/** Tokens and a REST caller for `merchant` (channel `web`), with the demo channel's adapter configurations stored for it. */
export async function openBenchMerchant(ctx: BenchContext, merchant: string): Promise<BenchMerchant> {
  const tenant = { 'x-merchant': merchant, 'x-channel': 'web' };
  const admin = await ctx.token({ merchant, channels: ['web'], role: 'admin' });
  const storefront = await ctx.token({ merchant, channels: ['web'], role: 'storefront' });
  const rest = async (base: string, method: string, path: string, body?: unknown, token = storefront) => {
    const response = await fetch(`${ctx.urls[base]}${path}`, {
      method,
      headers: { ...tenant, authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${base}${path}: ${response.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : undefined;
  };
  const configurations = await ctx.stack.call<Record<string, unknown>>('demoConfigurations');
  for (const [id, document] of Object.entries(configurations)) await rest('configuration', 'PUT', `/api/v1/configuration/merchants/${merchant}/channels/web/configurations/${id}`, document, admin);
  const basketAndCard = async (cardId: string) => {
    const basket = await rest('commerce_sandbox', 'POST', '/api/sandbox/baskets', {
      currency: 'NOK',
      items: [
        { sku: 'SHOE-42', name: 'Running shoes', quantity: 2, unitPrice: 99.95, vatRate: 0.25 },
        { sku: 'SOCK-3P', name: 'Socks', quantity: 1, unitPrice: 50, vatRate: 0.25 },
      ],
      buyer: { givenName: 'Kari', familyName: 'Nordmann', email: 'kari@example.com', phone: '+4791234567' },
    });
    await rest('giftcard_sandbox', 'POST', '/api/sandbox/cards', { cardId, balance: 100, currency: 'NOK' });
    return basket as { id: string };
  };
  return { tenant, admin, storefront, rest, basketAndCard };
}
