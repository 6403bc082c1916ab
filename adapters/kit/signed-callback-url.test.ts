import { describe, expect, it } from '@jest/globals';
import { SignedCallbackUrls } from './signed-callback-url.js';

const urls = new SignedCallbackUrls('a-secret-of-this-adapter-alone');
const pathAndQuery = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

describe('signed callback URLs', () => {
  const signed = urls.sign('https://acme.example/callback/cancel?orderId=o-1&merchant=m&channel=c', 60);

  it('verify accepts the URL as signed', () => {
    expect(() => urls.verify(pathAndQuery(signed))).not.toThrow();
  });

  it('refuses a changed query parameter, an added one, a changed path, another secret, no signature', () => {
    const tampered = (change: (url: URL) => void) => {
      const url = new URL(signed);
      change(url);
      return pathAndQuery(url.toString());
    };
    expect(() => urls.verify(tampered((u) => u.searchParams.set('orderId', 'o-2')))).toThrow('The callback URL signature is invalid.');
    expect(() => urls.verify(tampered((u) => u.searchParams.set('merchant', 'other')))).toThrow('The callback URL signature is invalid.');
    expect(() => urls.verify(tampered((u) => u.searchParams.append('extra', '1')))).toThrow('The callback URL signature is invalid.');
    expect(() => urls.verify(tampered((u) => (u.pathname = '/callback/other')))).toThrow('The callback URL signature is invalid.');
    expect(() => new SignedCallbackUrls('another-secret').verify(pathAndQuery(signed))).toThrow('The callback URL signature is invalid.');
    expect(() => urls.verify(tampered((u) => u.searchParams.delete('sig')))).toThrow('The callback URL is not signed.');
  });

  it('refuses an expired URL, and a later expiry is a changed query', () => {
    const expired = urls.sign('https://acme.example/callback/cancel?orderId=o-1', -1);
    expect(() => urls.verify(pathAndQuery(expired))).toThrow('The callback URL has expired.');
    const extended = new URL(expired);
    extended.searchParams.set('exp', String(Math.floor(Date.now() / 1000) + 3600));
    expect(() => urls.verify(pathAndQuery(extended.toString()))).toThrow('The callback URL signature is invalid.');
  });
});
