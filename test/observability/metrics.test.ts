import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { SERVICE_NAMES } from '../../app/service.catalogue.js';
import type { ServiceName } from '../../platform/env/env.config.js';
import { graphql } from '../harness/http.js';
import { MetricsOrderDocument } from '../generated/graphql.js';
import { eventually, orderClient, sampleOrder } from '../harness/orders.js';
import { TestAdapter } from '../harness/test-adapter.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';
import { scrape, valueOf } from './metrics-scrape.js';

let system: TestSystem;
let admin: Awaited<ReturnType<typeof orderClient>>;
let receiver: TestAdapter;
const tenant = { merchant: 'm-metrics', channel: 'web' };

beforeAll(async () => {
  system = await startTestSystem({
    // A timeout far above a quick answer on a loaded machine: only the answers a test chooses fail.
    env: { NOTIFICATION_RETRY_DELAYS_MS: '50,50,50,50,50,50', NOTIFICATION_TIMEOUT_MS: '10000', NOTIFICATION_RECEIVER_PAUSE_FAILURES: '4', NOTIFICATION_RECEIVER_PAUSE_AFTER_MS: '0' },
  });
  admin = await orderClient(system, tenant, 'admin');
  receiver = await TestAdapter.start();
});
afterAll(async () => {
  await receiver?.close();
  await system?.close();
});

