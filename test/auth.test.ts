import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { graphql, rest, type CallOptions } from './harness/http.js';
import { OrderIdDocument, TypenameDocument } from './generated/graphql.js';
import { startTestSystem, type TestSystem } from './harness/test-system.js';

let system: TestSystem;
const tenant = { merchant: 'm-auth', channel: 'web' };

beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(() => system?.close());

/** What a refusal carries on every transport: the platform's `{code, message}`, and on GraphQL also `errors`. */
interface Refusal {
  code?: string;
  message?: string;
  errors?: ReadonlyArray<{ message: string; extensions?: Record<string, unknown> }>;
}

/** The same call over GraphQL (gateway and a subgraph directly) and over a REST shim. */
const transports: Array<[string, (options: CallOptions) => Promise<{ status: number; body: Refusal }>]> = [
  ['gateway GraphQL', (options) => graphql(system.urls.gateway!, TypenameDocument, {}, options)],
  ['order subgraph GraphQL', (options) => graphql(system.urls.order!, OrderIdDocument, { id: 'x' }, options)],
  ['order REST', (options) => rest(system.urls.order!, 'GET', '/api/v0/checkout/orders/unknown-order', options)],
];

describe.each(transports)('%s', (name, call) => {
  it('refuses a request without a token with 401 JSON (and GraphQL `errors` on GraphQL)', async () => {
    const { status, body } = await call({ ...tenant });
    expect(status).toBe(401);
    const graphqlErrors = name.includes('GraphQL') ? { errors: [{ message: body.message, extensions: { code: 'UNAUTHORIZED', status: 401 } }] } : {};
    expect(body).toEqual({ code: 'unauthorized', message: expect.any(String), ...graphqlErrors });
  });

  it('refuses a malformed Authorization header with 401', async () => {
    const { status, body } = await call({ ...tenant, headers: { authorization: 'Basic abc' } });
    expect(status).toBe(401);
    expect(body.code).toBe('unauthorized');
  });

  it('refuses a token signed with another secret with 401', async () => {
    const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' }, { secret: 'another-secret-another-secret-another' });
    const { status, body } = await call({ token, ...tenant });
    expect(status).toBe(401);
    expect(body.message).toMatch(/signature/);
  });

  it('refuses an expired token with 401', async () => {
    const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' }, { expiresIn: -60 });
    const { status, body } = await call({ token, ...tenant });
    expect(status).toBe(401);
    expect(body.message).toMatch(/expired/);
  });

  it('refuses a token of another issuer with 401', async () => {
    const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' }, { issuer: 'someone-else' });
    const { status } = await call({ token, ...tenant });
    expect(status).toBe(401);
  });

  it('refuses a token without a role with 401', async () => {
    const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'pirate' as 'admin' });
    const { status } = await call({ token, ...tenant });
    expect(status).toBe(401);
  });

  it('refuses a merchant header the token does not allow with 403', async () => {
    const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
    const { status, body } = await call({ token, merchant: 'someone-else', channel: tenant.channel });
    expect(status).toBe(403);
    expect(body).toMatchObject({ code: 'tenant_mismatch', message: expect.stringContaining('someone-else') });
    if (name.includes('GraphQL')) expect(body.errors?.[0]?.extensions?.code).toBe('TENANT_MISMATCH');
  });

  it('refuses a channel header the token does not allow with 403', async () => {
    const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
    const { status, body } = await call({ token, merchant: tenant.merchant, channel: 'other-channel' });
    expect(status).toBe(403);
    expect(body.code).toBe('tenant_mismatch');
  });

  it('asks for X-Channel when the token allows several channels', async () => {
    const token = await system.token({ merchant: tenant.merchant, channels: ['web', 'app'], role: 'admin' });
    const { status, body } = await call({ token, merchant: tenant.merchant });
    expect(status).toBe(400);
    expect(body.code).toBe('channel_required');
  });

  it('accepts a valid token whose claims match the headers', async () => {
    const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
    const { status } = await call({ token, ...tenant });
    expect([200, 404]).toContain(status); // the REST shim answers 404 for the unknown order
  });
});

describe('tenant defaults', () => {
  it("takes merchant and channel from a single-channel token when the headers are left out", async () => {
    const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
    const { status, body } = await graphql(system.urls.gateway!, TypenameDocument, {}, { token });
    expect(status).toBe(200);
    expect(body.data).toEqual({ __typename: 'Query' });
  });

  it('lets a "*" channel claim act in any channel of its merchant only', async () => {
    const token = await system.token({ merchant: tenant.merchant, channels: ['*'], role: 'admin' });
    expect((await graphql(system.urls.gateway!, TypenameDocument, {}, { token, merchant: tenant.merchant, channel: 'any' })).status).toBe(200);
    expect((await graphql(system.urls.gateway!, TypenameDocument, {}, { token, merchant: 'other', channel: 'any' })).status).toBe(403);
  });
});
