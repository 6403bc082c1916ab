import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

/**
 * `npm run new-provider` (scripts/new-provider): a redirect and an embedded payment provider and
 * a gift card system, scaffolded side by side in one scratch clone of this repository, pass there
 * the typecheck, lint, the structure test and conformance against their own sandboxes; a shopper
 * pays through each payment provider and their signed webhooks are applied once; the refusals
 * write nothing.
 */

const ROOT = new URL('..', import.meta.url).pathname;
const NAME = 'scaffold-probe-pay';
const EMBEDDED = 'scaffold-probe-embed';
const GIFTCARD = 'scaffold-probe-gift';
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
 * What the scratch clone's jest runs: the platform with the scaffolded adapters and their sandboxes,
 * conformance as test/conformance runs it, then shoppers paying on the sandboxes' pages, the
 * webhooks and the redirect's return in either order.
 */
const CONFORMANCE_TEST = `import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { formatResult, runConformance } from '../conformance/conformance.runner.js';
import { until } from '../conformance/conformance-http.js';
import { platformAccess } from '../conformance/platform-access.js';
import { ConformanceContext } from '../conformance/conformance.context.js';
import { rest } from './harness/http.js';
import { startTestSystem, type TestSystem } from './harness/test-system.js';

const tenant = { merchant: 'm-scaffold', channel: 'web' };
const PROVIDERS = [
  { id: 'scaffold_probe_pay', folder: 'scaffold-probe-pay', cancel: 'pass', settings: { redirectUrls: { checkoutUrl: 'https://shop.example/checkout/{orderId}', confirmationUrl: 'https://shop.example/thanks/{orderId}' } } },
  // No cancel callback handed out: the shopper never leaves the checkout.
  { id: 'scaffold_probe_embed', folder: 'scaffold-probe-embed', cancel: 'skip', settings: {} },
  // Nor from a gift card, which the shopper types into the checkout.
  { id: 'scaffold_probe_gift', folder: 'scaffold-probe-gift', cancel: 'skip', settings: {} },
];
let system: TestSystem;

beforeAll(async () => {
  system = await startTestSystem({ services: ['gateway', 'order', 'payment', 'configuration', 'adapter', 'notifications', ...PROVIDERS.flatMap((p) => [\`\${p.id}_adapter\`, \`\${p.id}_sandbox\`])] });
  const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'admin' });
  for (const provider of PROVIDERS) {
    const adapterId = \`\${provider.id}_adapter\`;
    const put = await rest(system.urls.configuration!, 'PUT', \`/api/v1/configuration/merchants/\${tenant.merchant}/channels/\${tenant.channel}/configurations/\${adapterId}\`, {
      token,
      ...tenant,
      body: {
        $schema: \`\${system.urls[adapterId]}/openapi/v1/schemas/\${adapterId}.json\`,
        id: adapterId,
        active: true,
        apiSettings: { apiUrl: system.urls[\`\${provider.id}_sandbox\`]!, apiKey: \`\${provider.folder}-sandbox-key\` },
        ...provider.settings,
      },
    });
    expect(put.status).toBe(201);
  }
});
afterAll(async () => system?.close());

const contextOf = (id: string) => new ConformanceContext({ adapterUrl: \`\${system.urls[\`\${id}_adapter\`]}/api/checkout/v1\`, adapterId: \`\${id}_adapter\`, tenant }, platformAccess(system.config));
/** A new order of 100 NOK and this adapter's payment on it: the create's answer. */
async function newPayment(id: string): Promise<{ context: ConformanceContext; orderId: string; body: Record<string, string> }> {
  const context = contextOf(id);
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
  return { context, orderId, body: created.body };
}
const orderOf = async (context: ConformanceContext, orderId: string) => (await context.orders('GET', \`/\${orderId}\`)).body;
/** The webhooks the sandbox sent for a session, once each is delivered (answered 2xx). */
async function deliveredWebhooks(id: string, sessionId: string): Promise<Array<{ body: unknown; status: string }>> {
  const mine = async () => ((await rest(system.urls[\`\${id}_sandbox\`]!, 'GET', '/api/sandbox/webhooks')).body.webhooks as Array<{ body: { session: { id: string } }; status: string }>).filter((w) => w.body.session.id === sessionId);
  expect(await until(async () => (await mine()).some((w) => w.status === 'delivered'))).toBe(true);
  return mine();
}

describe.each(PROVIDERS)('$folder', ({ id, cancel }) => {
  it('the scaffolded adapter passes conformance against its sandbox', async () => {
    const origin = system.urls[\`\${id}_adapter\`]!;
    const sandbox = system.urls[\`\${id}_sandbox\`]!;
    // A gift card system's create names a card: one seeded at its sandbox, more than the order's total.
    const cardId = \`card-\${Date.now()}\`;
    const giftcard = id === 'scaffold_probe_gift';
    if (giftcard) expect((await rest(sandbox, 'POST', '/api/sandbox/cards', { body: { cardId, balance: 1000, currency: 'NOK' } })).status).toBe(201);
    const results = await runConformance({ adapterUrl: \`\${origin}/api/checkout/v1\`, adapterId: \`\${id}_adapter\`, tenant, ...(giftcard ? { createBody: { cardId } } : {}) }, platformAccess(system.config), () => undefined);
    console.log(results.map(formatResult).join('\\n'));
    expect(results.filter((r) => r.status === 'fail').map(formatResult)).toEqual([]);
    expect(results.filter((r) => r.status === 'pass').length).toBeGreaterThanOrEqual(9);
    expect(results.find((r) => r.name.startsWith('GET {adapter_url}/callback/cancel'))).toMatchObject({ status: cancel });
    // The gift card system's process reserved and abort released (process/abort declared: the check ran).
    if (giftcard) expect(results.find((r) => r.name.startsWith('process/abort'))).toMatchObject({ status: 'pass' });
  });
});

describe('the redirect provider', () => {
  const id = 'scaffold_probe_pay';

  it('a shopper who pays on the sandbox page comes back to the shop and the order completes; the webhook after it changes nothing', async () => {
    const { context, orderId, body } = await newPayment(id);
    const { paymentId, redirectUrl } = body as { paymentId: string; redirectUrl: string };
    const page = await fetch(redirectUrl);
    expect(await page.text()).toContain('100.00 NOK');
    const paid = await fetch(\`\${redirectUrl}/pay\`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    const back = await fetch(paid.headers.get('location')!, { redirect: 'manual' });
    expect({ status: back.status, location: back.headers.get('location') }).toEqual({ status: 302, location: \`https://shop.example/thanks/\${orderId}\` });
    const after = await orderOf(context, orderId);
    expect(after.state.currentStatus).toBe('completed');
    expect(after.payments.find((p: { id: string }) => p.id === paymentId)).toMatchObject({ state: 'reserved', amount: 100 });
    // The webhook arrives (taken: 2xx) and the return comes again (a reload): neither applies anything twice.
    const sessionId = after.payments.find((p: { id: string }) => p.id === paymentId).reference as string;
    expect((await deliveredWebhooks(id, sessionId)).map((w) => w.status)).toEqual(['delivered']);
    expect((await fetch(paid.headers.get('location')!, { redirect: 'manual' })).status).toBe(302);
    expect((await orderOf(context, orderId)).state.transitions).toHaveLength(after.state.transitions.length);
  });

  it('the webhook alone completes the order (the shopper never comes back); the return after it changes nothing; a forged or replayed webhook changes nothing', async () => {
    const { context, orderId, body } = await newPayment(id);
    const { paymentId, redirectUrl } = body as { paymentId: string; redirectUrl: string };
    const paid = await fetch(\`\${redirectUrl}/pay\`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(await until(async () => (await orderOf(context, orderId)).state.currentStatus === 'completed')).toBe(true);
    const after = await orderOf(context, orderId);
    expect(after.payments.find((p: { id: string }) => p.id === paymentId)).toMatchObject({ state: 'reserved', amount: 100 });
    expect((await fetch(paid.headers.get('location')!, { redirect: 'manual' })).status).toBe(302);

    const [sent] = await deliveredWebhooks(id, after.payments.find((p: { id: string }) => p.id === paymentId).reference);
    const text = JSON.stringify(sent!.body);
    const webhookUrl = \`\${system.urls[\`\${id}_adapter\`]}/api/checkout/v1/webhook\`;
    const post = (signature: string) => fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-webhook-signature': signature }, body: text });
    expect((await post(\`sha256=\${createHmac('sha256', 'not-the-key').update(text).digest('hex')}\`)).status).toBe(401);
    expect((await post(\`sha256=\${createHmac('sha256', 'scaffold-probe-pay-sandbox-key').update(text).digest('hex')}\`)).status).toBe(200);
    expect((await orderOf(context, orderId)).state.transitions).toHaveLength(after.state.transitions.length);
  });
});

describe('the embedded provider', () => {
  const id = 'scaffold_probe_embed';

  it('a shopper pays in the component (its sandbox page): the page tells the checkout, the signed webhook completes the order once', async () => {
    const { context, orderId, body } = await newPayment(id);
    const { paymentId, sessionId, componentUrl } = body as { paymentId: string; sessionId: string; componentUrl: string };
    expect(componentUrl).toBe(\`\${system.urls[\`\${id}_sandbox\`]}/pay/\${sessionId}\`);
    expect((await orderOf(context, orderId)).payments.find((p: { id: string }) => p.id === paymentId)).toMatchObject({ state: 'intent', reference: sessionId });
    expect(await (await fetch(componentUrl)).text()).toContain('100.00 NOK');
    const paid = await fetch(\`\${componentUrl}/pay\`, { method: 'POST', redirect: 'manual' });
    expect({ status: paid.status, location: paid.headers.get('location') }).toEqual({ status: 303, location: \`/pay/\${sessionId}\` });
    expect(await (await fetch(componentUrl)).text()).toContain("postMessage({ type: 'scaffold-probe-embed:paid'");
    expect(await until(async () => (await orderOf(context, orderId)).state.currentStatus === 'completed')).toBe(true);
    const after = await orderOf(context, orderId);
    expect(after.payments.find((p: { id: string }) => p.id === paymentId)).toMatchObject({ state: 'reserved', amount: 100 });
    expect((await deliveredWebhooks(id, sessionId)).map((w) => w.status)).toEqual(['delivered']);
    expect((await orderOf(context, orderId)).state.transitions).toHaveLength(after.state.transitions.length);
  });
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

  it('a kind or flow it does not know, a flow for a gift card system, or no name at all', async () => {
    const [flow, kind, none] = await Promise.all([scaffold('acme-pay', '--flow', 'sideways'), scaffold('acme-pay', '--kind', 'giftcard', '--flow', 'embedded'), scaffold()]);
    expect(flow).toMatchObject({ code: 2, out: expect.stringContaining('--flow must be redirect or embedded') });
    expect(kind).toMatchObject({ code: 2, out: expect.stringContaining('--flow is for payment providers only: a gift card system has no shopper flow of its own') });
    expect(none).toMatchObject({ code: 2, out: expect.stringContaining('usage: npm run new-provider') });
    expect(await changed()).toEqual([]);
  }, 60_000);
});

describe('a scaffolded redirect and embedded payment provider and a gift card system, in one scratch clone', () => {
  beforeAll(async () => {
    // One after another: each reads the catalogue the one before it changed (its ports, its row).
    expect(await scaffold(NAME, '--kind', 'payment', '--flow', 'redirect')).toMatchObject({ code: 0 });
    expect(await scaffold(EMBEDDED, '--flow', 'embedded')).toMatchObject({ code: 0 });
    expect(await scaffold(GIFTCARD, '--kind', 'giftcard')).toMatchObject({ code: 0 });
  }, 120_000);

  it('writes its folders, its docs page, its catalogue row and its README / .env.example / sandboxes lines', async () => {
    const files = await changed();
    for (const path of [
      `adapters/${NAME}/${NAME}.manifest.ts`,
      `adapters/${NAME}/${NAME}.settings.ts`,
      `adapters/${NAME}/${NAME}.provider.ts`,
      `adapters/${NAME}/${NAME}-adapter.app.ts`,
      `adapters/${NAME}/${NAME}.webhook.ts`,
      `adapters/${NAME}/${NAME}-return.routes.ts`,
      `adapters/${EMBEDDED}/${EMBEDDED}.webhook.ts`,
      `adapters/${EMBEDDED}/frontend/${EMBEDDED}.frontend.ts`,
      `sandboxes/${EMBEDDED}/${EMBEDDED}-shopper.page.ts`,
      `docs/adapters/${EMBEDDED}.md`,
      `adapters/${GIFTCARD}/${GIFTCARD}.provider.ts`,
      `adapters/${GIFTCARD}/${GIFTCARD}-api.client.ts`,
      `adapters/${GIFTCARD}/scaffold_probe_gift_adapter.schema.json`,
      `sandboxes/${GIFTCARD}/${GIFTCARD}.store.ts`,
      `sandboxes/${GIFTCARD}/${GIFTCARD}-sandbox.manifest.ts`,
      `docs/adapters/${GIFTCARD}.md`,
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
    expect(files).not.toContain(`?? adapters/${EMBEDDED}/${EMBEDDED}-return.routes.ts`);
    const catalogue = readFileSync(join(scratch, 'app/service.catalogue.ts'), 'utf8');
    expect(catalogue).toContain('{ adapter: scaffoldProbePayManifest, sandbox: scaffoldProbePaySandboxManifest },');
    expect(catalogue).toContain('{ adapter: scaffoldProbeEmbedManifest, sandbox: scaffoldProbeEmbedSandboxManifest },');
    expect(catalogue).toContain('{ adapter: scaffoldProbeGiftManifest, sandbox: scaffoldProbeGiftSandboxManifest },');
    expect(readFileSync(join(scratch, `adapters/${GIFTCARD}/${GIFTCARD}.manifest.ts`), 'utf8')).toContain("kind: 'giftcard'");
    expect(readFileSync(join(scratch, `adapters/${EMBEDDED}/frontend/${EMBEDDED}.frontend.ts`), 'utf8')).toContain("element('iframe'");
    // A second run refuses: the provider exists now.
    expect(await scaffold(NAME)).toMatchObject({ code: 2, out: expect.stringContaining(`A provider named "${NAME}" exists already`) });
  });

  it('passes the typecheck (the whole project and its frontend) and lint', async () => {
    // One after another: side by side on two cores they take longer.
    const project = await inScratch('npx', ['tsc', '--noEmit', '-p', '.']);
    const frontends = [await inScratch('npx', ['tsc', '--noEmit', '-p', `adapters/${NAME}/frontend`]), await inScratch('npx', ['tsc', '--noEmit', '-p', `adapters/${EMBEDDED}/frontend`])];
    const lint = await inScratch('npx', ['eslint', ...[NAME, EMBEDDED, GIFTCARD].flatMap((name) => [`adapters/${name}`, `sandboxes/${name}`]), 'app/service.catalogue.ts']);
    console.log(`scratch clone: tsc ${project.ms} ms, frontend tsc ${frontends.map((f) => f.ms).join(' + ')} ms, eslint ${lint.ms} ms`);
    expect({ code: project.code, out: project.out }).toEqual({ code: 0, out: '' });
    for (const frontend of frontends) expect({ code: frontend.code, out: frontend.out }).toEqual({ code: 0, out: '' });
    expect({ code: lint.code, out: lint.out }).toEqual({ code: 0, out: '' });
  }, 300_000);

  it('pass the structure test and conformance against their sandboxes, shoppers pay through each, webhooks apply once', async () => {
    writeFileSync(join(scratch, 'test/scaffolded-conformance.test.ts'), CONFORMANCE_TEST);
    const jest = await inScratch('npx', ['jest', '--verbose', 'test/provider-folders.test.ts', 'test/scaffolded-conformance.test.ts'], { NODE_OPTIONS: '--experimental-vm-modules' });
    for (const name of [NAME, EMBEDDED, GIFTCARD]) expect(jest.out).toMatch(new RegExp(`✓ ${name}: its page, its README rows and variables, its .env.example lines, its sandbox section`));
    expect(jest.out.match(/✓ the scaffolded adapter passes conformance against its sandbox/g)).toHaveLength(3);
    expect(jest.out).toMatch(/✓ a shopper who pays on the sandbox page comes back to the shop and the order completes; the webhook after it changes nothing/);
    expect(jest.out).toMatch(/✓ the webhook alone completes the order/);
    expect(jest.out).toMatch(/✓ a shopper pays in the component/);
    // On a failure, what the scratch clone's jest said.
    expect({ code: jest.code, failures: jest.out.match(/^.*(✕|FAIL).*$/gm) ?? [], out: jest.code === 0 ? '' : jest.out.slice(-6000) }).toEqual({ code: 0, failures: [], out: '' });
    expect(existsSync(join(scratch, `adapters/${NAME}`))).toBe(true);
  }, 300_000);
});
