import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { STATIC_NOTIFICATIONS_SCHEMA_ID } from '../subgraphs/configuration/local-schemas.js';
import { graphql, graphqlRaw, errorsOf, rest } from './harness/http.js';
import { SetLateGivenNameDocument } from './generated/graphql.js';
import { orderClient, sampleOrder } from './harness/orders.js';
import { TestAdapter } from './harness/test-adapter.js';
import { startTestSystem, type TestSystem } from './harness/test-system.js';

/**
 * Input that parses but could not be stored or walked safely — nesting deep enough to exhaust
 * the stack later, NUL characters, lone surrogates, numbers JSON cannot carry — is refused with
 * a 4xx at the door, wherever it comes from, and leaves the order as it was.
 */
let system: TestSystem;
let admin: Awaited<ReturnType<typeof orderClient>>;
let hooks: TestAdapter;
const tenant = { merchant: 'm-bad-input', channel: 'web' };

/** `{"a":{"a":…1…}}`, `depth` levels deep, as text (JSON.stringify itself gives up around 10,000). */
const nestedText = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const nested = (depth: number): unknown => JSON.parse(nestedText(depth));

beforeAll(async () => {
  system = await startTestSystem({ services: ['gateway', 'order', 'payment', 'configuration', 'adapter', 'notifications', 'nonpsp_adapter'] });
  admin = await orderClient(system, tenant, 'admin');
  hooks = await TestAdapter.start();
});
afterAll(async () => {
  await hooks?.close();
  await system?.close();
});

async function newOrder(overrides: Record<string, unknown> = {}): Promise<string> {
  const created = await admin.call('POST', '', sampleOrder(overrides));
  expect(created.status).toBe(201);
  return created.body.id as string;
}

describe('JSON bodies', () => {
  it('refuses nesting deeper than 64 levels, and the order stays changeable', async () => {
    const id = await newOrder();
    for (const depth of [100, 3_000, 20_000]) {
      const refused = await rest(system.urls.order!, 'PUT', `/api/v0/checkout/orders/${id}/consents`, { token: admin.token, ...tenant, rawBody: nestedText(depth) });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'unsupported_json', message: expect.stringMatching(/deeper than 64 levels|nests too deep/) });
    }
    expect((await admin.call('PUT', `/${id}/consents`, nested(20))).status).toBe(200);
    expect((await admin.call('PUT', `/${id}/reference`, { reference: 'still-fine' })).status).toBe(200);
  });

  it('refuses NUL characters and lone surrogates in values and keys', async () => {
    const id = await newOrder();
    const before = (await admin.call('GET', `/${id}`)).body.version;
    const bodies = ['{"givenName":"a\\u0000b"}', '{"givenName":"\\ud800x"}', '{"attributes":{"k\\u0000":1}}'];
    for (const rawBody of bodies) {
      const refused = await rest(system.urls.order!, 'PUT', `/api/v0/checkout/orders/${id}/customer/billing`, { token: admin.token, ...tenant, rawBody });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('unsupported_json');
    }
    expect((await admin.call('GET', `/${id}`)).body.version).toBe(before);
  });

  it('refuses numbers too large to represent instead of storing null', async () => {
    const id = await newOrder();
    const refused = await rest(system.urls.order!, 'PUT', `/api/v0/checkout/orders/${id}/consents`, { token: admin.token, ...tenant, rawBody: '{"n":1e400}' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/\/n is a number too large/);
  });

  it('answers 415 to a text body instead of storing it as a string', async () => {
    const id = await newOrder();
    const refused = await rest(system.urls.order!, 'PUT', `/api/v0/checkout/orders/${id}/consents`, { token: admin.token, ...tenant, rawBody: '{"a":1}', headers: { 'content-type': 'text/plain' } });
    expect(refused.status).toBe(415);
    expect(refused.body.code).toEqual(expect.any(String));
  });
});

describe('customer data', () => {
  it('refuses fields the spec does not name, pointing to attributes', async () => {
    const id = await newOrder();
    const billing = await admin.call('PUT', `/${id}/customer/billing`, { givenName: 'Ada', foo: 'bar' });
    expect(billing.status).toBe(400);
    expect(JSON.stringify(billing.body)).toMatch(/foo|additional/);
    expect((await admin.call('PUT', `/${id}/customer/billing`, { givenName: 'Ada', attributes: { foo: 'bar' } })).status).toBe(200);
    expect((await admin.call('PUT', `/${id}/customer`, { type: 'person', a: 1 })).status).toBe(400);
  });
});

describe('payments through the order shim', () => {
  it('refuses amounts beyond 99,999,999,999,999', async () => {
    const id = await newOrder();
    const refused = await admin.call('POST', `/${id}/payments`, { id: 'huge', adapterId: 'nonpsp_adapter', amount: 1e308, state: 'intent' });
    expect(refused.status).toBe(400);
  });

  it('refuses an unknown state and a changed id', async () => {
    const id = await newOrder({ payments: [{ id: 'p1', adapterId: 'nonpsp_adapter', amount: 249.9, state: 'intent' }] });
    expect((await admin.call('PUT', `/${id}/payments/p1`, { state: 'weird' })).status).toBe(400);
    const renamed = await admin.call('PUT', `/${id}/payments/p1`, { id: 'other' });
    expect([renamed.status, renamed.body.code]).toEqual([400, 'immutable_field']);
    expect((await admin.call('GET', `/${id}/payments/p1`)).body.state).toBe('intent');
  });
});

