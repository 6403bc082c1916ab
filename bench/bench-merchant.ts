import type { BenchContext } from './bench-context.js';

/** A merchant a figure runs checkouts for: its tenant headers, tokens and a REST caller of the stack. */
export interface BenchMerchant {
  tenant: { 'x-merchant': string; 'x-channel': string };
  admin: string;
  storefront: string;
  /** Calls a service of the stack (by its catalogue name) with the storefront token unless given another; non-2xx throws. */
  rest(base: string, method: string, path: string, body?: unknown, token?: string): Promise<any>;
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
  return { tenant, admin, storefront, rest };
}
