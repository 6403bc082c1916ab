import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { FAST_PATH_VERIFIED_WITH, installedFastPathVersions } from '../gateway/fast-path.js';
import { createGatewayService } from '../gateway/gateway.service.js';
import { resolveAuthConfig } from '../platform/auth/auth-config.js';
import { createTokenVerifier } from '../platform/auth/token.verifier.js';
import { createLogger } from '../platform/logging/logger.js';
import type { ServiceDeps } from '../platform/service-deps.js';
import { createOrderService } from '../subgraphs/order/order.service.js';
import { createPaymentService } from '../subgraphs/payment/payment.service.js';
import { createConfigurationService } from '../subgraphs/configuration/configuration.service.js';
import { createAdapterService } from '../subgraphs/adapter/adapter.service.js';
import type { SubgraphName } from '../subgraphs/subgraph.catalog.js';
import { orderClient, sampleOrder } from './harness/orders.js';
import { startTestSystem, type TestSystem } from './harness/test-system.js';
import { createNotificationAdmin } from '../notifications/notification.service.js';

// GATEWAY_FAST_PATH (docs/gateway-fast-path.md): the fast path leans on Apollo internals, so it is
// pinned to the versions it was checked against, and with the flag on the gateway answers exactly
// what it answers with the flag off (Apollo's gateway and server as they come).

describe('the fast path is pinned to the federation versions it was verified against', () => {
  it('the installed versions are the verified ones', () => {
    const installed = installedFastPathVersions();
    const differing = Object.entries(FAST_PATH_VERIFIED_WITH).filter(([name, verified]) => installed[name] !== verified);
    if (differing.length) {
      throw new Error(
        `GATEWAY_FAST_PATH was verified against ${differing.map(([name, verified]) => `${name} ${verified}`).join(', ')}, but ${differing.map(([name]) => `${name} ${installed[name]}`).join(', ')} is installed. ` +
          'Check gateway/single-fetch.router.ts and gateway/planned-operation.reuse.ts against the new versions (plan shapes, request kinds, module exports, answer bytes), ' +
          'run this file (flag on and off must answer alike), then update FAST_PATH_VERIFIED_WITH in gateway/fast-path.ts — or set GATEWAY_FAST_PATH=off.',
      );
    }
    expect(Object.keys(installed).sort()).toEqual(Object.keys(FAST_PATH_VERIFIED_WITH).sort());
  });
});

let system: TestSystem;
let subgraphApps: FastifyInstance[] = [];
type Name = 'onInProcess' | 'offInProcess' | 'onHttp' | 'offHttp';
const gateways = {} as Record<Name, { app: FastifyInstance; url: string }>;
const tenant = { merchant: 'm-fast-path', channel: 'web' };
let orderId: string;
let token: string;

beforeAll(async () => {
  system = await startTestSystem({ services: ['order', 'payment', 'configuration', 'adapter'] });
  const deps: ServiceDeps = { config: system.config, db: system.db, logger: createLogger({ level: 'silent' }), verifier: createTokenVerifier(resolveAuthConfig(system.config)) };
  subgraphApps = [await createOrderService(deps, { notificationAdmin: createNotificationAdmin(deps.db) }), await createPaymentService(deps), await createConfigurationService(deps), await createAdapterService(deps)];
  const [order, payment, configuration, adapter] = subgraphApps.map((app) => app.subgraph!);
  const subgraphUrls = system.urls as Record<SubgraphName, string>;
  const everyLocal = { order: order!, payment: payment!, configuration: configuration!, adapter: adapter! };
  for (const [name, gatewayFastPath, localSubgraphs] of [
    ['onInProcess', true, everyLocal],
    ['offInProcess', false, everyLocal],
    ['onHttp', true, {}],
    ['offHttp', false, {}],
  ] as const) {
    const app = await createGatewayService({ ...deps, config: { ...system.config, gatewayFastPath }, subgraphUrls, localSubgraphs });
    gateways[name] = { app, url: await app.listen({ host: '127.0.0.1', port: 0 }) };
  }
  const admin = await orderClient(system, tenant, 'admin');
  orderId = (await admin.call('POST', '', sampleOrder({ payments: [{ id: 'p1', adapterId: 'nonpsp_adapter', amount: 120 }] }))).body.id;
  token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
});
afterAll(async () => {
  for (const { app } of Object.values(gateways)) await app?.close();
  for (const app of subgraphApps) await app.close();
  await system?.close();
});

/** A POST as it goes over the wire: status, the headers a client reads, and the exact text. */
async function post(name: Name, body: unknown) {
  const response = await fetch(`${gateways[name].url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-merchant': tenant.merchant, 'x-channel': tenant.channel },
    body: JSON.stringify(body),
  });
  return { status: response.status, contentType: response.headers.get('content-type'), cacheControl: response.headers.get('cache-control'), text: await response.text() };
}

const ONE = 'query One($id: ID!) { order(id: $id) { id status total { includingVat } } }';
const cases: Array<[string, () => unknown]> = [
  ['one subgraph', () => ({ query: ONE, variables: { id: orderId } })],
  ['aliases and @include', () => ({ query: 'query Aliased($id: ID!, $t: Boolean!) { o: order(id: $id) { key: id total @include(if: $t) { vat: includingVat } } }', variables: { id: orderId, t: false } })],
  ['two subgraphs with a fragment', () => ({ query: 'query Two($id: ID!) { order(id: $id) { ...Head payments { id amount transactions { event } } } } fragment Head on Order { id status }', variables: { id: orderId } })],
  ['bad variables', () => ({ query: ONE, variables: { id: 42.5 } })],
  ['an error beside data (operators only)', () => ({ query: 'query Mixed($id: ID!) { order(id: $id) { id } orders(first: 1) { pageInfo { hasNextPage } } }', variables: { id: orderId } })],
  ['an unknown field', () => ({ query: '{ order(id: "x") { nope } }' })],
  ['a batch', () => [{ query: ONE, variables: { id: orderId } }]],
];

describe.each([
  ['every subgraph in-process', 'onInProcess', 'offInProcess'],
  ['every subgraph over HTTP', 'onHttp', 'offHttp'],
] as const)('GATEWAY_FAST_PATH on and off answer alike (%s)', (_, on, off) => {
  it.each(cases)('%s: the same status, headers and bytes, first run and later runs', async (_case, body) => {
    // Three runs: the first teaches the fast path the query's plan, the later ones take it.
    const answers = { on: [] as unknown[], off: [] as unknown[] };
    for (let run = 0; run < 3; run++) {
      answers.on.push(await post(on, body()));
      answers.off.push(await post(off, body()));
    }
    expect(answers.on).toEqual(answers.off);
    expect(answers.off[0]).toEqual(answers.off[2]);
  });

  it('the flag-on gateway did take its fast path; the flag-off one has none', () => {
    const calls = gateways[on].app.singleFetchCalls!();
    expect(calls.routed).toBeGreaterThan(0);
    if (on === 'onInProcess') expect(calls.direct).toBeGreaterThan(0);
    expect(gateways[off].app.singleFetchCalls).toBeUndefined();
  });
});
