import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadConfig } from '../app/app.config.js';
import { adapterSchemaUrl, BASIC_SCHEMA_ID, STATIC_NOTIFICATIONS_SCHEMA_ID } from '../subgraphs/configuration/local-schemas.js';
import { rest } from './harness/http.js';
import { startTestSystem, type TestSystem } from './harness/test-system.js';

const tenant = { merchant: 'merchant-cfg', channel: 'web' };
const other = { merchant: 'merchant-cfg', channel: 'app' };
const MASK = '********';
const PASSWORD = `gc-pass-${randomBytes(8).toString('hex')}`;
const NEW_PASSWORD = `gc-pass-${randomBytes(8).toString('hex')}`;
const TOKEN_SECRET = `custom-token-${randomBytes(8).toString('hex')}`;
let GIFTCARD_SCHEMA: string; // set once the system runs (its adapters' real addresses)

const logLines: string[] = [];
const logSink = new Writable({
  write(chunk, _encoding, callback) {
    logLines.push(String(chunk));
    callback();
  },
});

let system: TestSystem;
let url: string;
let schemaServer: Server;
let schemaBase: string;
const schemaHits: Record<string, number> = {};
const tokens: Record<'admin' | 'service' | 'storefront' | 'giftcard' | 'commerce', string> = {} as never;

const customSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  allOf: [{ $ref: BASIC_SCHEMA_ID }],
  type: 'object',
  required: ['endpoint'],
  properties: {
    endpoint: { type: 'string', format: 'uri' },
    credentials: { $ref: '#/$defs/credentials' },
  },
  $defs: { credentials: { type: 'object', properties: { user: { type: 'string' }, token: { type: 'string', writeOnly: true } } } },
};
const REMOTE: Record<string, { status?: number; body: unknown }> = {
  '/openapi/v1/schemas/custom_adapter.json': { body: customSchema },
  '/bad.json': { body: { $schema: 'https://json-schema.org/draft/2020-12/schema', allOf: [{ $ref: BASIC_SCHEMA_ID }], type: 'nonsense', minLength: 'three' } },
  '/not-extending.json': { body: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' } },
  '/draft7.json': { body: { $schema: 'http://json-schema.org/draft-07/schema#', allOf: [{ $ref: BASIC_SCHEMA_ID }] } },
  '/not-json.json': { body: 'this is not JSON' },
  '/gone.json': { status: 500, body: {} },
};

const giftcard = (api: Record<string, unknown> = {}) => ({
  $schema: GIFTCARD_SCHEMA,
  id: 'giftcard_adapter',
  active: true,
  adapter: { publicUrl: 'https://giftcard.example/api' },
  api: { baseUrl: 'https://cards.example/v1', username: 'shop-user', password: PASSWORD, shopId: 'shop-1', ...api },
});

const path = (id: string, t = tenant) => `/api/v1/configuration/merchants/${t.merchant}/channels/${t.channel}/configurations/${id}`;
const adapterPath = (id: string, t = tenant) => `/merchants/${t.merchant}/channels/${t.channel}/configurations/${id}`;
const put = (id: string, body: unknown, token = tokens.admin, t = tenant) => rest(url, 'PUT', path(id, t), { token, ...t, body });
const get = (p: string, token = tokens.admin, t = tenant) => rest(url, 'GET', p, { token, ...t });

beforeAll(async () => {
  schemaServer = createServer((request, response) => {
    const route = REMOTE[request.url ?? ''];
    schemaHits[request.url ?? ''] = (schemaHits[request.url ?? ''] ?? 0) + 1;
    response.statusCode = route ? (route.status ?? 200) : 404;
    response.setHeader('content-type', 'application/json');
    response.end(route ? (typeof route.body === 'string' ? route.body : JSON.stringify(route.body)) : '{}');
  });
  await new Promise<void>((resolve) => schemaServer.listen(0, '127.0.0.1', resolve));
  const address = schemaServer.address();
  schemaBase = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  system = await startTestSystem({
    services: ['configuration'],
    env: { CONFIG_ENCRYPTION_KEY: randomBytes(32).toString('base64url'), LOG_LEVEL: 'trace' },
    logDestination: logSink,
  });
  url = system.urls.configuration!;
  GIFTCARD_SCHEMA = adapterSchemaUrl(system.config.adapterUrls.giftcard_adapter!, 'giftcard_adapter');
  const claims = (role: 'admin' | 'service' | 'storefront' | 'adapter', adapterId?: string) =>
    system.token({ merchant: tenant.merchant, channels: ['*'], role, ...(adapterId ? { adapterId } : {}) });
  tokens.admin = await claims('admin');
  tokens.service = await claims('service');
  tokens.storefront = await claims('storefront');
  tokens.giftcard = await claims('adapter', 'giftcard_adapter');
  tokens.commerce = await claims('adapter', 'commerce_adapter');
});
afterAll(async () => {
  await system?.close();
  await new Promise((resolve) => schemaServer?.close(resolve));
});

describe('configuration REST: writing', () => {
  it('creates (201) and replaces (200) a valid configuration, answering it with secrets masked', async () => {
    const created = await put('giftcard_adapter', giftcard());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: 'giftcard_adapter',
      schemaUrl: GIFTCARD_SCHEMA,
      version: 1,
      active: true,
      secretPointers: ['/api/password'],
      document: { ...giftcard(), api: { ...giftcard().api, password: MASK } },
    });
    expect(new Date(created.body.updatedAt).getTime()).not.toBeNaN();

    const replaced = await put('giftcard_adapter', giftcard({ shopId: 'shop-2' }));
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ version: 2, document: { api: { shopId: 'shop-2', password: MASK } } });
  });

  it('stores the secret encrypted, apart from the document', async () => {
    const row = await system.db.prisma.configuration.findUniqueOrThrow({
      where: { merchant_channel_configurationId: { ...tenant, configurationId: 'giftcard_adapter' } },
    });
    expect(JSON.stringify(row.document)).not.toContain(PASSWORD);
    expect((row.document as { api: Record<string, unknown> }).api).not.toHaveProperty('password');
    expect(row.secrets).not.toBeNull();
    expect(row.secrets).not.toContain(PASSWORD);
    expect(row.secrets).not.toContain(Buffer.from(PASSWORD).toString('base64'));
    const envelope = JSON.parse(row.secrets!);
    expect(envelope).toEqual({ v: 1, pointers: ['/api/password'], box: expect.stringMatching(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/) });
  });

  it('keeps the stored secret when a PUT carries the mask, and replaces it when it carries a value', async () => {
    const kept = await put('giftcard_adapter', giftcard({ password: MASK, username: 'renamed' }));
    expect(kept.status).toBe(200);
    let read = await get(adapterPath('giftcard_adapter'), tokens.giftcard);
    expect(read.body.api).toMatchObject({ username: 'renamed', password: PASSWORD });

    expect((await put('giftcard_adapter', giftcard({ password: NEW_PASSWORD }))).status).toBe(200);
    read = await get(adapterPath('giftcard_adapter'), tokens.giftcard);
    expect(read.body.api.password).toBe(NEW_PASSWORD);
    expect((await put('giftcard_adapter', giftcard({ password: PASSWORD }))).status).toBe(200);
  });

  it('refuses the mask where no secret is stored', async () => {
    const { status, body } = await put('giftcard_adapter', giftcard({ password: MASK }), tokens.admin, other);
    expect(status).toBe(400);
    expect(body.code).toBe('invalid_configuration');
    expect(body.details).toContainEqual(expect.objectContaining({ pointer: '/api/password', keyword: 'writeOnly' }));
    expect((await get(path('giftcard_adapter', other), tokens.admin, other)).status).toBe(404);
  });

  it('refuses a configuration failing the basic schema, listing every error with its pointer', async () => {
    const { status, body } = await put('loose', { $schema: GIFTCARD_SCHEMA, active: 'yes', adapter: { publicUrl: 'not a url', internalUrl: 3 } });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'invalid_configuration', message: expect.any(String) });
    const basic = body.details.filter((d: { schema: string }) => d.schema === 'basic');
    expect(basic).toEqual(expect.arrayContaining([
      expect.objectContaining({ pointer: '/id', keyword: 'required' }),
      expect.objectContaining({ pointer: '/active', keyword: 'type' }),
      expect.objectContaining({ pointer: '/adapter/publicUrl', keyword: 'format' }),
      expect.objectContaining({ pointer: '/adapter/internalUrl', keyword: 'type' }),
    ]));
    expect((await get(path('loose'))).status).toBe(404);
  });

  it('refuses a configuration without $schema', async () => {
    const { status, body } = await put('loose', { id: 'loose' });
    expect(status).toBe(400);
    expect(body.details).toEqual([expect.objectContaining({ pointer: '/$schema', keyword: 'required', schema: 'basic' })]);
  });

  it('refuses a configuration failing its adapter schema, listing every error with its pointer', async () => {
    const document = giftcard({ baseUrl: 'cards', shopId: undefined });
    delete (document.api as Record<string, unknown>).shopId;
    const { status, body } = await put('giftcard_adapter', document);
    expect(status).toBe(400);
    expect(body.code).toBe('invalid_configuration');
    expect(body.details).toEqual(expect.arrayContaining([
      expect.objectContaining({ pointer: '/api/shopId', keyword: 'required', schema: 'adapter' }),
      expect.objectContaining({ pointer: '/api/baseUrl', keyword: 'format', schema: 'adapter' }),
    ]));
    expect((await get(path('giftcard_adapter'))).body.document.api.shopId).toBe('shop-1');
  });

  it("requires id to equal the path's id and the adapter id its schema is for", async () => {
    let { status, body } = await put('giftcard_adapter', { ...giftcard(), id: 'something_else' });
    expect(status).toBe(400);
    expect(body.details).toEqual(expect.arrayContaining([expect.objectContaining({ pointer: '/id', keyword: 'id' })]));
    ({ status, body } = await put('my_cards', { ...giftcard(), id: 'my_cards' }));
    expect(status).toBe(400);
    expect(body.details).toEqual([expect.objectContaining({ pointer: '/id', message: expect.stringContaining('giftcard_adapter') })]);
  });

  it('answers an unreachable $schema with 400 schema_unavailable', async () => {
    for (const schemaUrl of ['http://127.0.0.1:1/x.json', `${schemaBase}/gone.json`, `${schemaBase}/missing.json`]) {
      const { status, body } = await put('remote', { $schema: schemaUrl, id: 'remote' });
      expect(status).toBe(400);
      expect(body.code).toBe('schema_unavailable');
      expect(body.details).toEqual([expect.objectContaining({ pointer: '/$schema', schema: 'adapter' })]);
    }
  });

  it('answers an invalid $schema with 400 invalid_schema and the reasons', async () => {
    for (const [file, keyword] of [['bad.json', 'type'], ['not-extending.json', 'extends'], ['draft7.json', '$schema'], ['not-json.json', '$schema']] as const) {
      const { status, body } = await put('remote', { $schema: `${schemaBase}/${file}`, id: 'remote' });
      expect(status).toBe(400);
      expect(body.code).toBe('invalid_schema');
      expect(body.details).toEqual(expect.arrayContaining([expect.objectContaining({ pointer: '/$schema', keyword })]));
    }
    expect((await get(path('remote'))).status).toBe(404);
  });

  it('fetches a remote $schema once, caches it, and keeps the secrets it marks', async () => {
    const schemaUrl = `${schemaBase}/openapi/v1/schemas/custom_adapter.json`;
    const document = { $schema: schemaUrl, id: 'custom_adapter', endpoint: 'https://custom.example', credentials: { user: 'u', token: TOKEN_SECRET } };
    expect((await put('custom_adapter', document)).status).toBe(201);
    const second = await put('custom_adapter', { ...document, credentials: { user: 'u2', token: MASK } });
    expect(second.status).toBe(200);
    expect(second.body.document.credentials).toEqual({ user: 'u2', token: MASK });
    expect(schemaHits['/openapi/v1/schemas/custom_adapter.json']).toBe(1);
    const read = await get(adapterPath('custom_adapter'), tokens.service);
    expect(read.body.credentials).toEqual({ user: 'u2', token: TOKEN_SECRET });
  });

  it('stores the static_notifications configuration under its schema only', async () => {
    const notification = { description: 'Tell the ERP', reference: 'erp', scope: '/state/currentStatus', schema: { enum: ['completed'] }, invoke: 'https://erp.example/hook' };
    const valid = { $schema: STATIC_NOTIFICATIONS_SCHEMA_ID, id: 'static_notifications', order: { notifications: [notification] } };
    expect((await put('static_notifications', valid)).status).toBe(201);
    const bad = await put('static_notifications', { ...valid, adapter: { publicUrl: 'https://x.example' }, order: { notifications: [{ ...notification, scope: 'state', invoke: 'nope' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual(expect.arrayContaining([
      expect.objectContaining({ pointer: '/adapter' }),
      expect.objectContaining({ pointer: '/order/notifications/0/scope' }),
      expect.objectContaining({ pointer: '/order/notifications/0/invoke' }),
    ]));
    const wrongSchema = await put('static_notifications', { ...giftcard(), id: 'static_notifications' });
    expect(wrongSchema.status).toBe(400);
    expect(wrongSchema.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ pointer: '/$schema', keyword: '$schema' })]));
  });
});

