import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PLATFORM_SERVICES } from '../../platform/env/env.config.js';
import { STATIC_NOTIFICATIONS_SCHEMA_ID } from '../../subgraphs/configuration/local-schemas.js';
import { REFUSING_ORIGIN } from '../harness/free-port.js';
import { graphqlUntyped, rest } from '../harness/http.js';
import { orderClient, sampleOrder } from '../harness/orders.js';
import { outboxSettled } from '../harness/outbox.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';

// The admin fields the admin app (web/admin) reads through the gateway: orders(search),
// Order.events, notificationDeliveries, replayNotificationDeliveries, notificationReceivers and
// resumeNotificationReceiver; admin and service only. (A paused receiver resumed from the admin:
// test/browser/admin-actions.test.ts.)

let system: TestSystem;
const tenant = { merchant: 'm-admin-graphql', channel: 'web' };
let admin: string;
let storefront: string;
let refusedUrl: string;

beforeAll(async () => {
  system = await startTestSystem({ services: [...PLATFORM_SERVICES, 'admin'], env: { NOTIFICATION_RETRY_DELAYS_MS: '20' } });
  admin = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'admin' });
  storefront = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
  refusedUrl = `${REFUSING_ORIGIN}/erp`;
  const put = await rest(system.urls.configuration!, 'PUT', `/api/v1/configuration/merchants/${tenant.merchant}/channels/${tenant.channel}/configurations/static_notifications`, {
    token: admin,
    ...tenant,
    body: {
      $schema: STATIC_NOTIFICATIONS_SCHEMA_ID,
      id: 'static_notifications',
      order: { notifications: [{ description: 'ERP', reference: 'erp', scope: '/state/currentStatus', schema: { type: 'string' }, invoke: refusedUrl }] },
    },
  });
  if (put.status !== 201) throw new Error(JSON.stringify(put.body));
}, 120_000);
afterAll(() => system?.close());

const gql = async (token: string, query: string, variables: Record<string, unknown> = {}) => (await graphqlUntyped(system.urls.gateway!, query, variables, { token, ...tenant })).body;

