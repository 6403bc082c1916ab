import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { createGatewayService } from '../gateway/gateway.service.js';
import { plannedOperationStats } from '../gateway/planned-operation.reuse.js';
import { resolveAuthConfig } from '../platform/auth/auth-config.js';
import { createTokenVerifier } from '../platform/auth/token.verifier.js';
import { createLogger } from '../platform/logging/logger.js';
import type { ServiceDeps } from '../platform/service-deps.js';
import { createOrderService } from '../subgraphs/order/order.service.js';
import { createNotificationAdmin } from '../notifications/notification.service.js';
import { createPaymentService } from '../subgraphs/payment/payment.service.js';
import { createConfigurationService } from '../subgraphs/configuration/configuration.service.js';
import { createAdapterService } from '../subgraphs/adapter/adapter.service.js';
import type { SubgraphName } from '../subgraphs/subgraph.catalog.js';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { graphql, graphqlRaw } from './harness/http.js';
import {
  SingleFetchAliasedDocument,
  SingleFetchConsentDocument,
  SingleFetchListDocument,
  SingleFetchOneDocument,
  SingleFetchPartsDocument,
  SingleFetchPlannedDocument,
  SingleFetchShapedDocument,
  SingleFetchTwoDocument,
} from './generated/graphql.js';
import { orderClient, sampleOrder } from './harness/orders.js';
import { startTestSystem, type TestSystem } from './harness/test-system.js';

// Two gateways on the same subgraphs: one reaching the order subgraph in-process, one reaching
// every subgraph over HTTP. Each answer is compared with what the order subgraph answers directly
// and with what the plan executor answered the first time the query ran.
let system: TestSystem;
let orderApp: FastifyInstance;
let subgraphApps: FastifyInstance[] = [];
const gateways: Record<'inProcess' | 'http' | 'allInProcess', { app: FastifyInstance; url: string }> = {} as never;
const tenant = { merchant: 'm-single-fetch', channel: 'web' };
let orderId: string;
let token: string;

beforeAll(async () => {
  system = await startTestSystem({ services: ['order', 'payment', 'configuration', 'adapter'] });
  const deps: ServiceDeps = { config: system.config, db: system.db, logger: createLogger({ level: 'silent' }), verifier: createTokenVerifier(resolveAuthConfig(system.config)) };
  orderApp = await createOrderService(deps, { notificationAdmin: createNotificationAdmin(deps.db) });
  subgraphApps = [await createPaymentService(deps), await createConfigurationService(deps), await createAdapterService(deps)];
  const [payment, configuration, adapter] = subgraphApps.map((app) => app.subgraph!);
  const subgraphUrls = system.urls as Record<SubgraphName, string>;
  for (const [name, localSubgraphs] of [
    ['inProcess', { order: orderApp.subgraph! }],
    ['http', {}],
    ['allInProcess', { order: orderApp.subgraph!, payment, configuration, adapter }],
  ] as const) {
    const app = await createGatewayService({ ...deps, subgraphUrls, localSubgraphs });
    gateways[name] = { app, url: await app.listen({ host: '127.0.0.1', port: 0 }) };
  }
  const admin = await orderClient(system, tenant, 'admin');
  orderId = (await admin.call('POST', '', sampleOrder({ payments: [{ id: 'p1', adapterId: 'nonpsp_adapter', amount: 249.9 }] }))).body.id;
  token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
});
afterAll(async () => {
  for (const { app } of Object.values(gateways)) await app?.close();
  await orderApp?.close();
  for (const app of subgraphApps) await app.close();
  await system?.close();
});

const ask = <TData, TVariables extends Record<string, unknown>>(url: string, document: TypedDocumentNode<TData, TVariables>, variables: TVariables) => graphql(url, document, variables, { token, ...tenant });
const counts = (name: keyof typeof gateways) => gateways[name].app.singleFetchCalls!();

/** A POST as it goes over the wire: the answer's status, headers that matter to a client, and its exact text. */
async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-merchant': tenant.merchant, 'x-channel': tenant.channel, ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, contentType: response.headers.get('content-type'), cacheControl: response.headers.get('cache-control'), text: await response.text() };
}

/** Runs the request twice through the gateway (`send` with its url): the answers, and how each run was served. */
async function twiceSent<TAnswer>(name: keyof typeof gateways, send: (url: string) => Promise<TAnswer>) {
  const before = counts(name);
  const first = await send(gateways[name].url);
  const between = counts(name);
  const second = await send(gateways[name].url);
  const after = counts(name);
  return {
    first,
    second,
    firstRouted: between.routed - before.routed,
    secondRouted: after.routed - between.routed,
    secondPlanned: after.planned - between.planned,
  };
}

