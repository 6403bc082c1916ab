import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { SERVICE_NAMES } from '../app/service.catalogue.js';
import { signPlatformToken } from '../platform/auth/platform-tokens.js';
import { platformSigningKey } from '../platform/auth/signing-key.js';
import { graphql, rest } from './harness/http.js';
import { SetBillingGivenNameDocument } from './generated/graphql.js';
import { eventually, sampleOrder } from './harness/orders.js';
import { TestAdapter } from './harness/test-adapter.js';
import { createEmptyDatabase, type TestDatabase } from './harness/test-database.js';

const ROOT = new URL('..', import.meta.url).pathname;
const tenant = { merchant: 'm-shutdown', channel: 'web' };
const SECRET = randomBytes(32).toString('base64url');
const SIGNING_KEY = JSON.stringify(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }));

/**
 * SIGTERM with requests in flight that cross services, on the real process (`app/main.ts`
 * as `npm start` runs it, every service, the gateway reaching its subgraphs over HTTP): each
 * request is held by a hook receiver that answers only once the stop has begun, so it is surely
 * in flight.
 */
let database: TestDatabase;
let dataDir: string;
let child: ChildProcess | undefined;
let receiver: TestAdapter;
/** Holds the hook receiver's answers until the test has seen the stop begin; then each answers after 200 ms. */
let release: () => void = () => undefined;
const held = new Promise<void>((resolve) => (release = resolve));

beforeAll(async () => {
  database = await createEmptyDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'checkout-shutdown-'));
  await chmod(dataDir, 0o755);
  receiver = await TestAdapter.start();
  receiver.on('/slow', async () => {
    await held;
    return { status: 200, delayMs: 200 };
  });
});
afterAll(async () => {
  release();
  child?.kill('SIGKILL');
  await receiver?.close();
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

async function startPlatform(): Promise<{ urls: Record<string, string>; exited: Promise<number | null>; stderr: () => string }> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    AUTH_JWT_SECRET: SECRET,
    // Adapters take tokens signed with the platform key only.
    AUTH_SIGNING_KEY: SIGNING_KEY,
    DEMO_DATA: 'off',
    GATEWAY_IN_PROCESS: 'off',
    // Both far above what the test needs between SIGTERM and the release of the held calls, on a loaded machine.
    SHUTDOWN_GRACE_MS: '30000',
    HOOK_TIMEOUT_MS: '60000', // the receiver holds its answers while the test looks at readiness
    ...Object.fromEntries(SERVICE_NAMES.map((name) => [`${name.toUpperCase()}_PORT`, '0'])),
  };
  child = spawn(process.execPath, ['--import', 'tsx/esm', 'app/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child!.on('exit', (code) => resolve(code)));
  const urls = await new Promise<Record<string, string>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready after 90 s: ${stderr}`)), 90_000);
    createInterface({ input: child!.stdout! }).on('line', (line) => {
      try {
        const entry = JSON.parse(line) as { msg?: string; urls?: Record<string, string> };
        if (entry.msg === 'checkout platform ready' && entry.urls) {
          clearTimeout(timer);
          resolve(entry.urls);
        }
      } catch {
        // not a log line
      }
    });
    void exited.then((code) => reject(new Error(`exited with ${code}: ${stderr}`)));
  });
  return { urls, exited, stderr: () => stderr };
}

const token = async (role: 'admin' | 'storefront') =>
  signPlatformToken(await platformSigningKey({ signingKey: SIGNING_KEY, dataDir: '/nonexistent' }), { merchant: tenant.merchant, channels: [tenant.channel], role }, { issuer: 'checkout-platform', audience: 'checkout-platform', expiresIn: '10m' });

describe('graceful shutdown', () => {
  it('on SIGTERM turns every /readyz to 503, lets cross-service requests in flight finish 2xx, and exits 0', async () => {
    const { urls, exited, stderr } = await startPlatform();
    const admin = { token: await token('admin'), ...tenant };
    const storefront = { token: await token('storefront'), ...tenant };
    const slowHook = (subscribeTo: string) => [{ id: `slow-${subscribeTo.slice(1)}`, adapterId: 'x_adapter', subscribeTo, invoke: `${receiver.url}/slow` }];
    const newOrder = async (subscribeTo: string) => {
      const created = await rest(urls.order!, 'POST', '/api/v0/checkout/orders', { ...admin, body: sampleOrder({ hooks: slowHook(subscribeTo) }) });
      expect(created.status).toBe(201);
      return created.body.id as string;
    };
    const configured = await rest(urls.configuration!, 'PUT', `/api/v1/configuration/merchants/${tenant.merchant}/channels/${tenant.channel}/configurations/nonpsp_adapter`, {
      ...admin,
      body: {
        $schema: `${urls.nonpsp_adapter}/openapi/v1/schemas/nonpsp_adapter.json`,
        id: 'nonpsp_adapter',
        active: true,
        paymentMethods: [{ identifier: 'invoice', name: 'Invoice' }],
      },
    });
    expect(configured.status).toBe(201);
    const [viaGateway, viaAdapter, direct] = [await newOrder('/customer'), await newOrder('/payments'), await newOrder('/customer')];

    // gateway → order subgraph (HTTP) → hook; non-PSP adapter → payment and order services → hook; order service → hook.
    const inFlight = [
      graphql(urls.gateway!, SetBillingGivenNameDocument, { id: viaGateway }, storefront),
      rest(urls.nonpsp_adapter!, 'POST', `/api/v1/checkout/orders/${viaAdapter}/payments`, { ...storefront, body: {} }),
      rest(urls.order!, 'PUT', `/api/v0/checkout/orders/${direct}/customer/billing`, { ...admin, body: { givenName: 'Kari' } }),
    ] as const;
    let finished = 0;
    for (const call of inFlight) void call.finally(() => (finished += 1));
    await eventually(async () => receiver.callsTo('/slow').length >= 3, 30_000);
    child!.kill('SIGTERM');

    // Readiness turns at once on every service still listening (the callers may already refuse connections).
    const readiness = await eventually(async () => {
      const answers = await Promise.all(
        Object.entries(urls).map(async ([name, url]) => [name, await fetch(`${url}/readyz`).then((response) => response.status, () => 'closed' as const)] as const),
      );
      return answers.every(([, answer]) => answer === 503 || answer === 'closed') ? Object.fromEntries(answers) : undefined;
    }, 20_000, 10);
    const finishedAtReadiness = finished;
    release();

    const [gatewayAnswer, adapterAnswer, directAnswer] = await Promise.all(inFlight);
    expect(gatewayAnswer).toEqual({ status: 200, body: { data: { setBillingAddress: { id: viaGateway } } } });
    expect(adapterAnswer).toMatchObject({ status: 201, body: { paymentId: expect.any(String), state: 'intent' } });
    expect(directAnswer.status).toBe(200);
    // The subgraphs still listened (their callers were draining) and said 503 while every request was in flight.
    expect(readiness).toMatchObject({ order: 503, payment: 503, configuration: 503, adapter: 503 });
    expect(finishedAtReadiness).toBe(0);
    expect(await exited).toBe(0);
    expect(stderr()).toBe('');
  }, 240_000);
});
