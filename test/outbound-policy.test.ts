import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { rest } from './harness/http.js';
import { eventually, orderClient, sampleOrder } from './harness/orders.js';
import { STATIC_NOTIFICATIONS_SCHEMA_ID } from '../subgraphs/configuration/local-schemas.js';
import { startTestSystem, type TestSystem } from './harness/test-system.js';

/**
 * The outbound address policy through the real services: URLs someone registers are refused by
 * the address they stand for, at registration (400) and again when called (a veto, never a 500).
 */
const tenant = { merchant: 'm-outbound', channel: 'web' };
const METADATA_URLS = [
  'http://169.254.169.254/latest/meta-data/iam/',
  'http://[::ffff:169.254.169.254]/latest/meta-data/',
  'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
  'http://0251.0376.0251.0376/latest/meta-data/',
  'http://metadata.google.internal./computeMetadata/v1/',
  'http://[fe80::1]/hook',
  'http://0.0.0.0:4101/hook',
];

let system: TestSystem;
let admin: Awaited<ReturnType<typeof orderClient>>;

beforeAll(async () => {
  system = await startTestSystem({ services: ['order', 'payment', 'configuration', 'notifications'] });
  admin = await orderClient(system, tenant, 'admin');
});
afterAll(async () => {
  await system?.close();
});

const newOrder = async (extra: Record<string, unknown> = {}) => {
  const created = await admin.call('POST', '', sampleOrder(extra));
  return created;
};

describe('registration', () => {
  it.each(METADATA_URLS)('refuses a hook, validation or notification at %s with a 400 naming the URL', async (url) => {
    const order = (await newOrder()).body;
    const hook = await admin.call('POST', `/${order.id}/hooks`, { adapterId: 'x_adapter', subscribeTo: '/cart', target: '/payments', invoke: url });
    expect(hook.status).toBe(400);
    expect(hook.body).toMatchObject({
      code: 'outbound_address_refused',
      message: expect.stringContaining(url),
      details: [{ pointer: '/hooks/0/invoke', url, message: expect.stringMatching(/link-local|metadata|unspecified/) }],
    });
    const validation = await admin.call('POST', `/${order.id}/validations`, { adapterId: 'x_adapter', url });
    expect(validation).toMatchObject({ status: 400, body: { code: 'outbound_address_refused' } });
    const notification = await admin.call('POST', `/${order.id}/notifications`, { adapterId: 'x_adapter', scope: '/state', schema: true, invoke: url });
    expect(notification).toMatchObject({ status: 400, body: { code: 'outbound_address_refused' } });
    // Nothing was registered.
    const stored = await admin.call('GET', `/${order.id}`);
    expect(stored.body).toMatchObject({ hooks: [], validations: [], notifications: [] });
    expect(stored.headers.get('etag')).toBe('"1"');
  });

  it('refuses an order created with a metadata URL, and a payment callback at one', async () => {
    const created = await newOrder({ notifications: [{ id: 'n', scope: '/state', schema: true, invoke: 'http://metadata.google.internal/computeMetadata/v1/' }] });
    expect(created).toMatchObject({ status: 400, body: { code: 'outbound_address_refused', details: [{ pointer: '/notifications/0/invoke' }] } });
    const order = (await newOrder()).body;
    const payment = await admin.call('POST', `/${order.id}/payments`, { adapterId: 'nonpsp_adapter', amount: 10, callbacks: { amountChanged: 'http://[::ffff:169.254.169.254]/cb' } });
    expect(payment).toMatchObject({ status: 400, body: { code: 'outbound_address_refused', details: [{ pointer: expect.stringMatching(/^\/payments\/\d+\/callbacks\/amountChanged$/) }] } });
  });

  it('accepts loopback receivers outside production', async () => {
    const order = (await newOrder()).body;
    const hook = await admin.call('POST', `/${order.id}/hooks`, { adapterId: 'x_adapter', subscribeTo: '/cart', target: '/payments', invoke: 'http://127.0.0.1:9/hook' });
    expect(hook.status).toBe(201);
  });
});