describe('configuration REST: reading', () => {
  it('answers one configuration and the listing to admins, secrets masked', async () => {
    const one = await get(path('giftcard_adapter'));
    expect(one.status).toBe(200);
    expect(one.body.document.api.password).toBe(MASK);
    const list = await get(path('').replace(/\/$/, ''));
    expect(list.status).toBe(200);
    expect(list.body.items.map((item: { id: string }) => item.id)).toEqual(['custom_adapter', 'giftcard_adapter', 'static_notifications']);
    expect(JSON.stringify(list.body)).not.toContain(PASSWORD);
    expect(JSON.stringify(list.body)).not.toContain(TOKEN_SECRET);
  });

  it('gives the secrets in clear to the adapter itself and to service tokens only', async () => {
    const own = await get(adapterPath('giftcard_adapter'), tokens.giftcard);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('no-store');
    expect(own.body).toEqual(giftcard());
    expect((await get(adapterPath('giftcard_adapter'), tokens.service)).body.api.password).toBe(PASSWORD);
    const admin = await get(adapterPath('giftcard_adapter'), tokens.admin);
    expect(admin.status).toBe(200);
    expect(admin.body.api.password).toBe(MASK);
    const foreign = await get(adapterPath('giftcard_adapter'), tokens.commerce);
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe('forbidden');
  });

  it("answers a missing configuration on the adapters' read with 404 configuration_missing", async () => {
    const { status, body } = await get(adapterPath('commerce_adapter'), tokens.commerce);
    expect(status).toBe(404);
    expect(body).toEqual({ code: 'configuration_missing', message: 'Configuration is missing for this channel.' });
    expect((await get(path('nothing_here'))).body.code).toBe('configuration_not_found');
  });
});

