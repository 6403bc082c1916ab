import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

/**
 * `npm run new-provider` (scripts/new-provider): a redirect payment provider scaffolded in a
 * scratch clone of this repository passes, there, the typecheck, lint, the structure test and
 * conformance against its own sandbox; the refusals write nothing.
 */

const ROOT = new URL('..', import.meta.url).pathname;
const NAME = 'scaffold-probe-pay';
const run = promisify(execFile);
let scratch: string;

/** A command in the scratch clone: its exit code and output, never thrown. */
async function inScratch(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; out: string; ms: number }> {
  const started = Date.now();
  try {
    const { stdout, stderr } = await run(command, args, { cwd: scratch, env: { ...process.env, ...env }, maxBuffer: 32 * 1024 * 1024 });
    return { code: 0, out: `${stdout}${stderr}`, ms: Date.now() - started };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: typeof failed.code === 'number' ? failed.code : 1, out: `${failed.stdout}${failed.stderr}`, ms: Date.now() - started };
  }
}

const scaffold = (...args: string[]) => inScratch('npx', ['tsx', 'scripts/new-provider/new-provider.cli.ts', ...args]);
/** What `git status` reports changed or added in the scratch clone (its node_modules and Prisma client links aside). */
const changed = async () => (await inScratch('git', ['status', '--porcelain', '--untracked-files=all'])).out.split('\n').filter((line) => line && !/ (node_modules|platform\/db\/generated)$/.test(line));

/**
 * What the scratch clone's jest runs: the platform with the scaffolded adapter and its sandbox,
 * conformance as test/conformance runs it, then a shopper paying on the sandbox's page.
 */
