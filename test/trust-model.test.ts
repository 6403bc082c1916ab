import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adapterDeps } from '../app/system.js';
import { platformSigningKey } from '../platform/auth/signing-key.js';
import { createLogger } from '../platform/logging/logger.js';
import { graphql, rest } from './harness/http.js';
import { ConfigurationIdDocument, OrderIdDocument, PaymentIdsDocument } from './generated/graphql.js';
import { eventually, orderClient, sampleOrder } from './harness/orders.js';
import { TestAdapter } from './harness/test-adapter.js';
import { startTestSystem, type TestSystem } from './harness/test-system.js';

/**
 * One trust model (docs/auth.md): what a receiver captures from the platform's calls is worth
 * nothing anywhere else, and an adapter's own credentials never make it admin, service or
 * another adapter; and no adapter holds the platform's master secret or private key. The defects
 * of issue 9 (item 3) and issue 8 (item 4) as tests.
 */
const tenant = { merchant: 'm-trust', channel: 'web' };
const NONPSP_METHODS = [{ identifier: 'invoice', name: 'Invoice' }];

let system: TestSystem;
let receiver: TestAdapter;
let admin: Awaited<ReturnType<typeof orderClient>>;
/** Order A carries the recording receiver's hook, validation and notification; B is any other order. */
let orderA: string;
let orderB: string;
let giftCardPaymentB: string;
const captured: Record<'hook' | 'validation' | 'notification', string> = { hook: '', validation: '', notification: '' };

const bearer = (authorization: string | undefined) => authorization!.replace(/^Bearer /, '');
const nonpspUrl = () => system.urls.nonpsp_adapter!;

beforeAll(async () => {
  system = await startTestSystem({ env: { NOTIFICATION_RETRY_DELAYS_MS: '50,100' } });
  receiver = await TestAdapter.start();
  admin = await orderClient(system, tenant, 'admin');
  const configured = await rest(system.urls.configuration!, 'PUT', `/api/v1/configuration/merchants/${tenant.merchant}/channels/${tenant.channel}/configurations/nonpsp_adapter`, {
    token: admin.token,
    ...tenant,
    body: { $schema: `${nonpspUrl()}/openapi/v1/schemas/nonpsp_adapter.json`, id: 'nonpsp_adapter', active: true, adapter: { publicUrl: nonpspUrl() }, paymentMethods: NONPSP_METHODS },
  });
  expect(configured.status).toBe(201);

  // A receiver an admin registered on order A (the attacker's seat): it records every call.
  const created = await admin.call('POST', '', sampleOrder({
    hooks: [{ id: 'h', adapterId: 'nonpsp_adapter', subscribeTo: '/customer', invoke: `${receiver.url}/hook` }],
    validations: [{ id: 'v', adapterId: 'nonpsp_adapter', url: `${receiver.url}/validate` }],
    notifications: [{ id: 'n', scope: '/reference', schema: true, invoke: `${receiver.url}/notified` }],
  }));
  expect(created.status).toBe(201);
  orderA = created.body.id;
  const other = await admin.call('POST', '', sampleOrder({ payments: [{ adapterId: 'giftcard_adapter', amount: 49.9, upperLimitAmount: 49.9 }] }));
  orderB = other.body.id;
  giftCardPaymentB = other.body.payments[0].id;

  expect((await admin.call('PUT', `/${orderA}/customer/billing`, { givenName: 'Ada' })).status).toBe(200);
  // Not valid (no payment yet), but the receiver's validation is called.
  expect((await admin.call('POST', `/${orderA}/validate`)).body.code).toBe('order_invalid');
  expect((await admin.call('PUT', `/${orderA}/reference`, { reference: 'ext-1' })).status).toBe(200);
  await eventually(async () => receiver.callsTo('/notified').length === 1);
  captured.hook = bearer(receiver.callsTo('/hook')[0]!.headers.authorization);
  captured.validation = bearer(receiver.callsTo('/validate')[0]!.headers.authorization);
  captured.notification = bearer(receiver.callsTo('/notified')[0]!.headers.authorization);
});
afterAll(async () => {
  await receiver?.close();
  await system?.close();
});

