import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { freePort } from './harness/free-port.js';
import { graphql } from './harness/http.js';
import { OrderIdDocument, StartNonPspPaymentDocument } from './generated/graphql.js';
import { orderClient, sampleOrder } from './harness/orders.js';
import { startTestSystem, type TestSystem } from './harness/test-system.js';

/**
 * The gateway passes Authorization, X-Merchant, X-Channel, the trace (traceparent, tracestate) and
 * the request id on to the subgraphs (over HTTP here, as between processes), and the adapter
 * subgraph passes the trace on to the adapters it calls. Recording proxies stand between them.
 */
interface RecordingProxy {
  url: string;
  seen: IncomingHttpHeaders[];
  close(): Promise<void>;
}

async function recordingProxy(targetPort: number): Promise<RecordingProxy> {
  const seen: IncomingHttpHeaders[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    seen.push(incoming.headers);
    const upstream = httpRequest({ host: '127.0.0.1', port: targetPort, path: incoming.url, method: incoming.method, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    upstream.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    seen,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

let system: TestSystem;
let orderProxy: RecordingProxy;
let nonpspProxy: RecordingProxy;
const tenant = { merchant: 'm-trace', channel: 'web' };
const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
/** The caller's trace continues: same trace id and flags, the parent now the span of the hop that called. */
const SAME_TRACE = expect.stringMatching(/^00-4bf92f3577b34da6a3ce929d0e0e4736-(?!00f067aa0ba902b7)[0-9a-f]{16}-01$/);

beforeAll(async () => {
  // The proxied services need ports known before they start; another test file may take a
  // port between its pick and its use, so a taken port means picking again.
  for (let attempt = 1; ; attempt++) {
    const orderPort = await freePort();
    const nonpspPort = await freePort();
    orderProxy = await recordingProxy(orderPort);
    nonpspProxy = await recordingProxy(nonpspPort);
    try {
      system = await startTestSystem({
        env: {
          GATEWAY_IN_PROCESS: 'off',
          ORDER_PORT: String(orderPort),
          ORDER_URL: orderProxy.url,
          NONPSP_ADAPTER_PORT: String(nonpspPort),
          NONPSP_ADAPTER_URL: nonpspProxy.url,
        },
      });
      return;
    } catch (error) {
      await orderProxy.close();
      await nonpspProxy.close();
      if (attempt >= 5 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
});
afterAll(async () => {
  await system?.close();
  await orderProxy?.close();
  await nonpspProxy?.close();
});

describe('headers along the way', () => {
  it('reach the order subgraph from the gateway', async () => {
    const admin = await orderClient(system, tenant, 'admin');
    const id = (await admin.call('POST', '', sampleOrder())).body.id as string;
    orderProxy.seen.length = 0;
    const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
    const { body } = await graphql(system.urls.gateway!, OrderIdDocument, { id }, {
      token,
      ...tenant,
      headers: { traceparent: TRACEPARENT, tracestate: 'vendor=1', 'x-request-id': 'trace-test-1' },
    });
    expect(body.data?.order?.id).toBe(id);
    const subgraphCall = orderProxy.seen.find((headers) => headers['content-type']?.includes('json'));
    expect(subgraphCall).toMatchObject({
      authorization: `Bearer ${token}`,
      'x-merchant': tenant.merchant,
      'x-channel': tenant.channel,
      traceparent: SAME_TRACE,
      tracestate: 'vendor=1',
      'x-request-id': 'trace-test-1',
    });
  });

  it('reach an adapter the adapter subgraph calls', async () => {
    const admin = await orderClient(system, tenant, 'admin');
    const id = (await admin.call('POST', '', sampleOrder())).body.id as string;
    nonpspProxy.seen.length = 0;
    const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'storefront' });
    // The channel has no non-PSP configuration: the adapter refuses, but the call reaches it.
    await graphql(system.urls.gateway!, StartNonPspPaymentDocument, { id }, {
      token,
      ...tenant,
      headers: { traceparent: TRACEPARENT, 'x-request-id': 'trace-test-2' },
    });
    // The adapter subgraph may first read the adapter's public manifest; the storefront call is the authenticated one.
    const adapterCall = nonpspProxy.seen.find((headers) => headers.authorization !== undefined);
    expect(adapterCall).toMatchObject({ traceparent: SAME_TRACE, 'x-request-id': 'trace-test-2', 'x-merchant': tenant.merchant });
  });
});