describe('admin GraphQL for the admin app', () => {
  it('lists orders by id or reference, an order’s events, dead-lettered deliveries across orders, and replays them', async () => {
    const orders = await orderClient(system, tenant, 'admin');
    const first = (await orders.call('POST', '', sampleOrder())).body.id as string;
    const second = (await orders.call('POST', '', sampleOrder())).body.id as string;

    const found = await gql(admin, `query ($s: String) { orders(search: $s) { edges { node { id } } } }`, { s: second.slice(0, 13).toUpperCase() });
    expect(found.data.orders.edges.map((edge: { node: { id: string } }) => edge.node.id)).toEqual([second]);
    const all = await gql(admin, `{ orders(status: checkout) { edges { node { id } } } }`);
    expect(all.data.orders.edges.map((edge: { node: { id: string } }) => edge.node.id).sort()).toEqual([first, second].sort());

    await outboxSettled(system); // the receiver refuses connections: one attempt, one retry, dead
    const events = await gql(admin, `query ($id: ID!) { order(id: $id) { events { type version actor createdAt } } }`, { id: first });
    expect(events.data.order.events[0]).toMatchObject({ type: 'order.created', version: 1 });
    expect(events.data.order.events.map((event: { type: string }) => event.type)).toContain('notification.dead_lettered');

    const dead = await gql(admin, `query ($o: ID) { notificationDeliveries(status: dead, orderId: $o) { nodes { id orderId status attempts receiverUrl receiverStatus lastError nextAttemptAt } pageInfo { hasNextPage } } }`, { o: first });
    expect(dead.data.notificationDeliveries.nodes).toEqual([
      { id: expect.any(String), orderId: first, status: 'dead', attempts: 2, receiverUrl: refusedUrl, receiverStatus: 'active', lastError: expect.stringMatching(/^unreachable/), nextAttemptAt: null },
    ]);
    const across = await gql(admin, `{ notificationDeliveries { nodes { orderId } } }`);
    expect(across.data.notificationDeliveries.nodes.map((node: { orderId: string }) => node.orderId).sort()).toEqual([first, second].sort());

    const id = dead.data.notificationDeliveries.nodes[0].id as string;
    const replayed = await gql(admin, `mutation ($ids: [ID!]!) { replayNotificationDeliveries(ids: $ids) { requeued held notReplayed } }`, { ids: [id, '999999'] });
    expect(replayed.data.replayNotificationDeliveries).toEqual({ requeued: [id], held: [], notReplayed: ['999999'] });
    await outboxSettled(system);
    const history = await gql(admin, `query ($id: ID!) { order(id: $id) { events { type actor } } }`, { id: first });
    expect(history.data.order.events.filter((event: { type: string }) => event.type === 'notification.retry_requested')).toEqual([{ type: 'notification.retry_requested', actor: expect.any(String) }]);
  });

  it('lists receivers with their health; resuming one that is not paused, or none, is refused with its code', async () => {
    await outboxSettled(system);
    const listed = await gql(admin, `{ notificationReceivers { nodes { id url status consecutiveFailures lastError lastFailureAt pausedAt queued } pageInfo { hasNextPage } } }`);
    const erp = listed.data.notificationReceivers.nodes.find((node: { url: string }) => node.url === refusedUrl);
    expect(erp).toMatchObject({ id: expect.any(String), status: 'active', lastError: expect.stringMatching(/^unreachable/), lastFailureAt: expect.any(String), pausedAt: null, queued: 0 });
    expect((await gql(admin, `{ notificationReceivers(status: paused) { nodes { id } } }`)).data.notificationReceivers.nodes).toEqual([]);

    const notPaused = await gql(admin, `mutation ($id: ID!) { resumeNotificationReceiver(id: $id) { requeued } }`, { id: erp.id });
    expect(notPaused.errors[0].extensions.code).toBe('RECEIVER_NOT_PAUSED');
    const unknown = await gql(admin, `mutation { resumeNotificationReceiver(id: "00000000-0000-4000-8000-000000000000") { requeued } }`);
    expect(unknown.errors[0].extensions.code).toBe('RECEIVER_NOT_FOUND');
    expect((await gql(admin, `mutation { resumeNotificationReceiver(id: "not-a-uuid") { requeued } }`)).errors[0].extensions.code).toBe('RECEIVER_NOT_FOUND');
    expect((await gql(storefront, `{ notificationReceivers { nodes { id } } }`)).errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await gql(storefront, `mutation ($id: ID!) { resumeNotificationReceiver(id: $id) { requeued } }`, { id: erp.id })).errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('refuses the admin fields to other roles and bad ids with a 4xx code', async () => {
    const orders = await orderClient(system, tenant, 'admin');
    const id = (await orders.call('POST', '', sampleOrder())).body.id as string;
    const events = await gql(storefront, `query ($id: ID!) { order(id: $id) { id events { type } } }`, { id });
    expect(events.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await gql(storefront, `{ notificationDeliveries { nodes { id } } }`)).errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await gql(storefront, `mutation { replayNotificationDeliveries(ids: ["1"]) { requeued } }`)).errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await gql(admin, `mutation { replayNotificationDeliveries(ids: ["abc"]) { requeued } }`)).errors[0].extensions.code).toBe('INVALID_REQUEST');
    expect((await gql(admin, `{ notificationDeliveries(after: "x") { nodes { id } } }`)).errors[0].extensions.code).toBe('INVALID_CURSOR');
  });

  it('serves the admin page’s settings: the gateway it calls, no identity provider unless configured', async () => {
    const settings = await rest(system.urls.admin!, 'GET', '/admin-config.json');
    expect(settings.status).toBe(200);
    expect(settings.body).toEqual({ graphqlUrl: `${system.urls.gateway}/graphql`, identityProvider: null });
    expect((await rest(system.urls.admin!, 'GET', '/assets/..%2Fadmin-web.service.ts')).status).toBe(404);
  });
});