/** Runs a typed query twice through the gateway. */
const twice = <TData, TVariables extends Record<string, unknown>>(name: keyof typeof gateways, document: TypedDocumentNode<TData, TVariables>, variables: TVariables) =>
  twiceSent(name, (url) => ask(url, document, variables));

describe.each(['inProcess', 'http'] as const)('gateway (%s): a query planned as one fetch of the caller\'s own operation goes to the subgraph as it is', (name) => {
  it('the second run is answered by the subgraph alone, with the answer the plan executor and the subgraph itself give', async () => {
    const run = await twice(name, SingleFetchOneDocument, { id: orderId });
    expect(run.firstRouted).toBe(0);
    expect(run.secondRouted).toBe(1);
    expect(run.first.status).toBe(200);
    expect(run.first.body).toEqual({ data: { order: { id: orderId, status: 'checkout', total: { includingVat: 249.9 } } } });
    expect(run.second.body).toEqual(run.first.body);
    expect((await ask(system.urls.order!, SingleFetchOneDocument, { id: orderId })).body).toEqual(run.first.body);
  });

  it('aliases, @include and literal arguments survive, as the plan executor gives them', async () => {
    for (const withTotal of [true, false]) {
      const run = await twice(name, SingleFetchAliasedDocument, { id: orderId, withTotal });
      expect(run.secondRouted).toBe(1);
      expect(run.second.body).toEqual(run.first.body);
      expect(run.first.body).toEqual({ data: { o: { key: orderId, s: 'checkout', ...(withTotal ? { total: { vat: 249.9 } } : {}) } } });
    }
  });

  it('a query over two subgraphs, or written with fragments, goes through the plan executor every time', async () => {
    const two = await twice(name, SingleFetchTwoDocument, { id: orderId });
    expect(two.secondRouted).toBe(0);
    expect(two.secondPlanned).toBe(1);
    expect(two.second.body).toEqual(two.first.body);
    expect(two.first.body.data?.order?.payments).toHaveLength(1);

    const fragments = await twice(name, SingleFetchPartsDocument, { id: orderId });
    expect(fragments.secondRouted).toBe(0);
    expect(fragments.second.body).toEqual({ data: { order: { id: orderId, status: 'checkout' } } });
  });

  it("a planned query's operation is converted for result shaping once and reused, whatever the variables", async () => {
    const before = { ...plannedOperationStats };
    const answers = [];
    for (const withStatus of [true, false, true]) answers.push((await ask(gateways[name].url, SingleFetchShapedDocument, { id: orderId, withStatus })).body);
    expect(answers[0]).toEqual({ data: { order: { id: orderId, status: 'checkout', payments: [{ id: 'p1', transactions: expect.any(Array) }] } } });
    expect(answers[1]).toEqual({ data: { order: { id: orderId, payments: [{ id: 'p1', transactions: expect.any(Array) }] } } });
    expect(answers[2]).toEqual(answers[0]);
    expect(plannedOperationStats.converted - before.converted).toBe(1);
    expect(plannedOperationStats.reused - before.reused).toBe(2);
  });

  it('a routed query is answered before Apollo Server in-process (the direct route) with the same bytes and headers; over HTTP Apollo Server serves it', async () => {
    const query = 'query Direct($id: ID!) { order(id: $id) { id status total { includingVat } } }';
    const body = { query, operationName: 'Direct', variables: { id: orderId } };
    const first = await post(gateways[name].url, body);
    const before = counts(name);
    const second = await post(gateways[name].url, body);
    const after = counts(name);
    expect(after.routed - before.routed).toBe(1);
    expect(after.direct - before.direct).toBe(name === 'inProcess' ? 1 : 0);
    expect(second).toEqual(first);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.text)).toEqual({ data: { order: { id: orderId, status: 'checkout', total: { includingVat: 249.9 } } } });
  });

  it('the direct route leaves to Apollo Server what it does not take: other Accept types, extensions, batches, bad variables', async () => {
    const query = 'query Left($id: ID!) { order(id: $id) { id status } }';
    await post(gateways[name].url, { query, variables: { id: orderId } });
    const cases: Array<[unknown, Record<string, string>?]> = [
      [{ query, variables: { id: orderId } }, { accept: 'application/graphql-response+json' }],
      [{ query, variables: { id: orderId }, extensions: {} }],
      [[{ query, variables: { id: orderId } }]],
      [{ query, variables: { id: 42.5 } }],
    ];
    const answers = [];
    for (const [body, headers] of cases) {
      const before = counts(name);
      answers.push({ answer: await post(gateways[name].url, body, headers), direct: counts(name).direct - before.direct });
    }
    expect(answers.map((a) => a.direct)).toEqual([0, 0, 0, 0]);
    expect(answers[0]!.answer.contentType).toContain('application/graphql-response+json');
    expect(JSON.parse(answers[1]!.answer.text)).toEqual({ data: { order: { id: orderId, status: 'checkout' } } });
    expect(JSON.parse(answers[2]!.answer.text)).toEqual([{ data: { order: { id: orderId, status: 'checkout' } } }]);
    expect(JSON.parse(answers[3]!.answer.text)).toMatchObject({ errors: [expect.objectContaining({ message: expect.stringContaining('$id') })] });
  });

  it('an answer with errors is the plan executor\'s: the same errors every time', async () => {
    // The order list is for operators: a storefront token is refused.
    const run = await twice(name, SingleFetchListDocument, { first: 5 });
    expect(run.secondRouted).toBe(0);
    expect(run.secondPlanned).toBe(1);
    expect(run.second.body).toEqual(run.first.body);
    const errors = run.first.body.errors ?? [];
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]!.extensions).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('bad variables are refused as the plan executor refuses them', async () => {
    // Variables no typed document allows: sent as written.
    const query = 'query One($id: ID!) { order(id: $id) { id status total { includingVat } } }';
    const bad = await twiceSent(name, (url) => graphqlRaw(url, query, { id: { not: 'an id' } }, { token, ...tenant }));
    expect(bad.second.body).toEqual(bad.first.body);
    expect(bad.first.body).toMatchObject({ errors: [expect.objectContaining({ message: expect.stringContaining('$id') })] });
    expect((bad.first.body as { data?: unknown }).data ?? null).toBeNull();
  });

  it("a caller asking for the query plan (Apollo's debugging header) gets it: the plan executor answers", async () => {
    await twice(name, SingleFetchPlannedDocument, { id: orderId });
    const before = counts(name);
    const answer = await graphql(gateways[name].url, SingleFetchPlannedDocument, { id: orderId }, { token, ...tenant, headers: { 'apollo-query-plan-experimental': '1' } });
    expect(counts(name).routed).toBe(before.routed);
    expect(answer.body).toMatchObject({ data: { order: { id: orderId } }, extensions: { __queryPlanExperimental: expect.stringContaining('Fetch(service: "order")') } });
  });

  it('a mutation is never routed', async () => {
    const before = counts(name);
    const answer = await ask(gateways[name].url, SingleFetchConsentDocument, { id: orderId });
    expect(answer.body).toEqual({ data: { setConsents: { id: orderId } } });
    expect(counts(name).routed).toBe(before.routed);
  });
});

