import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { adapterCredentialEnvNames } from '../../platform/env/env.config.js';
import { orderClient, sampleOrder } from '../harness/orders.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';
import { openShop } from '../journey/journey-setup.js';

/**
 * A payment adapter killed with SIGKILL while it creates a payment leaves either no payment or a
 * whole one (method, reference, callbacks, first transaction): the kit creates it in one commit.
 * The adapter runs in a child process (test/fixtures/crashing-adapter.main.ts), killed for real.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let system: TestSystem;
let admin: Awaited<ReturnType<typeof orderClient>>;
/** The adapter process's own client credentials, as `npm run credentials` issues them. */
let credentials: Record<string, string>;
let dataDir: string;
const tenant = { merchant: 'm-crash', channel: 'web' };

beforeAll(async () => {
  system = await startTestSystem({ services: ['order', 'payment', 'configuration', 'notifications', 'nonpsp_adapter', 'giftcard_adapter', 'commerce_adapter', 'commerce_sandbox', 'giftcard_sandbox'] });
  await openShop(system, tenant.merchant); // configures nonpsp_adapter in the channel
  admin = await orderClient(system, tenant, 'admin');
  const issued = await system.issueCredentials('nonpsp_adapter');
  const names = adapterCredentialEnvNames('nonpsp_adapter');
  credentials = { [names.clientId]: issued.clientId, [names.clientSecret]: issued.clientSecret };
  dataDir = await mkdtemp(join(tmpdir(), 'crashing-adapter-'));
});
afterAll(async () => {
  await system?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Runs the adapter on `orderId`; `killOn` kills it (SIGKILL) as soon as its stdout shows that step. */
function runAdapter(orderId: string, mode: 'hang' | 'race' | 'finish', killOn?: 'provider'): Promise<{ signal: NodeJS.Signals | null; code: number | null; stdout: string; stderr: string }> {
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...credentials,
    ORDER_URL: system.urls.order!,
    PAYMENT_URL: system.urls.payment!,
    CONFIGURATION_URL: system.urls.configuration!,
    CRASH_MERCHANT: tenant.merchant,
    CRASH_CHANNEL: tenant.channel,
    CRASH_ORDER_ID: orderId,
    CRASH_MODE: mode,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/crashing-adapter.main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (killOn && stdout.includes(`${killOn} `)) child.kill('SIGKILL');
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr })));
}

async function newOrder(): Promise<string> {
  const created = await admin.call('POST', '', sampleOrder());
  expect(created.status).toBe(201);
  return created.body.id;
}
const paymentsOf = async (orderId: string) => (await admin.call('GET', `/${orderId}`)).body.payments as Array<Record<string, any>>;
const transactionsOf = (paymentId: string) => system.db.prisma.paymentTransaction.findMany({ where: { paymentId } });

/** A payment made by the adapter is whole: method, reference, every callback with its id, and its first transaction. */
async function expectWhole(orderId: string, payment: Record<string, any>) {
  expect(payment).toMatchObject({ adapterId: 'nonpsp_adapter', state: 'intent', reference: `ref-${payment.id}`, attributes: { paymentMethod: 'invoice' } });
  const base = `http://127.0.0.1:9/crashing-adapter/v0/orders/${orderId}/payments/${payment.id}`;
  expect(payment.callbacks).toEqual({ amountChanged: `${base}/amount-changed`, process: `${base}/process`, capture: `${base}/capture` });
  expect((await transactionsOf(payment.id as string)).map((t) => [t.event, t.pspEvent, t.isSuccess])).toEqual([['open', 'create', true]]);
}

describe('payment creation survives kill -9 of the adapter', () => {
  it('killed in the provider step: no payment at all (nothing was written before it)', async () => {
    const orderId = await newOrder();
    const run = await runAdapter(orderId, 'hang', 'provider');
    expect(run.signal).toBe('SIGKILL');
    expect(run.stdout).toMatch(/^provider [0-9a-f-]{36}\n$/);
    expect(await paymentsOf(orderId)).toEqual([]);
  });

  it('killed while the payment is being created: no payment, or a whole one — never a half-made one', async () => {
    const orders: string[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const orderId = await newOrder();
      orders.push(orderId);
      const run = await runAdapter(orderId, 'race', 'provider');
      expect(run.signal).toBe('SIGKILL');
      // The create request may or may not have reached the payment API: either is fine, half is not.
      const payments = await paymentsOf(orderId);
      expect(payments.length).toBeLessThanOrEqual(1);
      if (payments[0]) await expectWhole(orderId, payments[0]);
    }
    // Looked at again once every request that was in flight has long finished (the later runs took seconds).
    for (const orderId of orders) {
      const payments = await paymentsOf(orderId);
      expect(payments.length).toBeLessThanOrEqual(1);
      if (payments[0]) await expectWhole(orderId, payments[0]);
    }
  });

  it('left alone, the same adapter makes the payment whole in one commit', async () => {
    const orderId = await newOrder();
    const run = await runAdapter(orderId, 'finish');
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    const payments = await paymentsOf(orderId);
    expect(payments).toHaveLength(1);
    expect(run.stdout).toContain(`created ${payments[0]!.id}`);
    await expectWhole(orderId, payments[0]!);
  });
});
