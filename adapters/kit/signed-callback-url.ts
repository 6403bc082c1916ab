import { createHmac, timingSafeEqual } from 'node:crypto';
import { badRequest, unauthorized } from '../../platform/errors/app-error.js';
import type { Tenant } from '../../platform/auth/principal.js';

/** A signed address as received: the tenant it names and its whole query (`exp` and `sig` included). */
export interface SignedTenantCall {
  tenant: Tenant;
  query: Record<string, string>;
}

/**
 * Callback URLs for callers that cannot carry a platform token (providers, browsers returning
 * from a redirect): the URL itself carries an expiry and an HMAC of its path and its whole query
 * (the expiry included), so neither the path nor any parameter (an order id, a tenant) can be changed.
 */
export class SignedCallbackUrls {
  constructor(private readonly secret: string) {}

  sign(url: string, expiresInSeconds = 86_400): string {
    const parsed = new URL(url);
    parsed.searchParams.delete('sig');
    parsed.searchParams.set('exp', String(Math.floor(Date.now() / 1000) + expiresInSeconds));
    parsed.searchParams.set('sig', this.mac(parsed.pathname, parsed.searchParams));
    return parsed.toString();
  }

  /**
   * The signed return or callback address a provider, or a shopper's browser coming back from it,
   * calls without a token: `url` with the tenant (`merchant`, `channel`) and `values` (an order and
   * payment id) in its query, signed for `expiresInSeconds`. Read back with `tenantOf`.
   */
  forTenant(url: string, tenant: Tenant, values: Record<string, string> = {}, expiresInSeconds?: number): string {
    const parsed = new URL(url);
    for (const [name, value] of Object.entries({ ...values, merchant: tenant.merchant, channel: tenant.channel })) parsed.searchParams.set(name, value);
    return this.sign(parsed.toString(), expiresInSeconds);
  }

  /**
   * The tenant and query of an address made by `forTenant`, as received (request.url): 401 when it
   * was changed, forged or has expired, 400 when it names no tenant. `unsigned`: query parameters
   * the provider appends to the address it was given (its own order id), left out of the check.
   */
  tenantOf(pathAndQuery: string, unsigned: readonly string[] = []): SignedTenantCall {
    const parsed = new URL(pathAndQuery, 'http://callback.local');
    const query = Object.fromEntries(parsed.searchParams);
    for (const name of unsigned) parsed.searchParams.delete(name);
    this.verify(`${parsed.pathname}${parsed.search}`);
    const { merchant, channel } = query;
    if (!merchant || !channel) throw badRequest('invalid_request', 'The callback address names no merchant and channel.');
    return { tenant: { merchant, channel }, query };
  }

  /** Throws 401 unless `pathAndQuery` (as received, e.g. request.url) carries a valid, unexpired signature. */
  verify(pathAndQuery: string): void {
    const parsed = new URL(pathAndQuery, 'http://callback.local');
    const exp = parsed.searchParams.get('exp');
    const sig = parsed.searchParams.get('sig');
    if (!exp || !sig) throw unauthorized('The callback URL is not signed.');
    if (Number(exp) < Date.now() / 1000) throw unauthorized('The callback URL has expired.');
    parsed.searchParams.delete('sig');
    const expected = Buffer.from(this.mac(parsed.pathname, parsed.searchParams));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw unauthorized('The callback URL signature is invalid.');
  }

  /** Over the path and the query as sent, `sig` left out; `exp` is one of its parameters. */
  private mac(path: string, query: URLSearchParams): string {
    const signed = new URLSearchParams(query);
    signed.delete('sig');
    return createHmac('sha256', this.secret).update(`${path}\n${signed.toString()}`).digest('base64url');
  }
}
