import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import { freePort } from '../../platform/net/ports.js';
import { callJson, PlatformCallError } from './platform-call.js';

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const answers: Record<string, [number, unknown]> = {
      '/refused': [409, { code: 'active_payment_exists', message: 'Use update.', details: { paymentId: 'p1' } }],
      '/failed': [503, { code: 'service_unavailable', message: 'Down for maintenance.', details: { injected: true, ruleId: 'r1' } }],
      '/text': [500, 'stack trace at /srv/x.js'],
    };
    const [status, body] = answers[request.url ?? ''] ?? [200, { ok: true }];
    response.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' }).end(typeof body === 'string' ? body : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const failure = (url: string) => callJson(url).then(() => undefined, (error: unknown) => error as PlatformCallError);

describe('callJson', () => {
  it("passes a refusal (4xx) on whole: status, code, message, details", async () => {
    expect(await failure(`${base}/refused`)).toMatchObject({ status: 409, code: 'active_payment_exists', message: 'Use update.', details: { paymentId: 'p1' } });
  });

  it("reports a failure (5xx) as 502 upstream_unavailable with the callee's message only", async () => {
    const error = await failure(`${base}/failed`);
    expect(error).toMatchObject({ status: 502, code: 'upstream_unavailable', message: 'Down for maintenance.', details: undefined, httpStatus: 503 });
    expect((await failure(`${base}/text`))!.message).toBe('The service answered HTTP 500.');
  });

  it('never names the address it could not reach', async () => {
    const url = `http://127.0.0.1:${await freePort()}/internal/path`;
    const error = await failure(url);
    expect(error).toMatchObject({ status: 502, code: 'upstream_unavailable' });
    expect(error!.message).not.toContain('127.0.0.1');
    expect(error!.upstreamMessage).toContain(url);
  });
});