describe("the platform's public keys", () => {
  it('are served by every platform service at /.well-known/jwks.json without a token, and only the public part', async () => {
    const answers = await Promise.all((['order', 'payment', 'configuration', 'notifications', 'adapter'] as const).map((name) => rest(system.urls[name]!, 'GET', '/.well-known/jwks.json')));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(answers[0]!.body);
    }
    const [key] = answers[0]!.body.keys;
    expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', kid: decodeProtectedHeader(captured.hook).kid });
    expect(key.d).toBeUndefined();
  });
});

describe("a receiver's captured credential", () => {
  it('is a call token bound to that receiver, order, purpose, URL and body, valid for a minute', () => {
    for (const [purpose, token] of Object.entries(captured)) {
      expect(decodeProtectedHeader(token)).toMatchObject({ typ: 'checkout-call+jwt', alg: 'ES256' });
      const claims = decodeJwt(token);
      expect(claims).toMatchObject({ iss: 'checkout-platform', orderId: orderA, purpose, merchant: tenant.merchant, channel: tenant.channel, htm: 'POST', bodySha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
      expect(claims.role).toBeUndefined();
      expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(60);
    }
    // Adapter receivers are the audience by id; a receiver of no adapter by its origin.
    expect(decodeJwt(captured.hook).aud).toBe('nonpsp_adapter');
    expect(decodeJwt(captured.notification).aud).toBe(new URL(receiver.url).origin);
    expect(decodeJwt(captured.hook).url).toBe(`${receiver.url}/hook`);
  });

  it('is refused by the order service for that order and any other, REST and GraphQL (401)', async () => {
    for (const token of Object.values(captured)) {
      for (const orderId of [orderA, orderB]) {
        expect((await rest(system.urls.order!, 'GET', `/api/v0/checkout/orders/${orderId}`, { token, ...tenant })).status).toBe(401);
        expect((await rest(system.urls.order!, 'PUT', `/api/v0/checkout/orders/${orderId}/reference`, { token, ...tenant, body: { reference: 'stolen' } })).status).toBe(401);
        expect((await rest(system.urls.order!, 'PUT', `/api/v0/checkout/orders/${orderId}/state`, { token, ...tenant, body: { status: 'processing' } })).status).toBe(401);
      }
      const answer = await graphql(system.urls.gateway!, OrderIdDocument, { id: orderB }, { token, ...tenant });
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ code: 'unauthorized' });
    }
    expect((await admin.call('GET', `/${orderB}`)).body.reference).toBeUndefined();
  });

  it('is refused by the payment API and every configuration read, secrets included (401)', async () => {
    for (const token of Object.values(captured)) {
      const payment = await rest(system.urls.payment!, 'PUT', `/api/v0/payments/${giftCardPaymentB}`, { token, ...tenant, body: { amount: 0.01 } });
      expect(payment).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
      const base = `/api/v1/configuration/merchants/${tenant.merchant}/channels/${tenant.channel}/configurations`;
      for (const path of [base, `${base}/nonpsp_adapter`, `/merchants/${tenant.merchant}/channels/${tenant.channel}/configurations/nonpsp_adapter`]) {
        expect((await rest(system.urls.configuration!, 'GET', path, { token, ...tenant })).status).toBe(401);
      }
      expect((await graphql(system.urls.gateway!, ConfigurationIdDocument, { id: 'nonpsp_adapter' }, { token, ...tenant })).status).toBe(401);
    }
    // The order B payment is untouched.
    expect((await admin.call('GET', `/${orderB}/payments/${giftCardPaymentB}`)).body.amount).toBe(49.9);
  });

  it("is refused by the adapter it names, at the adapter's own routes (signed for another URL)", async () => {
    const path = `/v0/orders/${orderA}/amount-changed`;
    const answer = await rest(nonpspUrl(), 'POST', path, { token: captured.hook, ...tenant, body: receiver.callsTo('/hook')[0]!.body });
    expect(answer).toMatchObject({ status: 401, body: { code: 'unauthorized', message: expect.stringContaining('another address') } });
  });
});

