import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PLATFORM_SERVICES } from '../../platform/env/env.config.js';
import { STATIC_NOTIFICATIONS_SCHEMA_ID } from '../../subgraphs/configuration/local-schemas.js';
import { REFUSING_ORIGIN } from '../harness/free-port.js';
import {
  AdminDeadDeliveriesDocument,
  AdminDeliveriesAfterDocument,
  AdminDeliveryIdsDocument,
  AdminDeliveryOrdersDocument,
  AdminOrderEventActorsDocument,
  AdminOrderEventsDocument,
  AdminOrderEventTypesDocument,
  AdminOrdersInCheckoutDocument,
  AdminOrdersSearchDocument,
  AdminPausedReceiversDocument,
  AdminReceiverIdsDocument,
  AdminReceiversDocument,
  AdminReplayDeliveriesDocument,
  AdminResumeReceiverDocument,
} from '../generated/graphql.js';
import { dataOf, graphql, rest } from '../harness/http.js';
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

const gql = <TData, TVariables extends Record<string, unknown>>(token: string, document: TypedDocumentNode<TData, TVariables>, variables: TVariables) =>
  graphql(system.urls.gateway!, document, variables, { token, ...tenant });
/** The code of an answer's first error. */
const codeOf = async (answer: Promise<{ body: { errors?: ReadonlyArray<{ extensions?: Record<string, unknown> }> } }>) => (await answer).body.errors?.[0]?.extensions?.code;

describe('admin GraphQL for the admin app', () => {
  it('lists orders by id or reference, an order’s events, dead-lettered deliveries across orders, and replays them', async () => {
    const orders = await orderClient(system, tenant, 'admin');
    const first = (await orders.call('POST', '', sampleOrder())).body.id as string;
    const second = (await orders.call('POST', '', sampleOrder())).body.id as string;

    const found = dataOf(await gql(admin, AdminOrdersSearchDocument, { s: second.slice(0, 13).toUpperCase() }));
    expect(found.orders.edges.map((edge) => edge.node.id)).toEqual([second]);
    const all = dataOf(await gql(admin, AdminOrdersInCheckoutDocument, {}));
    expect(all.orders.edges.map((edge) => edge.node.id).sort()).toEqual([first, second].sort());

    await outboxSettled(system); // the receiver refuses connections: one attempt, one retry, dead
    const events = dataOf(await gql(admin, AdminOrderEventsDocument, { id: first })).order?.events ?? [];
    expect(events[0]).toMatchObject({ type: 'order.created', version: 1 });
    expect(events.map((event) => event.type)).toContain('notification.dead_lettered');

    const dead = dataOf(await gql(admin, AdminDeadDeliveriesDocument, { o: first })).notificationDeliveries.nodes;
    expect(dead).toEqual([
      { id: expect.any(String), orderId: first, status: 'dead', attempts: 2, receiverUrl: refusedUrl, receiverStatus: 'active', lastError: expect.stringMatching(/^unreachable/), nextAttemptAt: null },
    ]);
    const across = dataOf(await gql(admin, AdminDeliveryOrdersDocument, {}));
    expect(across.notificationDeliveries.nodes.map((node) => node.orderId).sort()).toEqual([first, second].sort());

    const id = dead[0]!.id;
    const replayed = dataOf(await gql(admin, AdminReplayDeliveriesDocument, { ids: [id, '999999'] }));
    expect(replayed.replayNotificationDeliveries).toEqual({ requeued: [id], held: [], notReplayed: ['999999'] });
    await outboxSettled(system);
    const history = dataOf(await gql(admin, AdminOrderEventActorsDocument, { id: first })).order?.events ?? [];
    expect(history.filter((event) => event.type === 'notification.retry_requested')).toEqual([{ type: 'notification.retry_requested', actor: expect.any(String) }]);
  });

  it('lists receivers with their health; resuming one that is not paused, or none, is refused with its code', async () => {
    await outboxSettled(system);
    const listed = dataOf(await gql(admin, AdminReceiversDocument, {}));
    const erp = listed.notificationReceivers.nodes.find((node) => node.url === refusedUrl);
    expect(erp).toMatchObject({ id: expect.any(String), status: 'active', lastError: expect.stringMatching(/^unreachable/), lastFailureAt: expect.any(String), pausedAt: null, queued: 0 });
    expect(dataOf(await gql(admin, AdminPausedReceiversDocument, {})).notificationReceivers.nodes).toEqual([]);

    const erpId = erp!.id;
    expect(await codeOf(gql(admin, AdminResumeReceiverDocument, { id: erpId }))).toBe('RECEIVER_NOT_PAUSED');
    expect(await codeOf(gql(admin, AdminResumeReceiverDocument, { id: '00000000-0000-4000-8000-000000000000' }))).toBe('RECEIVER_NOT_FOUND');
    expect(await codeOf(gql(admin, AdminResumeReceiverDocument, { id: 'not-a-uuid' }))).toBe('RECEIVER_NOT_FOUND');
    expect(await codeOf(gql(storefront, AdminReceiverIdsDocument, {}))).toBe('FORBIDDEN');
    expect(await codeOf(gql(storefront, AdminResumeReceiverDocument, { id: erpId }))).toBe('FORBIDDEN');
  });

  it('refuses the admin fields to other roles and bad ids with a 4xx code', async () => {
    const orders = await orderClient(system, tenant, 'admin');
    const id = (await orders.call('POST', '', sampleOrder())).body.id as string;
    expect(await codeOf(gql(storefront, AdminOrderEventTypesDocument, { id }))).toBe('FORBIDDEN');
    expect(await codeOf(gql(storefront, AdminDeliveryIdsDocument, {}))).toBe('FORBIDDEN');
    expect(await codeOf(gql(storefront, AdminReplayDeliveriesDocument, { ids: ['1'] }))).toBe('FORBIDDEN');
    expect(await codeOf(gql(admin, AdminReplayDeliveriesDocument, { ids: ['abc'] }))).toBe('INVALID_REQUEST');
    expect(await codeOf(gql(admin, AdminDeliveriesAfterDocument, { after: 'x' }))).toBe('INVALID_CURSOR');
  });

  it('serves the admin page’s settings: the gateway it calls, no identity provider unless configured', async () => {
    const settings = await rest(system.urls.admin!, 'GET', '/admin-config.json');
    expect(settings.status).toBe(200);
    expect(settings.body).toEqual({ graphqlUrl: `${system.urls.gateway}/graphql`, identityProvider: null });
    expect((await rest(system.urls.admin!, 'GET', '/assets/..%2Fadmin-web.service.ts')).status).toBe(404);
  });
});
