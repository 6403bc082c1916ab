import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { rest } from './harness/http.js';
import { startTestSystem, type TestSystem } from './harness/test-system.js';

let system: TestSystem;
let token: string;
const tenant = { merchant: 'm-http', channel: 'web' };

beforeAll(async () => {
  system = await startTestSystem();
  token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
});
afterAll(() => system?.close());

describe('every service', () => {
  const services = ['gateway', 'order', 'payment', 'configuration', 'adapter', 'notifications'] as const;

  it.each(services)('%s answers /healthz and /readyz without a token', async (name) => {
    const url = system.urls[name]!;
    expect(await rest(url, 'GET', '/healthz')).toMatchObject({ status: 200, body: { status: 'ok', service: name } });
    expect(await rest(url, 'GET', '/readyz')).toMatchObject({ status: 200, body: { status: 'ready', service: name } });
  });

  it.each(services)('%s answers an unknown route with 404 JSON', async (name) => {
    const { status, body } = await rest(system.urls[name]!, 'GET', '/no/such/route', { token, ...tenant });
    expect(status).toBe(404);
    expect(body).toEqual({ code: 'route_not_found', message: expect.any(String) });
  });
});

describe('a method a path does not take', () => {
  it('answers 405 JSON naming the methods it takes, with Allow', async () => {
    const { status, body, headers } = await rest(system.urls.order!, 'PATCH', '/api/v0/checkout/orders/o-1/payments/p-1', { token, ...tenant, body: {} });
    expect(status).toBe(405);
    expect(body).toEqual({ code: 'method_not_allowed', message: expect.stringContaining('PATCH'), details: { allowed: ['GET', 'PUT', 'DELETE'] } });
    expect(headers.get('allow')).toBe('GET, PUT, DELETE');
  });

  it('answers a DELETE of a path taking only POST with 405 naming POST', async () => {
    const { status, body } = await rest(system.urls.order!, 'DELETE', '/api/v0/checkout/orders/o-1/validate', { token, ...tenant });
    expect(status).toBe(405);
    expect(body.details).toEqual({ allowed: ['POST'] });
  });

  it('still answers 404 where no method has a route', async () => {
    const { status, body } = await rest(system.urls.order!, 'PATCH', '/api/v0/checkout/orders/o-1/no-such-part', { token, ...tenant, body: {} });
    expect(status).toBe(404);
    expect(body.code).toBe('route_not_found');
  });
});

describe('request handling', () => {
  it('echoes a sane X-Request-Id and makes one up otherwise', async () => {
    const echoed = await rest(system.urls.order!, 'GET', '/healthz', { headers: { 'x-request-id': 'abc-123' } });
    expect(echoed.headers.get('x-request-id')).toBe('abc-123');
    const invented = await rest(system.urls.order!, 'GET', '/healthz', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(invented.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers malformed JSON with 400 JSON and no stack trace', async () => {
    const { status, body } = await rest(system.urls.gateway!, 'POST', '/graphql', { token, ...tenant, rawBody: '{"query": ' });
    expect(status).toBe(400);
    expect(body.code).toBe('invalid_json');
    expect(JSON.stringify(body)).not.toMatch(/at .*\.(js|ts):\d+/);
  });

  it('reads a JSON content type with an empty body as no body', async () => {
    const { status, body } = await rest(system.urls.order!, 'POST', '/api/v0/checkout/orders/nope/validate', { token, ...tenant, rawBody: '' });
    expect(status).toBe(404); // reached the handler: the order does not exist
    expect(body.code).toBe('order_not_found');
  });

  it('refuses JSON that tries to poison prototypes', async () => {
    const { status } = await rest(system.urls.order!, 'PUT', '/api/v0/checkout/orders/nope/consents', { token, ...tenant, rawBody: '{"__proto__": {"admin": true}}' });
    expect(status).toBe(400);
  });

  it('answers a body over the limit with 413 JSON', async () => {
    const big = JSON.stringify({ query: `{ __typename }`, variables: { pad: 'x'.repeat(1_100_000) } });
    const { status, body } = await rest(system.urls.gateway!, 'POST', '/graphql', { token, ...tenant, rawBody: big });
    expect(status).toBe(413);
    expect(body.code).toBe('payload_too_large');
  });

  it('answers a GraphQL syntax error with 400 and a stable code', async () => {
    const { status, body } = await rest(system.urls.gateway!, 'POST', '/graphql', { token, ...tenant, body: { query: '{ order(' } });
    expect(status).toBe(400);
    expect(body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
    expect(body).toMatchObject({ code: 'graphql_parse_failed', message: expect.stringContaining('Syntax Error') });
  });

  it('answers an unknown order on the REST shim with 404 JSON', async () => {
    const { status, body } = await rest(system.urls.order!, 'GET', '/checkout/orders/nope', { token, ...tenant });
    expect(status).toBe(404);
    expect(body).toEqual({ code: 'order_not_found', message: 'Order nope was not found.' });
  });
});