describe("an adapter's check of the platform's calls", () => {
  const path = (orderId: string) => `/v0/orders/${orderId}/amount-changed`;
  const signed = (orderId: string, body: unknown, overrides: { purpose?: 'amount_changed' | 'hook' | 'notification'; orderId?: string; lifetimeS?: number; url?: string } = {}) =>
    system.callHeaders(
      { tenant, receiver: 'nonpsp_adapter', orderId: overrides.orderId ?? orderId, purpose: overrides.purpose ?? 'amount_changed', url: overrides.url ?? `${nonpspUrl()}${path(orderId)}`, body },
      overrides.lifetimeS === undefined ? {} : { lifetimeS: overrides.lifetimeS },
    );
  const send = (orderId: string, headers: Record<string, string>, body: unknown) => rest(nonpspUrl(), 'POST', path(orderId), { headers, body });

  it('accepts a fresh call once; the same call again is a replay (401)', async () => {
    const headers = await signed(orderB, { amount: 10 });
    expect((await send(orderB, headers, { amount: 10 })).status).toBe(200);
    const again = await send(orderB, headers, { amount: 10 });
    expect(again).toMatchObject({ status: 401, body: { code: 'unauthorized', message: expect.stringContaining('replay') } });
  });

  it('refuses a call token for another order, another purpose, another body, another adapter or after its time window', async () => {
    const body = { amount: 10 };
    // Signed for this URL but another order.
    expect(await send(orderB, await signed(orderB, body, { orderId: orderA }), body)).toMatchObject({ status: 403, body: { code: 'call_mismatch' } });
    // A hook or notification token is no amountChanged call.
    for (const purpose of ['hook', 'notification'] as const) {
      expect(await send(orderB, await signed(orderB, body, { purpose }), body)).toMatchObject({ status: 403, body: { code: 'call_mismatch' } });
    }
    // The body was changed on the way.
    expect(await send(orderB, await signed(orderB, body), { amount: 0.01 })).toMatchObject({ status: 401, body: { message: expect.stringContaining('another body') } });
    // Expired (the lifetime is the platform's; here it ended before the call).
    expect(await send(orderB, await signed(orderB, body, { lifetimeS: -1 }), body)).toMatchObject({ status: 401, body: { message: expect.stringContaining('expired') } });
    // Signed for the gift card adapter: not this adapter's audience.
    const giftcard = await system.callHeaders({ tenant, receiver: 'giftcard_adapter', orderId: orderB, purpose: 'amount_changed', url: `${nonpspUrl()}${path(orderB)}`, body });
    expect(await send(orderB, giftcard, body)).toMatchObject({ status: 401, body: { message: expect.stringContaining('aud') } });
    // Another tenant in the headers than in the token.
    const headers = { ...(await signed(orderB, body)), 'x-channel': 'other' };
    expect((await send(orderB, headers, body)).status).toBe(403);
  });

  it('takes none of the platform-wide tokens: service, admin and storefront are 403', async () => {
    for (const role of ['service', 'admin', 'storefront'] as const) {
      const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role });
      expect((await rest(nonpspUrl(), 'POST', path(orderB), { token, ...tenant, body: { amount: 1 } })).status).toBe(403);
    }
  });
});

