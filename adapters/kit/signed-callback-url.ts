import { createHmac, timingSafeEqual } from 'node:crypto';
import { unauthorized } from '../../platform/errors/app-error.js';

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