describe('the shopper after checkout', () => {
  it('can no longer change addresses or consents; adapters and admins still can', async () => {
    const id = await newOrder({ payments: [{ id: 'p1', adapterId: 'nonpsp_adapter', amount: 249.9, state: 'reserved' }] });
    for (const status of ['processing', 'accepted', 'completed']) expect((await admin.call('PUT', `/${id}/state`, { status })).status).toBe(200);
    const storefront = await orderClient(system, tenant, 'storefront');
    const refused = await storefront.call('PUT', `/${id}/customer/billing`, { givenName: 'Late' });
    expect([refused.status, refused.body.code]).toEqual([409, 'order_not_in_checkout']);
    expect((await storefront.call('PUT', `/${id}/consents`, { newsletter: true })).status).toBe(409);
    const token = storefront.token;
    const { body } = await graphql(system.urls.gateway!, SetLateGivenNameDocument, { id }, { token, ...tenant });
    expect(body.errors?.[0]?.extensions?.code).toBe('ORDER_NOT_IN_CHECKOUT');
    expect((await admin.call('PUT', `/${id}/customer/billing`, { givenName: 'Corrected' })).status).toBe(200);
  });
});

describe('roles', () => {
  it('answers 403 before looking at the body', async () => {
    const storefront = await orderClient(system, tenant, 'storefront');
    const id = await newOrder();
    for (const [path, body] of [[`/${id}/cart`, []], [`/${id}/reference`, 'x'], ['', null]] as const) {
      const refused = await storefront.call(path === '' ? 'POST' : 'PUT', path, body);
      expect([path, refused.status]).toEqual([path, 403]);
    }
    // Not even parsed: a body that is not JSON is still 403 for a role that may not write.
    const malformed = await fetch(`${system.urls.order!}/api/v0/checkout/orders/${id}/state`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${storefront.token}`, 'x-merchant': tenant.merchant, 'x-channel': tenant.channel },
      body: '{bad',
    });
    expect([malformed.status, ((await malformed.json()) as { code: string }).code]).toEqual([403, 'forbidden']);
  });
});

describe('addresses', () => {
  it('refuses a NUL in a path or query with 400 on every service', async () => {
    const calls: Array<[string, string, string]> = [
      [system.urls.order!, 'GET', '/api/v0/checkout/orders/%00'],
      [system.urls.order!, 'GET', '/checkout/orders/a%00b'],
      [system.urls.payment!, 'PUT', '/api/v0/payments/%00'],
      [system.urls.notifications!, 'GET', '/api/v1/events?orderId=%00'],
      [system.urls.nonpsp_adapter!, 'POST', '/api/v1/checkout/orders/%00/payments'],
    ];
    for (const [base, method, path] of calls) {
      const { status, body } = await rest(base, method, path, { token: admin.token, ...tenant });
      expect([path, status, body.code]).toEqual([path, 400, 'invalid_characters']);
    }
  });
});

describe('router refusals', () => {
  it('answers a malformed percent-encoding in the platform shape, and ids up to 128 characters are addressable', async () => {
    for (const base of [system.urls.order!, system.urls.configuration!, system.urls.gateway!]) {
      const { status, body } = await rest(base, 'GET', '/api/v0/checkout/orders/%ZZ', { token: admin.token, ...tenant });
      expect([base, status, body.code, typeof body.message]).toEqual([base, 400, 'invalid_url', 'string']);
      expect(body.statusCode).toBeUndefined();
    }
    const id = `long-${'x'.repeat(123)}`;
    expect((await admin.call('POST', '', sampleOrder({ id }))).status).toBe(201);
    expect((await admin.call('GET', `/${id}`)).body.id).toBe(id);
    expect((await admin.call('PUT', `/${id}/reference`, { reference: 'r' })).status).toBe(200);
    const unknown = await admin.call('GET', `/${'y'.repeat(120)}`);
    expect([unknown.status, unknown.body.code]).toEqual([404, 'order_not_found']);
    const tooLong = await admin.call('GET', `/${'y'.repeat(129)}`);
    expect([tooLong.status, tooLong.body.code]).toEqual([400, 'invalid_request']);
  });
});

describe('orders', () => {
  it('refuses an id used twice in a list addressed by id, writing nothing', async () => {
    const before = await system.db.prisma.order.count();
    const payments = await admin.call('POST', '', sampleOrder({ payments: [{ id: 'p', adapterId: 'x_adapter', amount: 1 }, { id: 'p', adapterId: 'x_adapter', amount: 2 }] }));
    expect([payments.status, payments.body.code, payments.body.details[0].pointer]).toEqual([400, 'invalid_order', '/payments/1/id']);
    const id = await newOrder();
    const shippings = await admin.call('PUT', `/${id}/shippings`, [{ id: 's1', total: { includingVat: 1, excludingVat: 0.8 } }, { id: 's1', total: { includingVat: 2, excludingVat: 1.6 } }]);
    expect([shippings.status, shippings.body.code]).toEqual([400, 'invalid_order']);
    expect(await system.db.prisma.order.count()).toBe(before + 1);
  });

  it("answers 409 to an id another tenant already uses, as to one's own", async () => {
    const id = await newOrder();
    const other = await orderClient(system, { merchant: 'm-bad-input-2', channel: 'web' }, 'admin');
    const taken = await other.call('POST', '', sampleOrder({ id }));
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('conflict');
    expect((await admin.call('POST', '', sampleOrder({ id }))).status).toBe(409);
  });

  it('pages the REST listing with a numeric first, and refuses one out of range', async () => {
    await newOrder();
    const page = await admin.call('GET', '?first=1');
    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(1);
    for (const first of ['0', '201', 'abc', '-1']) expect((await admin.call('GET', `?first=${first}`)).status).toBe(400);
  });
});

describe('hooks', () => {
  it("vetoes a patch carrying unsafe JSON, and never passes on a failing hook's body", async () => {
    hooks.on('/deep', () => ({ status: 200, body: [{ op: 'replace', path: '/consents', value: nested(3_000) }] }));
    hooks.on('/nul', () => ({ status: 200, body: [{ op: 'replace', path: '/consents', value: { a: 'x\u0000' } }] }));
    hooks.on('/tilde', () => ({ status: 200, body: [{ op: 'add', path: '/consents/~2', value: true }] }));
    hooks.on('/boom', () => ({ status: 500, body: { message: 'Error: boom at /srv/app/secret.js:12:3 SELECT * FROM users' } }));
    for (const path of ['/deep', '/nul', '/tilde', '/boom']) {
      const id = await newOrder({ hooks: [{ id: 'h', adapterId: 'x_adapter', subscribeTo: '/consents', invoke: `${hooks.url}${path}` }] });
      const vetoed = await admin.call('PUT', `/${id}/consents`, { newsletter: true });
      expect(vetoed.status).toBe(400);
      expect(vetoed.body.code).toBe('hook_vetoed');
      expect(JSON.stringify(vetoed.body)).not.toMatch(/secret\.js|SELECT/);
      expect((await admin.call('PUT', `/${id}/reference`, { reference: 'after' })).status).toBe(200);
    }
  });
});

describe('static notifications', () => {
  it('refuses a notification schema that does not compile, naming where', async () => {
    const put = await rest(system.urls.configuration!, 'PUT', `/api/v1/configuration/merchants/${tenant.merchant}/channels/${tenant.channel}/configurations/static_notifications`, {
      token: admin.token,
      ...tenant,
      body: { $schema: STATIC_NOTIFICATIONS_SCHEMA_ID, id: 'static_notifications', order: { notifications: [{ scope: '/reference', schema: { type: 'nope' }, invoke: 'http://127.0.0.1:9/x' }] } },
    });
    expect(put.status).toBe(400);
    expect(put.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ pointer: '/order/notifications/0/schema' })]));
    expect((await admin.call('POST', '', sampleOrder())).status).toBe(201);
  });
});

describe('GraphQL', () => {
  const query = async (text: string, variables: Record<string, unknown> = {}) =>
    graphqlRaw(system.urls.gateway!, text, variables, { token: admin.token, ...tenant });

  it('refuses operations nested too deep, on the gateway and on a subgraph, without internals', async () => {
    const deep = `{ order(id: "x") { ${'cart { '.repeat(30)}reference${' }'.repeat(30)} } }`;
    const huge = `{ ${'a { '.repeat(5_000)}b${' }'.repeat(5_000)} }`;
    for (const base of [system.urls.gateway!, system.urls.order!]) {
      for (const text of [deep, huge]) {
        const { status, body } = await graphqlRaw(base, text, {}, { token: admin.token, ...tenant });
        expect(status).toBe(400);
        expect(errorsOf(body)[0]?.message).not.toMatch(/call stack/i);
      }
    }
  });

  it('refuses a NUL spelled as an escape in the document', async () => {
    const { status, body } = await query('{ order(id: "a\\u0000") { id } }');
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'invalid_characters' });
  });

  it('refuses page sizes outside 1–200', async () => {
    for (const first of [0, -5, 201]) {
      const { body } = await query('query ($first: Int) { orders(first: $first) { pageInfo { hasNextPage } } }', { first });
      expect(errorsOf(body)[0]?.extensions?.code).toBe('INVALID_PAGE_SIZE');
    }
    const { body } = await query('{ orders(first: 2) { pageInfo { hasNextPage } } }');
    expect(body).not.toHaveProperty('errors');
    expect(body).toMatchObject({ data: { orders: { pageInfo: { hasNextPage: expect.any(Boolean) } } } });
  });
});
