import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import { eventually, orderClient, sampleOrder } from '../harness/orders.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';

/** With OTEL_EXPORTER_OTLP_ENDPOINT the spans go to that collector over OTLP/HTTP (JSON). */
interface ExportedSpan {
  name: string;
  traceId: string;
  attributes: Array<{ key: string; value: { stringValue?: string } }>;
}
const received: Array<{ path: string; contentType: string; serviceName: string | undefined; spans: ExportedSpan[] }> = [];
let collector: Server;
let system: TestSystem;

beforeAll(async () => {
  collector = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans: Array<{ resource: { attributes: ExportedSpan['attributes'] }; scopeSpans: Array<{ spans: ExportedSpan[] }> }>;
      };
      for (const resourceSpans of body.resourceSpans) {
        received.push({
          path: request.url ?? '',
          contentType: request.headers['content-type'] ?? '',
          serviceName: resourceSpans.resource.attributes.find((attribute) => attribute.key === 'service.name')?.value.stringValue,
          spans: resourceSpans.scopeSpans.flatMap((scope) => scope.spans),
        });
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const address = collector.address();
  const endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  system = await startTestSystem({ services: ['order'], env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: 'checkout-test' } });
});
afterAll(async () => {
  await system?.close();
  collector?.closeAllConnections();
  await new Promise((resolve) => collector?.close(resolve));
});

describe('OTLP export', () => {
  it('sends the server spans of requests to the collector, under the configured service name', async () => {
    const admin = await orderClient(system, { merchant: 'm-otlp', channel: 'web' }, 'admin');
    const created = await admin.call('POST', '', sampleOrder());
    expect(created.status).toBe(201);
    await system.tracing.flush();
    const batch = await eventually(async () => received.find((entry) => entry.spans.some((span) => span.name === 'POST /api/v0/checkout/orders')));
    expect(batch).toMatchObject({ path: '/v1/traces', serviceName: 'checkout-test' });
    expect(batch.contentType).toContain('application/json');
    const span = batch.spans.find((candidate) => candidate.name === 'POST /api/v0/checkout/orders')!;
    expect(span.attributes).toEqual(expect.arrayContaining([{ key: 'checkout.merchant', value: { stringValue: 'm-otlp' } }, { key: 'http.route', value: { stringValue: '/api/v0/checkout/orders' } }]));
  });
});