describe('gateway (every subgraph in-process): a query planned over several subgraphs takes the direct route too', () => {
  const url = () => gateways.allInProcess.url;
  const two = 'query Both($id: ID!, $withStatus: Boolean!) { order(id: $id) { ...Head payments { id amount transactions { event } } } } fragment Head on Order { id status @include(if: $withStatus) }';

  it('from the second run on, the plan executor runs it without Apollo Server: the same bytes and headers, right for each variable value', async () => {
    const body = (withStatus: boolean) => ({ query: two, variables: { id: orderId, withStatus } });
    const first = await post(url(), body(true));
    const before = counts('allInProcess');
    const second = await post(url(), body(true));
    const third = await post(url(), body(false));
    const after = counts('allInProcess');
    expect(after.direct - before.direct).toBe(2);
    expect(after.planned - before.planned).toBe(2);
    expect(after.routed - before.routed).toBe(0);
    expect(second).toEqual(first);
    expect(JSON.parse(first.text)).toEqual({ data: { order: { id: orderId, status: 'checkout', payments: [{ id: 'p1', amount: 249.9, transactions: expect.any(Array) }] } } });
    expect(JSON.parse(third.text)).toEqual({ data: { order: { id: orderId, payments: [{ id: 'p1', amount: 249.9, transactions: expect.any(Array) }] } } });
    // The same answer the gateway with a subgraph over HTTP gives (Apollo Server all the way).
    expect((await post(gateways.http.url, body(true))).text).toBe(first.text);
  });

  it('an answer with errors, or variables the schema refuses, is left to Apollo Server: the same answer every time', async () => {
    // The order list is for operators: a storefront token gets an error beside the order.
    const forbidden = 'query Mixed($id: ID!) { order(id: $id) { id payments { id transactions { event } } } orders(first: 1) { pageInfo { hasNextPage } } }';
    const cases = [
      { query: forbidden, variables: { id: orderId } },
      { query: two, variables: { id: orderId, withStatus: 'yes' } },
    ];
    for (const body of cases) {
      const first = await post(url(), body);
      const before = counts('allInProcess');
      const second = await post(url(), body);
      expect(counts('allInProcess').direct).toBe(before.direct);
      expect(second).toEqual(first);
      expect(JSON.parse(first.text)).toMatchObject({ errors: [expect.anything()] });
    }
  });
});
