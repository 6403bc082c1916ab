import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT, type CryptoKey } from 'jose';
import { createServer, type Server } from 'node:http';
import type { TokenClaims } from '../platform/auth/principal.js';
import { graphql, rest } from './harness/http.js';
import { OrderStatusDocument } from './generated/graphql.js';
import { eventually, sampleOrder } from './harness/orders.js';
import { TestAdapter } from './harness/test-adapter.js';
import { startTestSystem, type TestSystem } from './harness/test-system.js';

/**
 * Production-style auth: storefronts and admins carry an identity provider's RS256 tokens,
 * verified through its JWKS, while the platform signs its own calls to receivers (hooks,
 * notifications) with its key pair, and adapters get their tokens from their own credentials.
 */
const IDP = { issuer: 'https://idp.example/', audience: 'checkout-api' };
const tenant = { merchant: 'm-jwks', channel: 'web' };

let jwksServer: Server;
let jwksUrl: string;
let signingKey: CryptoKey;
let strangerKey: CryptoKey;
let system: TestSystem;
let receiver: TestAdapter;

async function idpToken(claims: TokenClaims, options: { key?: CryptoKey; kid?: string; issuer?: string; audience?: string } = {}) {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'idp-1' })
    .setSubject('user-1')
    .setIssuer(options.issuer ?? IDP.issuer)
    .setAudience(options.audience ?? IDP.audience)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(options.key ?? signingKey);
}

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  signingKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'idp-1', alg: 'RS256', use: 'sig' };
  jwksServer = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  const address = jwksServer.address();
  jwksUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/jwks.json`;
  system = await startTestSystem({ env: { AUTH_JWKS_URL: jwksUrl, AUTH_ISSUER: IDP.issuer, AUTH_AUDIENCE: IDP.audience } });
  receiver = await TestAdapter.start();
});
afterAll(async () => {
  await receiver?.close();
  await system?.close();
  await new Promise((resolve) => jwksServer?.close(resolve));
});

const admin = () => idpToken({ merchant: tenant.merchant, channels: [tenant.channel], role: 'admin' });

describe('identity provider tokens (JWKS)', () => {
  it('are accepted on REST and through the gateway', async () => {
    const created = await rest(system.urls.order!, 'POST', '/api/v0/checkout/orders', { token: await admin(), ...tenant, body: sampleOrder() });
    expect(created.status).toBe(201);
    const storefront = await idpToken({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
    const { status, body } = await graphql(system.urls.gateway!, OrderStatusDocument, { id: created.body.id }, { token: storefront, ...tenant });
    expect(status).toBe(200);
    expect(body.data?.order).toEqual({ id: created.body.id, status: 'checkout' });
  });

  it('are refused when signed by a key outside the JWKS, or with the wrong issuer or audience', async () => {
    const claims = { merchant: tenant.merchant, channels: [tenant.channel], role: 'admin' as const };
    const refused = [
      await idpToken(claims, { key: strangerKey }),
      await idpToken(claims, { key: strangerKey, kid: 'unknown' }),
      await idpToken(claims, { issuer: 'https://other.example/' }),
      await idpToken(claims, { audience: 'someone-else' }),
    ];
    for (const token of refused) {
      const { status, body } = await rest(system.urls.order!, 'GET', '/api/v0/checkout/orders/x', { token, ...tenant });
      expect(status).toBe(401);
      expect(body).toEqual({ code: 'unauthorized', message: expect.any(String) });
    }
  });

  it('cannot be imitated with the platform secret: HS256 tokens must carry the platform issuer', async () => {
    const claims = { merchant: tenant.merchant, channels: [tenant.channel], role: 'admin' as const };
    const imitation = await system.token(claims, { issuer: IDP.issuer });
    expect((await rest(system.urls.order!, 'GET', '/api/v0/checkout/orders/x', { token: imitation, ...tenant })).status).toBe(401);
    const platform = await system.token(claims);
    expect((await rest(system.urls.order!, 'GET', '/api/v0/checkout/orders/x', { token: platform, ...tenant })).status).toBe(404);
  });
});

describe("the platform's own calls", () => {
  it('carry call tokens signed with the platform key, which no platform API accepts: hooks and notifications work', async () => {
    const order = sampleOrder({
      hooks: [{ id: 'h', adapterId: 'x_adapter', subscribeTo: '/customer', invoke: `${receiver.url}/hook` }],
      notifications: [{ id: 'n', adapterId: 'x_adapter', scope: '/reference', schema: true, invoke: `${receiver.url}/notified` }],
    });
    const created = await rest(system.urls.order!, 'POST', '/api/v0/checkout/orders', { token: await admin(), ...tenant, body: order });
    const id = created.body.id as string;
    const billing = await rest(system.urls.order!, 'PUT', `/api/v0/checkout/orders/${id}/customer/billing`, { token: await admin(), ...tenant, body: { givenName: 'Ada' } });
    expect(billing.status).toBe(200);
    await rest(system.urls.order!, 'PUT', `/api/v0/checkout/orders/${id}/reference`, { token: await admin(), ...tenant, body: { reference: 'ext-1' } });
    await eventually(async () => receiver.callsTo('/notified').length === 1);
    const jwks = createLocalJWKSet((await rest(system.urls.order!, 'GET', '/.well-known/jwks.json')).body);
    for (const call of [...receiver.callsTo('/hook'), ...receiver.callsTo('/notified')]) {
      expect(call.headers.authorization).toMatch(/^Bearer /);
      const token = call.headers.authorization!.slice('Bearer '.length);
      const { payload } = await jwtVerify(token, jwks, { issuer: 'checkout-platform', audience: 'x_adapter' });
      expect(payload).toMatchObject({ orderId: id, url: `${receiver.url}${call.path}` });
      const replayed = await rest(system.urls.order!, 'GET', `/api/v0/checkout/orders/${id}`, { token, ...tenant });
      expect(replayed.status).toBe(401);
    }
    expect(receiver.callsTo('/hook')).toHaveLength(1);
  });

  it('let the adapters run: a gift card payment is refused for the missing configuration, not for auth', async () => {
    const created = await rest(system.urls.order!, 'POST', '/api/v0/checkout/orders', { token: await admin(), ...tenant, body: sampleOrder() });
    const storefront = await idpToken({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
    const { status, body } = await rest(system.urls.giftcard_adapter!, 'POST', `/api/checkout/v1/orders/${created.body.id}/payments`, { token: storefront, ...tenant, body: { cardId: 'c-1', code: '1234' } });
    expect(status).toBe(400);
    expect(body.message).toBe('Configuration is missing for this channel.');
  });
});
