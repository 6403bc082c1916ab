import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { headersFor, type CallOptions } from './harness/http.js';
import { orderClient, sampleOrder } from './harness/orders.js';
import { TestAdapter } from './harness/test-adapter.js';
import { startTestSystem, type TestSystem } from './harness/test-system.js';
import { loadConfig } from '../app/app.config.js';
import { measureOperation } from '../platform/graphql/operation-measure.js';

let system: TestSystem;
let storefront: CallOptions;
let admin: CallOptions;
let orderId: string;
/** Answers the order's validation callback: each validateOrder that runs calls it once. */
let validator: TestAdapter;
const tenant = { merchant: 'm-limits', channel: 'web' };

beforeAll(async () => {
  system = await startTestSystem({ services: ['gateway', 'order', 'payment', 'configuration', 'adapter', 'notifications'] });
  storefront = { token: await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' }), ...tenant };
  admin = { token: await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'admin' }), ...tenant };
  validator = (await TestAdapter.start()).on('/validate', () => ({ status: 200 }));
  const orders = await orderClient(system, tenant, 'admin');
  const order = sampleOrder({
    payments: [{ id: 'p1', adapterId: 'nonpsp_adapter', amount: 249.9 }],
    validations: [{ id: 'v1', adapterId: 'commerce_adapter', url: `${validator.url}/validate` }],
  });
  orderId = (await orders.call('POST', '', order)).body.id;
});
afterAll(async () => {
  await validator?.close();
  await system?.close();
});

/** POSTs any body to a service's /graphql (a batch is an array) and reads the JSON answer, timed. */
async function post(baseUrl: string, body: unknown, options: CallOptions = storefront) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headersFor(options) }, body: JSON.stringify(body) });
  const json = (await response.json()) as any;
  return { status: response.status, body: json, ms: performance.now() - started };
}

/** `{ ...F0 }` with F0 … F58 each spreading the next twice: 2^59 `__typename` once every fragment is expanded. */
function fragmentLadder(levels: number): string {
  let query = '{ ...F0 }';
  for (let i = 0; i < levels - 1; i++) query += ` fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`;
  return `${query} fragment F${levels - 1} on Query { __typename }`;
}

const aliased = (count: number, field: (i: number) => string) => Array.from({ length: count }, (_, i) => `a${i}: ${field(i)}`).join(' ');

/**
 * Calls GET /healthz one after another until stopped and keeps the slowest answer: proof that
 * the process keeps serving while the refused requests are handled.
 */