describe('call time', () => {
  it('vetoes a change whose hook stands at a refused address (registered before the policy) with the reason', async () => {
    const order = (await newOrder()).body;
    // As if registered before this policy existed: written straight into the stored document.
    const stored = await system.db.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    const document = stored.document as { hooks: unknown[] };
    document.hooks = [{ id: 'old', adapterId: 'x_adapter', subscribeTo: '/customer', invoke: 'http://[::ffff:a9fe:a9fe]/latest/meta-data/' }];
    await system.db.prisma.order.update({ where: { id: order.id }, data: { document: document as object, version: { increment: 1 } } });

    const changed = await admin.call('PUT', `/${order.id}/customer/billing`, { givenName: 'Kari' });
    expect(changed.status).toBe(400);
    expect(changed.body).toMatchObject({
      code: 'hook_vetoed',
      details: { hookId: 'old', reason: 'unreachable' },
      message: expect.stringContaining('refused by the outbound address policy'),
    });
  });

  it('fails a notification delivery to a refused address with the reason, and retries it on its schedule', async () => {
    const order = (await newOrder()).body;
    const stored = await system.db.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    const document = stored.document as { notifications: unknown[] };
    document.notifications = [{ id: 'old-n', adapterId: 'x_adapter', scope: '/customer', schema: true, invoke: 'http://metadata.google.internal./computeMetadata/v1/' }];
    await system.db.prisma.order.update({ where: { id: order.id }, data: { document: document as object, version: { increment: 1 } } });

    expect((await admin.call('PUT', `/${order.id}/customer/billing`, { givenName: 'Kari' })).status).toBe(200);
    const failed = await eventually(async () => {
      const events = await admin.events(order.id);
      return (events.body as Array<{ type: string; data: { error?: string } }>).find((event) => event.type === 'notification.delivery_failed');
    });
    expect(failed.data.error).toContain('refused by the outbound address policy: metadata.google.internal is a cloud metadata name');
    expect(failed.data).toMatchObject({ retryInMs: expect.any(Number) });
  });
});

describe('configuration', () => {
  it('refuses static notifications at a refused address, naming the place', async () => {
    const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'admin' });
    const notification = { reference: 'erp', scope: '/state/currentStatus', schema: { enum: ['completed'] }, invoke: 'http://[::ffff:169.254.169.254]/erp' };
    const { status, body } = await rest(system.urls.configuration!, 'PUT', `/api/v1/configuration/merchants/${tenant.merchant}/channels/${tenant.channel}/configurations/static_notifications`, {
      token,
      ...tenant,
      body: { $schema: STATIC_NOTIFICATIONS_SCHEMA_ID, id: 'static_notifications', order: { notifications: [{ ...notification, invoke: 'http://127.0.0.1:9/ok' }, notification] } },
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: 'invalid_configuration',
      details: [{ pointer: '/order/notifications/1/invoke', keyword: 'outbound', message: expect.stringContaining('http://[::ffff:169.254.169.254]/erp') }],
    });
  });

  it('never blocks an order because of a static notification configured before the policy: its delivery fails instead', async () => {
    const channel = 'static-old';
    const invoke = 'http://169.254.169.254/latest/meta-data/';
    await system.db.prisma.configuration.create({
      data: {
        merchant: tenant.merchant,
        channel,
        configurationId: 'static_notifications',
        schemaUrl: STATIC_NOTIFICATIONS_SCHEMA_ID,
        document: { $schema: STATIC_NOTIFICATIONS_SCHEMA_ID, id: 'static_notifications', order: { notifications: [{ reference: 'erp', scope: '/state/currentStatus', schema: { enum: ['processing'] }, invoke }] } },
      },
    });
    const client = await orderClient(system, { merchant: tenant.merchant, channel }, 'admin');
    const created = await client.call('POST', '', sampleOrder());
    expect(created.status).toBe(201);
    expect(created.body.notifications).toEqual([expect.objectContaining({ invoke })]);
    expect((await client.call('PUT', `/${created.body.id}/state`, { status: 'processing' })).status).toBe(200);
    const failed = await eventually(async () => {
      const events = await client.events(created.body.id);
      return (events.body as Array<{ type: string; data: { error?: string } }>).find((event) => event.type === 'notification.delivery_failed');
    });
    expect(failed.data.error).toContain('169.254.169.254 is a link-local (cloud metadata) address');
  });

  it.each(['http://[::ffff:169.254.169.254]/latest/meta-data/', 'http://[::ffff:a9fe:a9fe]/schema.json', 'http://metadata.google.internal./x.json'])(
    'refuses a $schema at %s with a 400 naming the URL',
    async (url) => {
      const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'admin' });
      const { status, body } = await rest(system.urls.configuration!, 'PUT', `/api/v1/configuration/merchants/${tenant.merchant}/channels/${tenant.channel}/configurations/remote`, {
        token,
        ...tenant,
        body: { $schema: url, id: 'remote', active: true },
      });
      expect(status).toBe(400);
      expect(body).toMatchObject({
        code: 'schema_unavailable',
        message: expect.stringContaining(url),
        details: expect.arrayContaining([expect.objectContaining({ pointer: '/$schema', message: expect.stringContaining('outbound address policy') })]),
      });
    },
  );
});
