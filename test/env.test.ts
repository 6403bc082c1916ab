import { describe, expect, it } from '@jest/globals';
import { EnvError, SERVICE_NAMES, loadConfig } from '../platform/env/env.config.js';

describe('environment', () => {
  it('has defaults for every setting', () => {
    const config = loadConfig({});
    expect(config.ports).toEqual({
      gateway: 4000, order: 4001, payment: 4002, configuration: 4003, adapter: 4004, notifications: 4005,
      commerce_adapter: 4101, nonpsp_adapter: 4102, giftcard_adapter: 4103, commerce_sandbox: 4201, giftcard_sandbox: 4202,
    });
    expect(config.urls.order).toBe('http://127.0.0.1:4001');
    expect(config.services).toEqual([...SERVICE_NAMES]);
    expect(loadConfig({ SERVICES: 'platform' }).services).toEqual(['gateway', 'order', 'payment', 'configuration', 'adapter', 'notifications']);
    expect(config.adapterUrls.nonpsp_adapter).toBe('http://127.0.0.1:4102');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.auth).toEqual({ secret: undefined, issuer: 'checkout-platform', audience: 'checkout-platform' });
  });

  it('reads a subset of services and overridden addresses', () => {
    const config = loadConfig({ SERVICES: 'gateway,order', ORDER_URL: 'http://orders.internal:8080', GATEWAY_PORT: '8000' });
    expect(config.services).toEqual(['gateway', 'order']);
    expect(config.urls.order).toBe('http://orders.internal:8080');
    expect(config.ports.gateway).toBe(8000);
  });

  it('adds JWKS verification when AUTH_JWKS_URL is set; the platform keeps its own issuer', () => {
    expect(loadConfig({ AUTH_JWKS_URL: 'https://issuer.example/jwks.json', AUTH_ISSUER: 'https://issuer.example/' }).auth).toEqual({
      secret: undefined,
      issuer: 'checkout-platform',
      audience: 'checkout-platform',
      jwks: { url: 'https://issuer.example/jwks.json', issuer: 'https://issuer.example/', audience: 'checkout-platform' },
    });
    expect(() => loadConfig({ AUTH_JWKS_URL: 'https://issuer.example/jwks.json' })).toThrow(/AUTH_ISSUER is required with AUTH_JWKS_URL/);
  });

  it('names every bad variable in one message', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x', ORDER_PORT: 'abc', AUTH_JWT_SECRET: 'short' })).toThrow(EnvError);
    try {
      loadConfig({ DATABASE_URL: 'mysql://x', ORDER_PORT: 'abc', AUTH_JWT_SECRET: 'short' });
    } catch (error) {
      expect((error as Error).message).toMatch(/DATABASE_URL/);
      expect((error as Error).message).toMatch(/ORDER_PORT/);
      expect((error as Error).message).toMatch(/AUTH_JWT_SECRET/);
    }
  });

  it('requires a real key source in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_JWKS_URL or AUTH_JWT_SECRET/);
  });
});