describe("an adapter's own credentials", () => {
  const tokenUrl = () => `${system.urls.configuration!}/api/v1/auth/token`;
  const exchange = async (body: Record<string, string>, form = false) => {
    const response = await fetch(tokenUrl(), {
      method: 'POST',
      headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
      body: form ? new URLSearchParams(body).toString() : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  const adapterToken = async (adapterId: string) => {
    const { clientId, clientSecret } = await system.issueCredentials(adapterId);
    const answer = await exchange({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, ...tenant });
    expect(answer.status).toBe(200);
    return answer.body.access_token as string;
  };

  it('are exchanged (JSON or form) for a short-lived adapter token signed with the platform key, for that adapter only', async () => {
    const { clientId, clientSecret } = await system.issueCredentials('nonpsp_adapter');
    for (const form of [false, true]) {
      const answer = await exchange({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, ...tenant }, form);
      expect(answer).toMatchObject({ status: 200, body: { token_type: 'Bearer', expires_in: 300 } });
      const claims = decodeJwt(answer.body.access_token);
      expect(claims).toMatchObject({ role: 'adapter', adapterId: 'nonpsp_adapter', merchant: tenant.merchant, channels: [tenant.channel] });
      expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(300);
      expect(decodeProtectedHeader(answer.body.access_token).alg).toBe('ES256');
    }
  });

  it('refuse bad credentials with 401 JSON, and bad requests with 400', async () => {
    const { clientId, clientSecret } = await system.issueCredentials('nonpsp_adapter');
    const good = { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, ...tenant };
    for (const body of [{ ...good, client_secret: `${clientSecret}x` }, { ...good, client_id: 'nonpsp_adapter.unknown-client' }, { ...good, client_secret: 'A'.repeat(43) }]) {
      expect(await exchange(body)).toEqual({ status: 401, body: { code: 'invalid_client', message: expect.any(String) } });
    }
    expect(await exchange({ ...good, grant_type: 'password' })).toMatchObject({ status: 400, body: { code: 'unsupported_grant_type' } });
    const { client_secret: _dropped, ...missing } = good;
    expect(await exchange(missing)).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
  });

  it('can never act as admin or service', async () => {
    const token = await adapterToken('nonpsp_adapter');
    const call = (service: 'order' | 'payment' | 'configuration', method: string, path: string, body?: unknown) =>
      rest(system.urls[service]!, method, path, { token, ...tenant, ...(body === undefined ? {} : { body }) });
    // What an adapter may do still works.
    expect((await call('order', 'GET', `/api/v0/checkout/orders/${orderB}`)).status).toBe(200);
    // Admin and service operations: listings, configuration writes and reads, GraphQL listings.
    expect((await call('order', 'GET', '/api/v0/checkout/orders')).status).toBe(403);
    const base = `/api/v1/configuration/merchants/${tenant.merchant}/channels/${tenant.channel}/configurations`;
    expect((await call('configuration', 'GET', base)).status).toBe(403);
    expect((await call('configuration', 'PUT', `${base}/nonpsp_adapter`, { id: 'nonpsp_adapter' })).status).toBe(403);
    const listed = await graphql(system.urls.gateway!, PaymentIdsDocument, {}, { token, ...tenant });
    expect(JSON.stringify(listed.body)).toContain('FORBIDDEN');
  });

  it("can never act as another adapter: its configuration and secrets, its payments", async () => {
    const token = await adapterToken('nonpsp_adapter');
    const read = (adapterId: string) => rest(system.urls.configuration!, 'GET', `/merchants/${tenant.merchant}/channels/${tenant.channel}/configurations/${adapterId}`, { token, ...tenant });
    expect((await read('nonpsp_adapter')).status).toBe(200);
    for (const other of ['giftcard_adapter', 'commerce_adapter']) expect((await read(other)).status).toBe(403);
    const payment = await rest(system.urls.payment!, 'PUT', `/api/v0/payments/${giftCardPaymentB}`, { token, ...tenant, body: { amount: 0.01 } });
    expect(payment).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect((await admin.call('GET', `/${orderB}/payments/${giftCardPaymentB}`)).body.amount).toBe(49.9);
  });

  it("are refused once revoked; the platform key's other roles are the operators' tokens, never the token endpoint's", async () => {
    const { clientId, clientSecret } = await system.issueCredentials('giftcard_adapter');
    await system.db.prisma.adapterCredential.update({ where: { clientId }, data: { revokedAt: new Date() } });
    expect((await exchange({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, ...tenant })).status).toBe(401);

    const key = await platformSigningKey({ signingKey: system.config.auth.signingKey, dataDir: system.config.dataDir });
    const sign = (role: string) =>
      new SignJWT({ merchant: tenant.merchant, channels: [tenant.channel], role, adapterId: 'nonpsp_adapter' })
        .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
        .setIssuer(system.config.auth.issuer)
        .setAudience(system.config.auth.audience)
        .setIssuedAt()
        .setExpirationTime('1m')
        .sign(key.privateKey);
    // Only a holder of the private key signs another role (the token CLI, the system runner): accepted as the HS256 tokens are.
    for (const role of ['adapter', 'admin', 'service', 'storefront']) {
      expect((await rest(system.urls.order!, 'GET', `/api/v0/checkout/orders/${orderB}`, { token: await sign(role), ...tenant })).status).toBe(200);
    }
    // The token endpoint issues role adapter only, whatever the credentials ask.
    const { clientId: id, clientSecret: secret } = await system.issueCredentials('nonpsp_adapter');
    const issued = await exchange({ grant_type: 'client_credentials', client_id: id, client_secret: secret, role: 'admin', ...tenant });
    expect(decodeJwt(issued.body.access_token)).toMatchObject({ role: 'adapter', adapterId: 'nonpsp_adapter' });
  });
});

describe('no adapter holds the master secret (issue 8, item 4)', () => {
  const methods = (token: string, orderId = orderA) => rest(nonpspUrl(), 'GET', `/api/v1/checkout/orders/${orderId}/payment-methods`, { token, ...tenant });
  const checkoutToken = async (orderId: string) => {
    const issued = await rest(system.urls.order!, 'POST', `/api/v0/checkout/orders/${orderId}/checkout-token`, { token: admin.token, ...tenant });
    expect(issued.status).toBe(201);
    return issued.body.token as string;
  };
  const hs256Storefront = () => system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' }, { hs256: true });

  it("an adapter's settings carry neither the HS256 secret nor the signing key, and its verifier refuses HS256 tokens of the master secret", async () => {
    const deps = adapterDeps({ config: system.config, db: system.db, logger: createLogger({ level: 'silent' }) }, await system.platformKeys());
    expect(deps.config.auth.secret).toBeUndefined();
    expect(deps.config.auth.signingKey).toBeUndefined();
    const privateD = (JSON.parse(system.config.auth.signingKey!) as { d: string }).d;
    const settings = JSON.stringify(deps.config);
    expect(settings).not.toContain(system.secret);
    expect(settings).not.toContain(privateD);
    // What the platform issues passes; the master secret's token does not.
    const storefront = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
    expect(await deps.verifier.verify(storefront)).toMatchObject({ role: 'storefront', merchant: tenant.merchant });
    expect(await deps.verifier.verify(await checkoutToken(orderA))).toMatchObject({ role: 'shopper', orderId: orderA });
    await expect(deps.verifier.verify(await hs256Storefront())).rejects.toMatchObject({ status: 401, message: expect.stringMatching(/HS256 tokens are not accepted here/) });
  });

  it("the system's adapters accept the platform's storefront and checkout tokens at their storefront routes, and refuse an HS256 token with 401", async () => {
    const storefront = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
    expect(decodeProtectedHeader(storefront).alg).toBe('ES256');
    expect(await methods(storefront)).toMatchObject({ status: 200, body: { paymentMethods: NONPSP_METHODS } });
    expect(await methods(await checkoutToken(orderA))).toMatchObject({ status: 200, body: { paymentMethods: NONPSP_METHODS } });
    // The checkout token is for order A alone.
    expect((await methods(await checkoutToken(orderA), orderB)).status).toBe(404);
    const refused = await methods(await hs256Storefront());
    expect(refused).toMatchObject({ status: 401, body: { code: 'unauthorized', message: expect.stringMatching(/HS256 tokens are not accepted here/) } });
    // The platform's services still take the operators' HS256 tokens.
    expect((await rest(system.urls.order!, 'GET', `/api/v0/checkout/orders/${orderA}`, { token: await hs256Storefront(), ...tenant })).status).toBe(200);
    // The storefront server's credential from the system runner is signed with the platform key.
    expect(decodeProtectedHeader(system.config.storefront.token!)).toMatchObject({ alg: 'ES256', kid: decodeProtectedHeader(storefront).kid });
  });

  it('an adapter process of its own runs without AUTH_JWT_SECRET or AUTH_SIGNING_KEY, verifying by the platform JWKS', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'adapter-alone-'));
    const credentials = await system.issueCredentials('nonpsp_adapter');
    const alone = await startTestSystem({
      services: ['nonpsp_adapter'],
      env: {
        AUTH_JWT_SECRET: undefined,
        AUTH_SIGNING_KEY: undefined,
        DATA_DIR: dataDir,
        ORDER_URL: system.urls.order,
        PAYMENT_URL: system.urls.payment,
        CONFIGURATION_URL: system.urls.configuration,
        NONPSP_ADAPTER_CLIENT_ID: credentials.clientId,
        NONPSP_ADAPTER_CLIENT_SECRET: credentials.clientSecret,
      },
    });
    try {
      const url = alone.urls.nonpsp_adapter!;
      const call = (token: string) => rest(url, 'GET', `/api/v1/checkout/orders/${orderA}/payment-methods`, { token, ...tenant });
      expect(await call(await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' }))).toMatchObject({ status: 200, body: { paymentMethods: NONPSP_METHODS } });
      expect((await call(await checkoutToken(orderA))).status).toBe(200);
      expect((await call(await hs256Storefront())).status).toBe(401);
      // It never made a secret or key of its own.
      expect(await readdir(dataDir)).not.toEqual(expect.arrayContaining([expect.stringMatching(/^(auth-secret|signing-key\.jwk)$/)]));
    } finally {
      await alone.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
