import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { orderClient, sampleOrder } from './harness/orders.js';
import { startTestSystem, type TestSystem } from './harness/test-system.js';

/**
 * NODE_ENV=production: loopback and private receivers only through OUTBOUND_ALLOW
 * (docs/outbound.md). The policy is the process's, so this file runs its own system.
 */
const tenant = { merchant: 'm-outbound-prod', channel: 'web' };
let system: TestSystem;
let admin: Awaited<ReturnType<typeof orderClient>>;

beforeAll(async () => {
  system = await startTestSystem({ services: ['order'], env: { NODE_ENV: 'production', OUTBOUND_ALLOW: '127.0.0.2/32, 10.0.0.0/8, fd12::/16' } });
  admin = await orderClient(system, tenant, 'admin');
});
afterAll(async () => {
  await system?.close();
});

const registerHook = async (invoke: string) => {
  const order = (await admin.call('POST', '', sampleOrder())).body;
  return admin.call('POST', `/${order.id}/hooks`, { adapterId: 'x_adapter', subscribeTo: '/cart', target: '/payments', invoke });
};

describe('production outbound policy', () => {
  it.each(['http://10.1.2.3/hook', 'http://127.0.0.2:9/hook', 'http://[fd12::7]/hook', 'https://93.184.216.34/hook'])('accepts %s (allowed or public)', async (url) => {
    expect((await registerHook(url)).status).toBe(201);
  });

  it.each(['http://127.0.0.1:9/hook', 'http://[::1]/hook', 'http://192.168.1.10/hook', 'http://[::ffff:192.168.1.10]/hook'])('refuses %s (not in OUTBOUND_ALLOW)', async (url) => {
    const refused = await registerHook(url);
    expect(refused).toMatchObject({ status: 400, body: { code: 'outbound_address_refused', details: [{ url, message: expect.stringContaining('not in OUTBOUND_ALLOW') }] } });
  });

  it('refuses a link-local address, IPv4-mapped, whatever the allow-list', async () => {
    expect(await registerHook('http://[::ffff:169.254.169.254]/')).toMatchObject({ status: 400, body: { details: [{ message: expect.stringContaining('never called') }] } });
  });
});