function healthProbe(baseUrl: string) {
  let running = true;
  let slowest = 0;
  let answered = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/healthz`);
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      slowest = Math.max(slowest, performance.now() - started);
      answered += 1;
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { slowest, answered };
    },
  };
}

/** The platform's refusal of a limit: a 400 with {code, message, details} naming it, and GraphQL errors[]. */
function expectRefusal(answer: { status: number; body: any }, code: string, limit?: string) {
  expect(answer.status).toBe(400);
  expect(answer.body).toMatchObject({ code, message: expect.any(String), errors: [{ message: answer.body.message, extensions: { code: code.toUpperCase(), status: 400 } }] });
  if (limit) expect(answer.body.details).toMatchObject({ limit, max: expect.any(Number), found: expect.any(Number) });
}

describe('bounded work per request', () => {
  it('refuses the 60-level fragment ladder and 1,000 aliases at once while /healthz keeps answering', async () => {
    const ladder = fragmentLadder(60);
    expect(ladder.length).toBeLessThan(2_600); // the issue's ≈2.5 KB document, under the token limit
    // Warm both paths first: the figures below are the refusals', not a cold start's.
    await post(system.urls.gateway!, { query: '{ __typename }' });
    await post(system.urls.order!, { query: '{ __typename }' });
    const baseline = await post(system.urls.gateway!, { query: '{ __typename }' }); // what any request costs on this machine now
    const probe = healthProbe(system.urls.gateway!);
    const round = async () => ({
      ladder: await post(system.urls.gateway!, { query: ladder }),
      ladderOnSubgraph: await post(system.urls.order!, { query: ladder }),
      literalAliases: await post(system.urls.gateway!, { query: `mutation { ${aliased(1_000, () => `validateOrder(orderId: "${orderId}") { valid }`)} }` }),
      spreadAliases: await post(system.urls.gateway!, {
        query: `{ ${Array.from({ length: 100 }, () => '...A').join(' ')} } fragment A on Query { ${aliased(10, () => '__typename')} }`,
      }),
    });
    // Twice: the first round also pays for code paths run for the first time in this process.
    const first = await round();
    const answers = await round();
    const { slowest, answered } = await probe.stop();
    // The figures, for the record (the issue's targets: each refusal within 100 ms, /healthz under 50 ms).
    const figures = (timed: Record<string, { ms: number }>) => Object.fromEntries(Object.entries(timed).map(([name, answer]) => [name, Math.round(answer.ms)]));
    console.log(JSON.stringify({ baselineMs: Math.round(baseline.ms), firstRoundMs: figures(first), refusalsMs: figures(answers), healthzSlowestMs: Math.round(slowest), healthzAnswered: answered }));

    expectRefusal(answers.ladder, 'too_many_fields', 'GRAPHQL_MAX_FIELDS');
    expect(answers.ladder.body.details.found).toBeGreaterThan(2 ** 52); // counted, not walked
    expectRefusal(answers.ladderOnSubgraph, 'too_many_fields', 'GRAPHQL_MAX_FIELDS');
    // 1,000 literal aliases are past the token limit before anything else is looked at.
    expect(answers.literalAliases.status).toBe(400);
    expect(answers.literalAliases.body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
    expectRefusal(answers.spreadAliases, 'too_many_aliases', 'GRAPHQL_MAX_ALIASES');
    expect(answers.spreadAliases.body.details).toEqual({ limit: 'GRAPHQL_MAX_ALIASES', max: 50, found: 1_000 });
    // Loose bounds for a loaded 2-core machine; the refusals happen before any execution.
    for (const answer of [...Object.values(first), ...Object.values(answers)]) expect(answer.ms).toBeLessThan(1_000);
    expect(slowest).toBeLessThan(1_000);
    expect(answered).toBeGreaterThan(0);
  });

  it('refuses the ladder over graphql-ws too, for that subscription alone', async () => {
    const client = createClient({
      url: `${system.urls.gateway!.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${storefront.token}`, ...tenant },
      retryAttempts: 0,
      lazy: true,
    });
    try {
      const query = fragmentLadder(60).replace('{ ...F0 }', `subscription { orderChanged(id: "${orderId}") { id ...F0 } }`).replaceAll('on Query', 'on Order');
      const errors = await new Promise<unknown>((resolve) => client.subscribe({ query }, { next: () => undefined, error: resolve, complete: () => resolve(undefined) }));
      expect(errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'TOO_MANY_FIELDS', details: expect.objectContaining({ limit: 'GRAPHQL_MAX_FIELDS' }) }) })]);
    } finally {
      await client.dispose();
    }
  });

  it('caps the root mutations of a request: 10 run, 11 are refused before any runs', async () => {
    const ten = await post(system.urls.gateway!, { query: `mutation { ${aliased(10, () => `validateOrder(orderId: "${orderId}") { valid }`)} }` });
    expect(ten.status).toBe(200);
    expect(Object.values(ten.body.data)).toEqual(Array.from({ length: 10 }, () => ({ valid: true })));
    const validationsRun = validator.callsTo('/validate').length;
    expect(validationsRun).toBeGreaterThanOrEqual(10);
    const eleven = await post(system.urls.gateway!, { query: `mutation { ${aliased(11, () => `validateOrder(orderId: "${orderId}") { valid }`)} }` });
    expectRefusal(eleven, 'too_many_mutations', 'GRAPHQL_MAX_ROOT_MUTATIONS');
    expect(eleven.body.details).toEqual({ limit: 'GRAPHQL_MAX_ROOT_MUTATIONS', max: 10, found: 11 });
    // The issue's 100 aliased validateOrder (5–6 s before): refused whole, nothing run.
    const hundred = await post(system.urls.gateway!, { query: `mutation { ${aliased(100, () => `validateOrder(orderId: "${orderId}") { valid }`)} }` });
    expectRefusal(hundred, 'too_many_mutations', 'GRAPHQL_MAX_ROOT_MUTATIONS');
    expect(hundred.body.details.found).toBe(100);
    expect(validator.callsTo('/validate')).toHaveLength(validationsRun); // not one of the eleven or the hundred ran
    // Spread through a fragment, they count the same.
    const spread = await post(system.urls.gateway!, {
      query: `mutation { ...M ...M } fragment M on Mutation { ${aliased(6, () => `validateOrder(orderId: "${orderId}") { valid }`)} }`,
    });
    expectRefusal(spread, 'too_many_mutations', 'GRAPHQL_MAX_ROOT_MUTATIONS');
  });

  it('caps batches and adds their operations up', async () => {
    const two = await post(system.urls.gateway!, [{ query: '{ __typename }' }, { query: 'query Named { adapters { id } }', operationName: 'Named' }]);
    expect(two.status).toBe(200);
    expect(two.body).toEqual([{ data: { __typename: 'Query' } }, { data: { adapters: expect.any(Array) } }]);
    const eleven = await post(system.urls.gateway!, Array.from({ length: 11 }, () => ({ query: '{ __typename }' })));
    expectRefusal(eleven, 'batch_too_large', 'GRAPHQL_MAX_BATCH');
    expect(eleven.body.details).toEqual({ limit: 'GRAPHQL_MAX_BATCH', max: 10, found: 11 });
    const mutations = { query: `mutation { ${aliased(6, () => `validateOrder(orderId: "${orderId}") { valid }`)} }` };
    const summed = await post(system.urls.gateway!, [mutations, mutations]);
    expectRefusal(summed, 'too_many_mutations', 'GRAPHQL_MAX_ROOT_MUTATIONS');
    expect(summed.body.details.found).toBe(12);
    expectRefusal(await post(system.urls.gateway!, []), 'bad_request');
  });

  it('accepts no persisted-query hash in place of the text (a hash alone would escape the totals)', async () => {
    const query = `mutation { ${aliased(10, () => `validateOrder(orderId: "${orderId}") { valid }`)} }`;
    const sha256Hash = createHash('sha256').update(query).digest('hex');
    const persistedQuery = { version: 1, sha256Hash };
    const validationsRun = validator.callsTo('/validate').length;
    const registered = await post(system.urls.gateway!, { query, extensions: { persistedQuery } });
    const byHash = await post(system.urls.gateway!, Array.from({ length: 10 }, () => ({ extensions: { persistedQuery } })));
    // Apollo's own answer, which persisted-query clients take as "send the text".
    const notSupported = { errors: [{ message: 'PersistedQueryNotSupported', extensions: { code: 'PERSISTED_QUERY_NOT_SUPPORTED' } }] };
    expect(registered.body).toEqual(notSupported);
    expect(byHash.body).toEqual(Array.from({ length: 10 }, () => notSupported));
    expect(validator.callsTo('/validate')).toHaveLength(validationsRun);
  });

  it('caps page sizes before the listing runs, given literally or as a variable', async () => {
    const literal = await post(system.urls.gateway!, { query: '{ orders(first: 1000) { edges { node { id } } } }' }, admin);
    expectRefusal(literal, 'invalid_page_size', 'GRAPHQL_MAX_PAGE_SIZE');
    const variable = await post(system.urls.gateway!, { query: 'query ($n: Int) { payments(first: $n) { edges { node { id } } } }', variables: { n: 201 } }, admin);
    expectRefusal(variable, 'invalid_page_size', 'GRAPHQL_MAX_PAGE_SIZE');
    expect(variable.body.details).toEqual({ limit: 'GRAPHQL_MAX_PAGE_SIZE', max: 200, found: 201 });
    const within = await post(system.urls.gateway!, { query: '{ orders(first: 200) { edges { node { id } } } }' }, admin);
    expect(within.status).toBe(200);
  });

  it('keeps the depth limit, and lets the introspection query Apollo Sandbox sends through', async () => {
    const tooDeep = `{ __schema { types { fields { type ${'{ ofType '.repeat(20)}{ name }${' }'.repeat(20)} } } } }`;
    expectRefusal(await post(system.urls.gateway!, { query: tooDeep }), 'query_too_deep', 'GRAPHQL_MAX_DEPTH');
    const { getIntrospectionQuery } = await import('graphql');
    const introspection = await post(system.urls.gateway!, { query: getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true }) });
    expect(introspection.status).toBe(200);
    expect(introspection.body.data.__schema.queryType.name).toBe('Query');
  });
});

describe('client errors are 400 with the documented body, never 500', () => {
  const services = ['gateway', 'order'] as const;

  it.each(services)('%s: an operationName naming no operation', async (service) => {
    const answer = await post(system.urls[service]!, { query: 'query A { __typename }', operationName: 'Nope' });
    expectRefusal(answer, 'unknown_operation');
    expect(answer.body.details).toEqual({ operationName: 'Nope' });
  });

  it.each(services)('%s: two operations and no operationName (named or not)', async (service) => {
    expectRefusal(await post(system.urls[service]!, { query: 'query A { __typename } query B { __typename }' }), 'operation_name_required');
    expectRefusal(await post(system.urls[service]!, { query: '{ __typename } { __typename }' }), 'operation_name_required');
  });

  it('the same over GET', async () => {
    const url = `${system.urls.gateway!}/graphql?query=${encodeURIComponent('query A { __typename }')}&operationName=Nope`;
    const response = await fetch(url, { headers: { ...headersFor(storefront), 'apollo-require-preflight': 'true' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'unknown_operation', errors: [{ extensions: { code: 'UNKNOWN_OPERATION' } }] });
  });
});

describe('the measure', () => {
  const measure = (query: string) => {
    const document = parse(query, { maxTokens: 5_000 });
    const operation = document.definitions.find((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION)!;
    return measureOperation(document, operation);
  };

  it('counts fields as written out, each fragment walked once', () => {
    expect(measure('{ a: x { y z } ...F } fragment F on Query { b: x { ... on X { y } } }')).toEqual({ depth: 2, fields: 5, aliases: 2, rootFields: 2, pageSizes: [] });
    expect(measure('{ orders(first: 5) { id } payments(first: $n) { id } }').pageSizes).toEqual([5, { variable: 'n' }]);
    const started = performance.now();
    const ladder = measure(fragmentLadder(200));
    expect(ladder.fields).toBe(Number.MAX_SAFE_INTEGER); // 2^199, saturated
    expect(ladder.depth).toBe(1);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('ends on fragment cycles (which validation refuses)', () => {
    expect(measure('{ ...A } fragment A on Query { x ...B } fragment B on Query { y ...A }')).toMatchObject({ fields: 2 });
  });

  it('reads its limits from GRAPHQL_* settings, page sizes never above 200', () => {
    expect(loadConfig({}).graphql).toEqual({ maxTokens: 2000, maxDepth: 20, maxFields: 1000, maxAliases: 50, maxRootMutations: 10, maxPageSize: 200, maxBatch: 10, deadlineMs: 15000 });
    expect(loadConfig({ GRAPHQL_MAX_FIELDS: '300', GRAPHQL_DEADLINE_MS: '2500', GRAPHQL_MAX_PAGE_SIZE: '50' }).graphql).toMatchObject({ maxFields: 300, deadlineMs: 2500, maxPageSize: 50 });
    const refused = (() => {
      try {
        loadConfig({ GRAPHQL_MAX_PAGE_SIZE: '201', GRAPHQL_MAX_ALIASES: '0', GRAPHQL_MAX_BATCH: 'ten' });
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(refused).toContain('GRAPHQL_MAX_PAGE_SIZE: must be a whole number from 1 to 200');
    expect(refused).toContain('GRAPHQL_MAX_ALIASES: must be a whole number from 1 to 999999');
    expect(refused).toContain('GRAPHQL_MAX_BATCH: must be a whole number from 1 to 999999');
  });
});

describe('fragment cycles over HTTP', () => {
  it('are refused by validation (400), the measure having ended', async () => {
    const answer = await post(system.urls.gateway!, { query: '{ ...A } fragment A on Query { __typename ...B } fragment B on Query { __typename ...A }' });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('graphql_validation_failed');
  });
});
