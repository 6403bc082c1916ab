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

describe('signed return addresses naming a tenant (forTenant, tenantOf)', () => {
  const tenant = { merchant: 'm-1', channel: 'web shop' };
  const address = urls.forTenant('https://acme.example/callback/return', tenant, { orderId: 'o-1', paymentId: 'p-1' }, 60);

  it('reads back the tenant and the values it was made with', () => {
    const { tenant: read, query } = urls.tenantOf(pathAndQuery(address));
    expect(read).toEqual(tenant);
    expect(query).toMatchObject({ orderId: 'o-1', paymentId: 'p-1', merchant: 'm-1', channel: 'web shop' });
  });

  it('refuses another tenant, and takes a parameter the provider appends only when it is named unsigned', () => {
    const other = new URL(address);
    other.searchParams.set('merchant', 'm-2');
    expect(() => urls.tenantOf(pathAndQuery(other.toString()))).toThrow('The callback URL signature is invalid.');
    const appended = new URL(address);
    appended.searchParams.set('provider_order', 'X-9');
    expect(() => urls.tenantOf(pathAndQuery(appended.toString()))).toThrow('The callback URL signature is invalid.');
    expect(urls.tenantOf(pathAndQuery(appended.toString()), ['provider_order']).query.provider_order).toBe('X-9');
  });

  it('answers 400 for a signed address that names no tenant', () => {
    const bare = urls.sign('https://acme.example/callback/return?orderId=o-1', 60);
    expect(() => urls.tenantOf(pathAndQuery(bare))).toThrow('The callback address names no merchant and channel.');
  });
});
