import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { schemaCheck } from '../../conformance/checks/schema.check.js';
import type { ConformanceContext } from '../../conformance/conformance.context.js';
import { formatResult, runConformance } from '../../conformance/conformance.runner.js';
import type { CheckResult, ConformanceTarget } from '../../conformance/conformance.types.js';
import { platformAccess } from '../../conformance/platform-access.js';
import { createLogger } from '../../platform/logging/logger.js';
import { ACME_ID, createAcmeAdapter, type AcmeAdapter, type AcmeOptions } from '../fixtures/acme-pay.adapter.js';
import { holdPort, listenOnHeld } from '../harness/free-port.js';
import { rest } from '../harness/http.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';

/** `npm run conformance` as CI runs it: the whole system, every payment adapter of the repo, and a broken fixture. */

let system: TestSystem;
const fixtures: AcmeAdapter[] = [];
const ROOT = new URL('../..', import.meta.url).pathname;
const nonpspTenant = { merchant: 'm-conf-nonpsp', channel: 'web' };
const brokenTenant = { merchant: 'm-conf-broken', channel: 'web' };
let brokenUrl: string;

/** The CLI as an adapter author runs it beside a platform: its addresses and keys from the environment. */
async function cli(args: string[]): Promise<{ code: number; stdout: string }> {
  const env = {
    PATH: process.env.PATH,
    LOG_LEVEL: 'silent',
    AUTH_SIGNING_KEY: system.config.auth.signingKey,
    ORDER_URL: system.urls.order,
    PAYMENT_URL: system.urls.payment,
  };
  try {
    const { stdout } = await promisify(execFile)('npx', ['tsx', 'conformance/conformance.cli.ts', ...args], { cwd: ROOT, env });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}

beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(async () => {
  for (const fixture of fixtures) await fixture.app.close();
  await system?.close();
});

/** An Acme Pay fixture on its own port, with its own credentials (as test/adapters/third-party-adapter.test.ts builds it). */
async function startAcme(options: AcmeOptions = {}): Promise<{ url: string; acme: AcmeAdapter }> {
  const verifier = await system.adapterVerifier();
  const held = await holdPort();
  const { port } = held;
  const url = `http://127.0.0.1:${port}`;
  const config = { ...system.config, adapterCredentials: { [ACME_ID]: await system.issueCredentials(ACME_ID) } };
  const acme = createAcmeAdapter({ config, db: system.db, logger: createLogger({ level: 'silent' }), verifier }, url, options);
  fixtures.push(acme);
  await listenOnHeld(acme.app, held);
  return { url, acme };
}

/** The merchant's admin configures the adapter in the tenant, as an adapter author would before running the suite. */
async function configure(tenant: ConformanceTarget['tenant'], adapterId: string, schemaOrigin: string, body: Record<string, unknown>): Promise<void> {
  const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'admin' });
  const put = await rest(system.urls.configuration!, 'PUT', `/api/v1/configuration/merchants/${tenant.merchant}/channels/${tenant.channel}/configurations/${adapterId}`, {
    token,
    ...tenant,
    body: { $schema: `${schemaOrigin}/openapi/v1/schemas/${adapterId}.json`, id: adapterId, active: true, ...body },
  });
  expect(put.status).toBe(201);
}

async function run(target: ConformanceTarget): Promise<CheckResult[]> {
  const lines: string[] = [];
  const results = await runConformance(target, platformAccess(system.config), (result) => lines.push(formatResult(result)));
  // The report as the CLI prints it, so a failure here reads like the command's output.
  expect(lines.join('\n')).toBe(results.map(formatResult).join('\n'));
  return results;
}

const failures = (results: CheckResult[]) => results.filter((r) => r.status === 'fail').map(formatResult);