describe('GET /metrics', () => {
  it('is answered by every service of a started system, in Prometheus text format', async () => {
    const names = Object.keys(system.urls) as ServiceName[];
    // Every service the catalogue runs (the test system starts them all).
    expect([...names].sort()).toEqual([...SERVICE_NAMES].sort());
    for (const name of names) {
      const { status, contentType, text } = await scrape(system.urls[name]!);
      expect({ name, status }).toEqual({ name, status: 200 });
      expect(contentType).toContain('text/plain');
      expect(text).toContain('# TYPE http_requests_total counter');
      expect(text).toContain('# TYPE db_pool_connections gauge');
    }
  });

  it('counts HTTP requests by route pattern, never by the raw URL', async () => {
    const id = (await admin.call('POST', '', sampleOrder())).body.id as string;
    const series = { service: 'order', method: 'GET', route: '/api/v0/checkout/orders/:orderId', status: '200' };
    const before = valueOf((await scrape(system.urls.order!)).text, 'http_requests_total', series);
    for (let i = 0; i < 3; i++) expect((await admin.call('GET', `/${id}`)).status).toBe(200);
    expect((await admin.call('GET', '/no-such-order')).status).toBe(404);
    const { text } = await scrape(system.urls.order!);
    expect(valueOf(text, 'http_requests_total', series)).toBe(before + 3);
    expect(valueOf(text, 'http_requests_total', { ...series, status: '404' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'http_request_duration_seconds_count', { service: 'order', method: 'GET', route: '/api/v0/checkout/orders/:orderId' })).toBeGreaterThanOrEqual(before + 3);
    expect(text).not.toContain(id);
    expect(text).not.toContain('no-such-order');
  });

  it('counts GraphQL operations by name and outcome', async () => {
    const id = (await admin.call('POST', '', sampleOrder())).body.id as string;
    const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
    // The second and third answers come from the gateway's direct route (the query is one fetch of the order subgraph; a missing order is null, no error): counted all the same.
    for (let i = 0; i < 2; i++) {
      const ok = await graphql(system.urls.gateway!, MetricsOrderDocument, { id }, { token, ...tenant });
      expect(ok.body.data?.order?.id).toBe(id);
    }
    await graphql(system.urls.gateway!, MetricsOrderDocument, { id: 'missing' }, { token, ...tenant });
    const gateway = (await scrape(system.urls.gateway!)).text;
    expect(valueOf(gateway, 'graphql_operations_total', { service: 'gateway', operation: 'MetricsOrder', type: 'query', outcome: 'ok' })).toBe(3);
    expect(valueOf(gateway, 'graphql_operations_total', { operation: 'MetricsOrder' })).toBe(3);
    expect(valueOf(gateway, 'graphql_operation_duration_seconds_count', { operation: 'MetricsOrder', type: 'query' })).toBe(3);
    expect(valueOf(gateway, 'http_requests_total', { route: '/graphql', method: 'POST' })).toBeGreaterThanOrEqual(3);
  });

  it('times hook calls per adapter and counts their vetoes', async () => {
    receiver.on('/veto', () => ({ status: 400, body: { message: 'no' } }));
    const order = (await admin.call('POST', '', sampleOrder({ hooks: [{ id: 'h', adapterId: 'commerce_adapter', subscribeTo: '/state', invoke: `${receiver.url}/veto` }] }))).body;
    const before = valueOf((await scrape(system.urls.order!)).text, 'hook_vetoes_total', { adapter: 'commerce_adapter', reason: 'rejected' });
    expect((await admin.call('PUT', `/${order.id}/state`, { status: 'processing' })).status).toBe(400);
    const text = (await scrape(system.urls.order!)).text;
    expect(valueOf(text, 'hook_vetoes_total', { adapter: 'commerce_adapter', reason: 'rejected' })).toBe(before + 1);
    expect(valueOf(text, 'hook_call_duration_seconds_count', { adapter: 'commerce_adapter', outcome: '400' })).toBeGreaterThanOrEqual(1);
  });

  it('shows the outbox: depth and age while a receiver fails, retries, deliveries', async () => {
    // The first attempt fails; the retry is answered only once the test has seen the job waiting
    // (failing on until then, the receiver would reach its pause threshold within a few retries).
    let seen!: () => void;
    const waitingSeen = new Promise<void>((resolve) => (seen = resolve));
    receiver.on('/flaky', async () => {
      if (receiver.callsTo('/flaky').length === 1) return { status: 503 };
      await waitingSeen;
      return { status: 204 };
    });
    const read = async () => (await scrape(system.urls.notifications!)).text;
    const retriesBefore = valueOf(await read(), 'notification_delivery_attempts_total', { outcome: 'retry' });
    const deliveredBefore = valueOf(await read(), 'notification_delivery_attempts_total', { outcome: 'delivered' });
    const order = (await admin.call('POST', '', sampleOrder({ notifications: [{ id: 'n', scope: '/state/currentStatus', schema: { enum: ['processing'] }, invoke: `${receiver.url}/flaky` }] }))).body;
    expect((await admin.call('PUT', `/${order.id}/state`, { status: 'processing' })).status).toBe(200);

    const waiting = await eventually(async () => {
      const text = await read();
      // The attempt is counted as it ends; the job shows as retrying once its transaction commits.
      return valueOf(text, 'notification_delivery_attempts_total', { outcome: 'retry' }) > retriesBefore && valueOf(text, 'notification_outbox_retrying') >= 1 ? text : undefined;
    });
    expect(valueOf(waiting, 'notification_outbox_depth')).toBeGreaterThanOrEqual(1);
    expect(valueOf(waiting, 'notification_outbox_retrying')).toBeGreaterThanOrEqual(1);
    expect(valueOf(waiting, 'notification_outbox_oldest_age_seconds')).toBeGreaterThan(0);
    expect(waiting).toContain('# TYPE notification_dead_letters gauge');
    expect(waiting).toContain('# TYPE notification_receivers_paused gauge');
    expect(waiting).toContain('# TYPE notification_outbox_held gauge');

    seen();
    const settled = await eventually(async () => {
      const text = await read();
      return valueOf(text, 'notification_delivery_attempts_total', { outcome: 'delivered' }) > deliveredBefore ? text : undefined;
    });
    expect(valueOf(settled, 'notification_delivery_duration_seconds_count', { outcome: 'delivered' })).toBeGreaterThanOrEqual(1);
    // The attempt is counted as it ends; the job leaves the outbox when its transaction commits.
    await eventually(async () => valueOf(await read(), 'notification_outbox_depth') === 0);
  });

  it('shows a receiver paused after failing, and the job it holds', async () => {
    receiver.on('/down', () => ({ status: 503 }));
    const read = async () => (await scrape(system.urls.notifications!)).text;
    const order = (await admin.call('POST', '', sampleOrder({ notifications: [{ id: 'n', scope: '/state/currentStatus', schema: { enum: ['processing'] }, invoke: `${receiver.url}/down` }] }))).body;
    expect((await admin.call('PUT', `/${order.id}/state`, { status: 'processing' })).status).toBe(200);
    const paused = await eventually(async () => {
      const text = await read();
      // The receiver's row and its job's last attempt are written by separate commits: wait for both.
      return valueOf(text, 'notification_receivers_paused') >= 1 && valueOf(text, 'notification_outbox_held') >= 1 ? text : undefined;
    });
    expect(valueOf(paused, 'notification_delivery_attempts_total', { outcome: 'retry' })).toBeGreaterThanOrEqual(4);
  });

  it('shows open subscriptions on the gateway and the database pools', async () => {
    const id = (await admin.call('POST', '', sampleOrder())).body.id as string;
    const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
    const client: Client = createClient({
      url: `${system.urls.gateway!.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}`, 'x-merchant': tenant.merchant, 'x-channel': tenant.channel },
      retryAttempts: 0,
      lazy: true,
    });
    let unsubscribe: () => void = () => undefined;
    await new Promise<void>((resolve, reject) => {
      unsubscribe = client.subscribe({ query: 'subscription ($id: ID!) { orderChanged(id: $id) { id } }', variables: { id } }, { next: () => resolve(), error: reject, complete: () => undefined });
    });
    expect(valueOf((await scrape(system.urls.gateway!)).text, 'graphql_subscriptions_active')).toBe(1);
    unsubscribe();
    // The server ends a stream when its next event comes (a generator waiting for one cannot return sooner).
    await admin.call('PUT', `/${id}/state`, { status: 'processing' });
    await eventually(async () => valueOf((await scrape(system.urls.gateway!)).text, 'graphql_subscriptions_active') === 0);
    await client.dispose();

    const text = (await scrape(system.urls.payment!)).text;
    expect(valueOf(text, 'db_pool_connections', { pool: 'main', state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/db_pool_connections\{pool="main",state="waiting"\} \d+/);
    expect(text).toMatch(/db_pool_connections\{pool="notifications_worker",state="idle"\} \d+/);
  });
});

describe('readiness', () => {
  it('the gateway is ready once composed; adapters once they reach the order service', async () => {
    for (const name of ['gateway', 'commerce_adapter', 'nonpsp_adapter', 'giftcard_adapter'] as const) {
      const response = await fetch(`${system.urls[name]}/readyz`);
      expect({ name, status: response.status }).toEqual({ name, status: 200 });
    }
  });
});