const CONFORMANCE_TEST = `import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { formatResult, runConformance } from '../conformance/conformance.runner.js';
import { platformAccess } from '../conformance/platform-access.js';
import { ConformanceContext } from '../conformance/conformance.context.js';
import { rest } from './harness/http.js';
import { startTestSystem, type TestSystem } from './harness/test-system.js';

let system: TestSystem;
beforeAll(async () => {
  system = await startTestSystem({ services: ['gateway', 'order', 'payment', 'configuration', 'adapter', 'notifications', 'scaffold_probe_pay_adapter', 'scaffold_probe_pay_sandbox'] });
});
afterAll(async () => system?.close());

it('the scaffolded adapter passes conformance against its sandbox (process/abort skipped: it declares neither)', async () => {
  const tenant = { merchant: 'm-scaffold', channel: 'web' };
  const origin = system.urls.scaffold_probe_pay_adapter!;
  const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'admin' });
  const put = await rest(system.urls.configuration!, 'PUT', \`/api/v1/configuration/merchants/\${tenant.merchant}/channels/\${tenant.channel}/configurations/scaffold_probe_pay_adapter\`, {
    token,
    ...tenant,
    body: {
      $schema: \`\${origin}/openapi/v1/schemas/scaffold_probe_pay_adapter.json\`,
      id: 'scaffold_probe_pay_adapter',
      active: true,
      apiSettings: { apiUrl: system.urls.scaffold_probe_pay_sandbox!, apiKey: 'scaffold-probe-pay-sandbox-key' },
      redirectUrls: { checkoutUrl: 'https://shop.example/checkout/{orderId}', confirmationUrl: 'https://shop.example/thanks/{orderId}' },
    },
  });
  expect(put.status).toBe(201);
  const results = await runConformance({ adapterUrl: \`\${origin}/api/checkout/v1\`, adapterId: 'scaffold_probe_pay_adapter', tenant }, platformAccess(system.config), () => undefined);
  console.log(results.map(formatResult).join('\\n'));
  expect(results.filter((r) => r.status === 'fail').map(formatResult)).toEqual([]);
  expect(results.filter((r) => r.status === 'pass').length).toBeGreaterThanOrEqual(9);
  expect(results.find((r) => r.name.startsWith('GET {adapter_url}/callback/cancel'))).toMatchObject({ status: 'pass' });
});

it('a shopper who pays on the sandbox page comes back to the shop and the order completes', async () => {
  const tenant = { merchant: 'm-scaffold', channel: 'web' };
  const origin = system.urls.scaffold_probe_pay_adapter!;
  const context = new ConformanceContext({ adapterUrl: \`\${origin}/api/checkout/v1\`, adapterId: 'scaffold_probe_pay_adapter', tenant }, platformAccess(system.config));
  const order = await context.orders('POST', '', {
    currency: 'NOK',
    culture: 'nb-NO',
    country: 'NO',
    cart: { reference: 'scaffold', items: [{ id: 'item-1', sku: 'SKU-1', name: 'Item', quantity: 1, unitPrice: 100 }], total: { includingVat: 100, excludingVat: 80 } },
  });
  expect(order.status).toBe(201);
  const orderId = order.body.id as string;
  const created = await context.create(orderId);
  expect(created.status).toBe(201);
  const { paymentId, redirectUrl } = created.body as { paymentId: string; redirectUrl: string };
  const page = await fetch(redirectUrl);
  expect(await page.text()).toContain('100.00 NOK');
  const paid = await fetch(\`\${redirectUrl}/pay\`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  const back = await fetch(paid.headers.get('location')!, { redirect: 'manual' });
  expect({ status: back.status, location: back.headers.get('location') }).toEqual({ status: 302, location: \`https://shop.example/thanks/\${orderId}\` });
  const after = await context.orders('GET', \`/\${orderId}\`);
  expect(after.body.state.currentStatus).toBe('completed');
  expect(after.body.payments.find((p: { id: string }) => p.id === paymentId)).toMatchObject({ state: 'reserved', amount: 100 });
  // The return again (a reload) applies nothing twice.
  expect((await fetch(paid.headers.get('location')!, { redirect: 'manual' })).status).toBe(302);
  expect((await context.orders('GET', \`/\${orderId}\`)).body.state.transitions).toHaveLength(after.body.state.transitions.length);
});
`;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'new-provider-'));
  // The committed tree as the working repository has it, plus what it cannot clone: node_modules and the generated Prisma client (gitignored).
  await run('git', ['clone', '-q', '--depth', '1', `file://${ROOT}`, scratch]);
  await run('git', ['-C', ROOT, 'diff', 'HEAD', '--binary', '--output', join(scratch, '.working.patch')]);
  if (readFileSync(join(scratch, '.working.patch'), 'utf8').length > 0) await run('git', ['-C', scratch, 'apply', '.working.patch']);
  rmSync(join(scratch, '.working.patch'));
  symlinkSync(join(ROOT, 'node_modules'), join(scratch, 'node_modules'));
  symlinkSync(join(ROOT, 'platform/db/generated'), join(scratch, 'platform/db/generated'));
}, 60_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('npm run new-provider refuses, writing nothing', () => {
  it('a name that is not kebab-case: exit 2 and why', async () => {
    const names = ['Acme-Pay', 'acme_pay', 'acme--pay', '2pay', 'acme-'];
    const refusals = await Promise.all(names.map(async (name) => ({ name, ...(await scaffold(name)) })));
    for (const { name, code, out } of refusals) {
      expect({ name, code }).toEqual({ name, code: 2 });
      expect(out).toContain(`"${name}" is not kebab-case`);
    }
    expect(await changed()).toEqual([]);
  }, 60_000);

  it('a name that exists (its folders, its docs page or a reserved one): exit 2 naming what exists', async () => {
    const [taken, reserved] = await Promise.all([scaffold('provider-a'), scaffold('kit')]);
    expect(taken.code).toBe(2);
    expect(taken.out).toContain('A provider named "provider-a" exists already: adapters/provider-a, sandboxes/provider-a, docs/adapters/provider-a.md');
    expect(reserved.code).toBe(2);
    expect(reserved.out).toContain('exists already: adapters/kit');
    expect(await changed()).toEqual([]);
  }, 60_000);

  it('a kind or flow it has no template for, or no name at all', async () => {
    const [flow, kind, none] = await Promise.all([scaffold('acme-pay', '--flow', 'sideways'), scaffold('acme-pay', '--kind', 'giftcard', '--flow', 'embedded'), scaffold()]);
    expect(flow).toMatchObject({ code: 2, out: expect.stringContaining('--flow must be redirect or embedded') });
    expect(kind).toMatchObject({ code: 2, out: expect.stringContaining('There is no template for a giftcard provider with the embedded flow yet') });
    expect(none).toMatchObject({ code: 2, out: expect.stringContaining('usage: npm run new-provider') });
    expect(await changed()).toEqual([]);
  }, 60_000);
});

