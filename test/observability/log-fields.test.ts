import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PassThrough } from 'node:stream';
import { graphql } from '../harness/http.js';
import { StartObsDocument } from '../generated/graphql.js';
import { eventually, orderClient, sampleOrder } from '../harness/orders.js';
import { TestAdapter } from '../harness/test-adapter.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';

/** Every log line of the system, parsed, as written to the pino stream. */
const lines: Array<Record<string, unknown>> = [];
let system: TestSystem;
let receiver: TestAdapter;
const tenant = { merchant: 'm-logs', channel: 'web' };

beforeAll(async () => {
  const stream = new PassThrough();
  let pending = '';
  stream.on('data', (chunk: Buffer) => {
    const parts = (pending + chunk.toString('utf8')).split('\n');
    pending = parts.pop() ?? '';
    for (const part of parts) if (part.trim()) lines.push(JSON.parse(part) as Record<string, unknown>);
  });
  system = await startTestSystem({
    // debug: fastify's per-request lines ("incoming request", "request completed") are debug.
    env: { LOG_LEVEL: 'debug', GATEWAY_IN_PROCESS: 'off', NOTIFICATION_RETRY_DELAYS_MS: '60000' },
    logDestination: stream,
  });
  receiver = await TestAdapter.start();
});
afterAll(async () => {
  await receiver?.close();
  await system?.close();
});

const linesOf = (requestId: string) => lines.filter((line) => line.requestId === requestId);

describe('log lines across hops', () => {
  it('carry the request id, tenant and operation name in every service a GraphQL operation reaches', async () => {
    const admin = await orderClient(system, tenant, 'admin');
    const id = (await admin.call('POST', '', sampleOrder())).body.id as string;
    const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
    // The channel has no non-PSP configuration: the adapter refuses, after every hop was made.
    await graphql(system.urls.gateway!, StartObsDocument, { id }, {
      token,
      ...tenant,
      headers: { 'x-request-id': 'obs-log-1' },
    });

    const ours = await eventually(async () => {
      const found = linesOf('obs-log-1');
      const services = new Set(found.filter((line) => line.msg === 'request completed').map((line) => line.service));
      return ['gateway', 'adapter', 'nonpsp_adapter'].every((service) => services.has(service)) ? found : undefined;
    });
    // fastify's first line, before authentication, has the request id already.
    expect(ours.filter((line) => line.msg === 'incoming request').map((line) => line.service)).toEqual(expect.arrayContaining(['gateway', 'adapter', 'nonpsp_adapter']));
    // After authentication, every line of every hop names the tenant; past the gateway, the operation too.
    // (The adapter's own token exchange at the configuration service is a public route: no tenant there;
    // so is the adapter subgraph's read of the adapter's manifest, /.well-known/adapter.json.)
    // Its lines are those of the service after that request came in, up to its completion.
    const reading = new Set<unknown>();
    const manifestRead = (line: Record<string, unknown>) => {
      if (String((line.req as { url?: unknown } | undefined)?.url ?? '').endsWith('/.well-known/adapter.json')) reading.add(line.service);
      const inRead = reading.has(line.service);
      if (line.msg === 'request completed') reading.delete(line.service);
      return inRead;
    };
    const authenticated = ours.filter((line) => !manifestRead(line) && line.msg !== 'incoming request' && line.service !== 'configuration');
    expect(authenticated.length).toBeGreaterThanOrEqual(3);
    for (const line of authenticated) expect(line).toMatchObject({ merchant: tenant.merchant, channel: tenant.channel, operationName: 'StartObs' });
    for (const line of ours.filter((line) => line.service !== 'gateway')) expect(line.operationName).toBe('StartObs');
    // One trace id throughout.
    expect(new Set(ours.map((line) => line.traceId)).size).toBe(1);
    expect(ours[0]!.traceId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('carry the committing request’s id and tenant on the lines of a later delivery (through the outbox)', async () => {
    receiver.on('/down', () => ({ status: 503 }));
    const admin = await orderClient(system, tenant, 'admin');
    const order = (await admin.call('POST', '', sampleOrder({ notifications: [{ id: 'n', scope: '/state/currentStatus', schema: { enum: ['processing'] }, invoke: `${receiver.url}/down` }] }))).body;
    const changed = await fetch(`${system.urls.order}/api/v0/checkout/orders/${order.id}/state`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin.token}`, 'x-merchant': tenant.merchant, 'x-channel': tenant.channel, 'content-type': 'application/json', 'x-request-id': 'obs-log-2' },
      body: JSON.stringify({ status: 'processing' }),
    });
    expect(changed.status).toBe(200);
    const failed = await eventually(async () => linesOf('obs-log-2').find((line) => line.msg === 'notification delivery failed'));
    expect(failed).toMatchObject({ merchant: tenant.merchant, channel: tenant.channel, orderId: order.id, traceId: linesOf('obs-log-2')[0]!.traceId });
  });
});