describe('npm run conformance against every payment adapter of the repo', () => {
  it('the non-PSP adapter passes every check', async () => {
    const tenant = nonpspTenant;
    const origin = system.urls.nonpsp_adapter!;
    await configure(tenant, 'nonpsp_adapter', origin, { paymentMethods: [{ identifier: 'invoice', name: 'Invoice' }] });
    const results = await run({ adapterUrl: `${origin}/api/v1/checkout`, adapterId: 'nonpsp_adapter', tenant });
    expect(failures(results)).toEqual([]);
    expect(results.filter((r) => r.status === 'pass').length).toBeGreaterThanOrEqual(9);
  });

  it('the gift card adapter passes every check', async () => {
    const tenant = { merchant: 'm-conf-giftcard', channel: 'web' };
    const origin = system.urls.giftcard_adapter!;
    const sandbox = system.urls.giftcard_sandbox!;
    await configure(tenant, 'giftcard_adapter', origin, { api: { baseUrl: sandbox, username: 'giftcard', password: 'giftcard-secret', shopId: 'shop-1' } });
    const cardId = `card-${randomBytes(5).toString('hex')}`;
    expect((await rest(sandbox, 'POST', '/api/sandbox/cards', { body: { cardId, balance: 1000, currency: 'NOK' } })).status).toBe(201);
    const results = await run({ adapterUrl: `${origin}/api/checkout/v1`, adapterId: 'giftcard_adapter', tenant, createBody: { cardId } });
    expect(failures(results)).toEqual([]);
    expect(results.filter((r) => r.status === 'pass').length).toBeGreaterThanOrEqual(9);
  });

  it('the provider A adapter passes every check (its sandbox as the provider)', async () => {
    const tenant = { merchant: 'm-conf-provider-a', channel: 'web' };
    const origin = system.urls.provider_a_checkout_adapter!;
    await configure(tenant, 'provider_a_checkout_adapter', origin, {
      apiSettings: { apiUrl: system.urls.provider_a_sandbox!, username: 'merchant-a', password: 'provider-a-secret' },
      redirectUrls: { termsUrl: 'https://shop.example/terms', checkoutUrl: 'https://shop.example/checkout', confirmationUrl: 'https://shop.example/thanks/{orderId}' },
    });
    const results = await run({ adapterUrl: `${origin}/api/checkout/v1`, adapterId: 'provider_a_checkout_adapter', tenant });
    expect(failures(results)).toEqual([]);
    expect(results.find((r) => r.name.startsWith('GET {adapter_url}/callback/cancel'))).toMatchObject({ status: 'pass', detail: '→ https://shop.example/checkout' });
  });

  it('the provider B adapter passes every check', async () => {
    const tenant = { merchant: 'm-conf-provider-b', channel: 'web' };
    const origin = system.urls.provider_b_checkout_adapter!;
    await configure(tenant, 'provider_b_checkout_adapter', origin, {
      apiSettings: { apiUrl: system.urls.provider_b_sandbox!, clientId: 'provider-b-partner', clientSecret: 'provider-b-secret' },
      checkout: { checkoutUrl: 'https://shop.example/checkout' },
    });
    const results = await run({ adapterUrl: `${origin}/api/checkout/v1`, adapterId: 'provider_b_checkout_adapter', tenant });
    expect(failures(results)).toEqual([]);
    expect(results.filter((r) => r.status === 'pass').length).toBeGreaterThanOrEqual(9);
  });

  it('the provider C adapter passes every check (its {adapter_url} is /api/checkout/v1), with the provider C sandbox as the provider', async () => {
    const tenant = { merchant: 'm-conf-provider-c', channel: 'web' };
    const origin = system.urls.provider_c_checkout_adapter!;
    await configure(tenant, 'provider_c_checkout_adapter', origin, {
      apiSettings: { apiUrl: system.urls.provider_c_sandbox!, merchantId: 'pc-merchant', sharedSecret: 'provider-c-secret' },
      redirectUrls: { termsUrl: 'https://shop.example/terms', confirmationUrl: 'https://shop.example/thanks?order={orderId}' },
    });
    const results = await run({ adapterUrl: `${origin}/api/checkout/v1`, adapterId: 'provider_c_checkout_adapter', tenant });
    expect(failures(results)).toEqual([]);
  });

  it('the provider D adapter passes every check', async () => {
    const tenant = { merchant: 'm-conf-provider-d', channel: 'web' };
    const origin = system.urls.provider_d_dropin_adapter!;
    await configure(tenant, 'provider_d_dropin_adapter', origin, {
      apiSettings: { apiUrl: system.urls.provider_d_sandbox!, apiKey: 'provider-d-sandbox-api-key', clientKey: 'test_CONFORMANCE', merchantAccount: 'SandboxMerchantECOM', environment: 'test' },
      redirectUrls: { checkoutUrl: 'https://shop.example/checkout/{orderId}' },
    });
    const results = await run({ adapterUrl: `${origin}/api/checkout/v1`, adapterId: 'provider_d_dropin_adapter', tenant });
    expect(failures(results)).toEqual([]);
    expect(results.filter((r) => r.status === 'pass').length).toBeGreaterThanOrEqual(9);
  });

  it('the commerce adapter, which takes no payments, skips the payment contract (saying why) and fails nothing', async () => {
    const tenant = { merchant: 'm-conf-commerce', channel: 'web' };
    const origin = system.urls.commerce_adapter!;
    const results = await run({ adapterUrl: `${origin}/api/v1`, adapterId: 'commerce_adapter', tenant });
    expect(failures(results)).toEqual([]);
    const skipped = results.filter((r) => r.status === 'skip' && r.detail?.includes('commerce_adapter is a commerce adapter'));
    expect(skipped.map((r) => r.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^create: /), expect.stringMatching(/^missing configuration: /)]));
    expect(skipped).toHaveLength(8);
  });

  it('the third-party fixture passes every check', async () => {
    const tenant = { merchant: 'm-conf-acme', channel: 'web' };
    const { url, acme } = await startAcme();
    await configure(tenant, ACME_ID, url, { merchantAccount: 'ACME-1', apiKey: 'k-123', checkoutPageUrl: 'https://shop.example/checkout' });
    const results = await run({ adapterUrl: url, adapterId: ACME_ID, tenant });
    expect(failures(results)).toEqual([]);
    expect(results.find((r) => r.name.startsWith('GET {adapter_url}/callback/cancel'))).toMatchObject({ status: 'pass', detail: '→ https://shop.example/checkout' });
    // It declares process and abort: the suite ran them, and the provider holds nothing afterwards.
    expect(results.find((r) => r.name.startsWith('process/abort'))).toMatchObject({ status: 'pass' });
    expect(acme.holds.size).toBe(0);
    expect(results.filter((r) => r.status === 'pass').length).toBeGreaterThanOrEqual(9);
  });

  it('a fixture whose amountChanged takes an outsider\'s call fails, with a line naming that check and the call', async () => {
    const tenant = brokenTenant;
    const { url } = await startAcme({ trustsOutsiders: true });
    brokenUrl = url;
    await configure(tenant, ACME_ID, url, { merchantAccount: 'ACME-2', apiKey: 'k-456' });
    const results = await run({ adapterUrl: url, adapterId: ACME_ID, tenant });
    const failed = failures(results);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatch(/^FAIL platform callbacks refuse outsiders, storefront tokens and other adapters \(401\/403\) — amountChanged \(POST http:\/\/127\.0\.0\.1:\d+\/v0\/orders\/[^/]+\/amount-changed\) without a token answered 200/);
    // the rest of the contract still holds for it
    expect(results.find((r) => r.name.startsWith('amount-changed'))?.status).toBe('pass');
  });

  it('a fixture whose configuration schema leaves a property without a title fails the schema check, naming the property', async () => {
    const { url } = await startAcme({ unlabelledSchema: true });
    const context = { target: { adapterUrl: url, adapterId: ACME_ID } } as unknown as ConformanceContext; // the schema check reads the target only
    await expect(schemaCheck.run(context)).rejects.toThrow("every property needs a title and a description (the admin's form labels and help): /apiKey lacks a title");
  });

  it('the CLI prints a line per check and exits 0 for a conforming adapter, 1 with the failing line for a broken one', async () => {
    const good = await cli(['--adapter-url', `${system.urls.nonpsp_adapter}/api/v1/checkout`, '--adapter-id', 'nonpsp_adapter', '--merchant', nonpspTenant.merchant, '--channel', nonpspTenant.channel]);
    expect(good.code).toBe(0);
    expect(good.stdout).toMatch(/^PASS configuration schema hosted/m);
    expect(good.stdout).toMatch(/^PASS platform callbacks refuse outsiders/m);
    expect(good.stdout).not.toMatch(/^FAIL/m);
    expect(good.stdout).toMatch(/0 failed\n$/);

    const bad = await cli(['--adapter-url', brokenUrl, '--adapter-id', ACME_ID, '--merchant', brokenTenant.merchant, '--channel', brokenTenant.channel]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/^FAIL platform callbacks refuse outsiders, storefront tokens and other adapters \(401\/403\) — amountChanged .* without a token answered 200/m);
    expect(bad.stdout).toMatch(/1 failed\n$/);
  }, 120_000);

  it('the CLI refuses bad usage with exit 2', async () => {
    const answer = await cli(['--adapter-id', 'nonpsp_adapter']);
    expect(answer.code).toBe(2);
  }, 90_000);
});