describe('a scaffolded redirect payment provider, in a scratch clone', () => {
  beforeAll(async () => {
    const made = await scaffold(NAME, '--kind', 'payment', '--flow', 'redirect');
    expect(made).toMatchObject({ code: 0 });
  }, 60_000);

  it('writes its folders, its docs page, its catalogue row and its README / .env.example / sandboxes lines', async () => {
    const files = await changed();
    for (const path of [
      `adapters/${NAME}/${NAME}.manifest.ts`,
      `adapters/${NAME}/${NAME}.settings.ts`,
      `adapters/${NAME}/${NAME}.provider.ts`,
      `adapters/${NAME}/${NAME}-adapter.app.ts`,
      `adapters/${NAME}/scaffold_probe_pay_adapter.schema.json`,
      `adapters/${NAME}/frontend/${NAME}.frontend.ts`,
      `sandboxes/${NAME}/${NAME}-sandbox.manifest.ts`,
      `sandboxes/${NAME}/${NAME}-sandbox.app.ts`,
      `sandboxes/${NAME}/${NAME}.store.ts`,
      `sandboxes/${NAME}/${NAME}-shopper.page.ts`,
      `docs/adapters/${NAME}.md`,
    ])
      expect(files).toContain(`?? ${path}`);
    for (const path of ['app/service.catalogue.ts', 'README.md', '.env.example', 'docs/sandboxes.md']) expect(files).toContain(` M ${path}`);
    expect(readFileSync(join(scratch, 'app/service.catalogue.ts'), 'utf8')).toContain('{ adapter: scaffoldProbePayManifest, sandbox: scaffoldProbePaySandboxManifest },');
    // A second run refuses: the provider exists now.
    expect(await scaffold(NAME)).toMatchObject({ code: 2, out: expect.stringContaining(`A provider named "${NAME}" exists already`) });
  });

  it('passes the typecheck (the whole project and its frontend) and lint', async () => {
    // One after another: side by side on two cores they take longer.
    const project = await inScratch('npx', ['tsc', '--noEmit', '-p', '.']);
    const frontend = await inScratch('npx', ['tsc', '--noEmit', '-p', `adapters/${NAME}/frontend`]);
    const lint = await inScratch('npx', ['eslint', `adapters/${NAME}`, `sandboxes/${NAME}`, 'app/service.catalogue.ts']);
    console.log(`scratch clone: tsc ${project.ms} ms, frontend tsc ${frontend.ms} ms, eslint ${lint.ms} ms`);
    expect({ code: project.code, out: project.out }).toEqual({ code: 0, out: '' });
    expect({ code: frontend.code, out: frontend.out }).toEqual({ code: 0, out: '' });
    expect({ code: lint.code, out: lint.out }).toEqual({ code: 0, out: '' });
  }, 180_000);

  it('passes the structure test and conformance against its sandbox, and a shopper pays through it', async () => {
    writeFileSync(join(scratch, 'test/scaffolded-conformance.test.ts'), CONFORMANCE_TEST);
    const jest = await inScratch('npx', ['jest', '--verbose', 'test/provider-folders.test.ts', 'test/scaffolded-conformance.test.ts'], { NODE_OPTIONS: '--experimental-vm-modules' });
    expect(jest.out).toMatch(new RegExp(`✓ ${NAME}: its page, its README rows and variables, its .env.example lines, its sandbox section`));
    expect(jest.out).toMatch(/✓ the scaffolded adapter passes conformance against its sandbox/);
    expect(jest.out).toMatch(/✓ a shopper who pays on the sandbox page comes back to the shop and the order completes/);
    expect({ code: jest.code, failures: jest.out.match(/^.*(✕|FAIL).*$/gm) ?? [] }).toEqual({ code: 0, failures: [] });
    expect(existsSync(join(scratch, `adapters/${NAME}`))).toBe(true);
  }, 180_000);
});