describe('configuration REST: refusals', () => {
  it('refuses bad JSON and non-object bodies', async () => {
    const badJson = await rest(url, 'PUT', path('giftcard_adapter'), { token: tokens.admin, ...tenant, rawBody: '{"id": ' });
    expect(badJson.status).toBe(400);
    expect(badJson.body).toMatchObject({ code: 'invalid_json', message: expect.any(String) });
    const array = await put('giftcard_adapter', [giftcard()]);
    expect(array.status).toBe(400);
    expect(array.body.code).toBe('invalid_request');
  });

  it('refuses roles that may not write or read', async () => {
    for (const token of [tokens.storefront, tokens.giftcard]) {
      const { status, body } = await put('giftcard_adapter', giftcard(), token);
      expect(status).toBe(403);
      expect(body).toMatchObject({ code: 'forbidden', message: expect.any(String) });
    }
    expect((await get(path('giftcard_adapter'), tokens.storefront)).status).toBe(403);
    expect((await get(adapterPath('giftcard_adapter'), tokens.storefront)).status).toBe(403);
    // Refused before the body is looked at.
    expect((await put('giftcard_adapter', { nonsense: true }, tokens.storefront)).status).toBe(403);
  });

  it('refuses a path naming another tenant than the request acts for', async () => {
    const foreignPath = path('giftcard_adapter', { merchant: 'someone-else', channel: 'web' });
    const { status, body } = await rest(url, 'PUT', foreignPath, { token: tokens.admin, ...tenant, body: giftcard() });
    expect(status).toBe(403);
    expect(body.code).toBe('tenant_mismatch');
    expect((await rest(url, 'GET', adapterPath('giftcard_adapter', other), { token: tokens.giftcard, ...tenant })).body.code).toBe('tenant_mismatch');
    const stranger = await system.token({ merchant: 'someone-else', channels: ['web'], role: 'admin' });
    expect((await rest(url, 'GET', path('giftcard_adapter'), { token: stranger, ...tenant })).body.code).toBe('tenant_mismatch');
    expect((await rest(url, 'GET', path('giftcard_adapter'), { ...tenant })).status).toBe(401);
  });
});

describe('configuration REST: OpenAPI and schemas', () => {
  it('serves its OpenAPI 3.1 document without a token', async () => {
    const { status, body } = await rest(url, 'GET', '/openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining([
      '/api/v1/configuration/merchants/{merchant}/channels/{channel}/configurations/{configurationId}',
      '/api/v1/configuration/merchants/{merchant}/channels/{channel}/configurations',
      '/merchants/{merchantId}/channels/{channelId}/configurations/{adapterId}',
    ]));
  });

  it('serves the basic and static notifications schemas', async () => {
    const basic = await rest(url, 'GET', '/openapi/v1/schemas/basic-configuration.json');
    expect(basic.status).toBe(200);
    expect(basic.body.$id).toBe(BASIC_SCHEMA_ID);
    expect((await rest(url, 'GET', '/openapi/v1/schemas/static_notifications.json')).body.$id).toBe(STATIC_NOTIFICATIONS_SCHEMA_ID);
    expect((await rest(url, 'GET', '/openapi/v1/schemas/nope.json')).status).toBe(404);
  });
});

describe('configuration REST: logs', () => {
  it('never logged a secret (at level trace)', () => {
    const text = logLines.join('');
    expect(text).toContain('incoming request');
    for (const secret of [PASSWORD, NEW_PASSWORD, TOKEN_SECRET]) expect(text).not.toContain(secret);
  });
});
