import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { createServer, type Server } from 'node:http';
import type { PoolClient } from 'pg';
import { request } from 'undici';
import { createGatewayService } from '../gateway/gateway.service.js';
import { resolveAuthConfig } from '../platform/auth/auth-config.js';
import { createTokenVerifier } from '../platform/auth/token.verifier.js';
import type { LocalSubgraph } from '../platform/graphql/subgraph.server.js';
import { createLogger } from '../platform/logging/logger.js';
import type { ServiceDeps } from '../platform/service-deps.js';
import { createOrderService } from '../subgraphs/order/order.service.js';
import { createNotificationAdmin } from '../notifications/notification.service.js';
import type { SubgraphName } from '../subgraphs/subgraph.catalog.js';
import { graphql } from './harness/http.js';
import { GatewayBillingCityOsloDocument, GatewayOrderPaymentEventsDocument } from './generated/graphql.js';
import { eventually, orderClient, sampleOrder } from './harness/orders.js';
import { startTestSystem, type TestSystem } from './harness/test-system.js';

// The gateway under test reaches the order subgraph in-process (executions counted where its
// per-request context is built) and the payment subgraph over HTTP (calls counted by a proxy).
let system: TestSystem;
let orderApp: FastifyInstance;
let gateway: FastifyInstance;
let gatewayUrl: string;
let proxy: Server;
const executions = { order: 0, payment: 0 };
const tenant = { merchant: 'm-merge', channel: 'web' };
const other = { merchant: 'm-merge-2', channel: 'web' };
const orderIds: Record<string, string> = {};
const query = GatewayOrderPaymentEventsDocument;

beforeAll(async () => {
  system = await startTestSystem({ services: ['order', 'payment', 'configuration', 'adapter'] });
  const deps: ServiceDeps = { config: system.config, db: system.db, logger: createLogger({ level: 'silent' }), verifier: createTokenVerifier(resolveAuthConfig(system.config)) };
  orderApp = await createOrderService(deps, { notificationAdmin: createNotificationAdmin(deps.db) });
  const local = orderApp.subgraph!;
  const counted: LocalSubgraph = {
    schema: local.schema,
    context: (auth, headers) => {
      executions.order++;
      return local.context(auth, headers);
    },
  };
  proxy = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      if (incoming.method === 'POST') executions.payment++;
      const headers = Object.fromEntries(Object.entries(incoming.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name))) as Record<string, string>;
      request(`${system.urls.payment}${incoming.url}`, { method: incoming.method as 'POST', headers, body: Buffer.concat(chunks) }).then(
        async (answer) => outgoing.writeHead(answer.statusCode, { 'content-type': String(answer.headers['content-type'] ?? 'application/json') }).end(Buffer.from(await answer.body.arrayBuffer())),
        () => outgoing.writeHead(502).end(),
      );
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address();
  const proxyUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const subgraphUrls = { ...system.urls, payment: proxyUrl } as Record<SubgraphName, string>;
  gateway = await createGatewayService({ ...deps, subgraphUrls, localSubgraphs: { order: counted } });
  gatewayUrl = await gateway.listen({ host: '127.0.0.1', port: 0 });
  for (const caller of [tenant, other]) {
    const admin = await orderClient(system, caller, 'admin');
    orderIds[caller.merchant] = (await admin.call('POST', '', sampleOrder({ payments: [{ id: 'p1', adapterId: 'nonpsp_adapter', amount: 249.9 }] }))).body.id;
  }
});
afterAll(async () => {
  await gateway?.close();
  await orderApp?.close();
  proxy?.closeAllConnections();
  await new Promise((resolve) => proxy?.close(resolve));
  await system?.close();
});

/** Holds `table` (every read of it waits) until the returned release is called. */
async function lock(table: string): Promise<() => Promise<void>> {
  const client: PoolClient = await system.db.pool.connect();
  await client.query('begin');
  await client.query(`lock table ${table} in access exclusive mode`);
  return async () => {
    await client.query('commit');
    client.release();
  };
}

const calls = (name: string) => {
  const counts = gateway.subgraphCalls!()[name]!;
  return counts.executed + counts.merged;
};

/**
 * Sends `requests` at once while the subgraphs' tables are locked, and lets each subgraph go on
 * only once every request has reached it: whatever merging happens, happens for all of them.
 */
async function concurrently<T>(requests: Array<() => Promise<T>>, tables: Array<[subgraph: string, table: string]>): Promise<T[]> {
  const releases = await Promise.all(tables.map(([, table]) => lock(table)));
  const before = Object.fromEntries(tables.map(([name]) => [name, calls(name)]));
  const answers = Promise.all(requests.map((send) => send()));
  for (const [i, [name]] of tables.entries()) {
    await eventually(async () => calls(name) - before[name]! === requests.length);
    await releases[i]!();
  }
  return answers;
}

/** A storefront token; tokens with different lifetimes are different strings for the same caller. */
const tokenFor = (caller: { merchant: string; channel: string }, expiresIn = '10m') =>
  system.token({ merchant: caller.merchant, channels: [caller.channel], role: 'storefront' }, { expiresIn });

describe('gateway: identical subgraph reads in flight share one execution', () => {
  it('N identical concurrent queries cause one execution per subgraph, and each caller gets the whole answer', async () => {
    const token = await tokenFor(tenant);
    const start = { ...executions };
    const n = 12;
    const answers = await concurrently(
      Array.from({ length: n }, () => () => graphql(gatewayUrl, query, { id: orderIds[tenant.merchant]! }, { token, ...tenant })),
      [
        ['order', 'orders'],
        ['payment', 'payment_transactions'],
      ],
    );
    expect(executions.order - start.order).toBe(1);
    expect(executions.payment - start.payment).toBe(1);
    for (const answer of answers) expect(answer.body).toEqual({ data: { order: { status: 'checkout', payments: [{ id: 'p1', transactions: [] }] } } });
    // Each caller owns its answer: the merged result was copied, not shared by reference.
    expect(gateway.subgraphCalls!().order!.merged).toBeGreaterThanOrEqual(n - 1);
  });

  it('never merges different tenants, nor different tokens of the same tenant', async () => {
    const [first, second, elsewhere] = [await tokenFor(tenant, '10m'), await tokenFor(tenant, '11m'), await tokenFor(other, '10m')];
    const start = { ...executions };
    const answers = await concurrently(
      [
        () => graphql(gatewayUrl, query, { id: orderIds[tenant.merchant]! }, { token: first, ...tenant }),
        () => graphql(gatewayUrl, query, { id: orderIds[tenant.merchant]! }, { token: second, ...tenant }),
        () => graphql(gatewayUrl, query, { id: orderIds[tenant.merchant]! }, { token: elsewhere, ...other }),
      ],
      [['order', 'orders']],
    );
    expect(executions.order - start.order).toBe(3);
    expect(answers[0]!.body.data?.order?.status).toBe('checkout');
    // The other tenant does not see this tenant's order: no answer leaked across the merge key.
    expect(answers[2]!.body.data?.order ?? null).toBeNull();
  });

  it('never merges mutations', async () => {
    const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'admin' });
    const start = { ...executions };
    const n = 4;
    await concurrently(
      Array.from({ length: n }, () => () => graphql(gatewayUrl, GatewayBillingCityOsloDocument, { id: orderIds[tenant.merchant]! }, { token, ...tenant })),
      [['order', 'orders']],
    );
    expect(executions.order - start.order).toBe(n);
  });
});
