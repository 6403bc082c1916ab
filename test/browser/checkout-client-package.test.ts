import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { dataOf, graphql } from '../harness/http.js';
import { OrderOutcomeDocument, TokenCreateCheckoutDocument } from '../generated/graphql.js';
import { reactBuild, useBrowserTest } from './browser-test.js';
import { screenshot } from './chromium.js';

// The checkout client as a shop outside this repository takes it: `npm pack` in
// web/checkout-client (its prepack builds dist/ with Vite and tsc), the tarball installed with npm
// into a fresh Vite + React app in the system's temp folder, the app type-checked against the
// package's declarations and built with Vite, served from its own origin, and a whole checkout run
// in Chromium against a started platform: the order reaches completed with an invoice.
//
// Offline here: the tarball is installed by npm (--offline; it has no dependencies of its own), and
// the packages it names as peers — plus React, Vite and TypeScript for the app — are linked from the
// repository's node_modules (this machine reaches no registry but npm's, and the cache holds no
// package documents). The app's folder has no path into the repository's sources: an import the
// package makes of something it does not declare fails the build.

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const PACKAGE_DIR = join(REPO, 'web', 'checkout-client');
/** What the app itself needs beside the package's peers: the bundler, the type checker, React's DOM and types. */
const APP_TOOLS = ['react-dom', 'vite', 'typescript', '@types/react', '@types/react-dom'];
const run = promisify(execFile);

/**
 * The environment of npm, tsc and Vite here: none of the npm_* settings of an `npm test` above
 * (npm_config_local_prefix would point npm back at the repository), no jest NODE_OPTIONS.
 */
const childEnv = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_') && name !== 'INIT_CWD' && name !== 'NODE_ENV')),
  NODE_OPTIONS: '',
  ...extra,
});

async function step(what: string, file: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = childEnv()): Promise<string> {
  try {
    const { stdout } = await run(file, args, { cwd, env, maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${what} failed: ${failed.message}\n${failed.stdout ?? ''}\n${failed.stderr ?? ''}`.slice(0, 8000));
  }
}

/** The app: an index.html, a tsconfig, a check of the package's types, and the page using its core and React bindings (as its README shows). */
const APP_FILES: Record<string, string> = {
  'index.html': `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>A shop outside the repository</title></head>
  <body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body>
</html>
`,
  'tsconfig.json': JSON.stringify(
    {
      compilerOptions: {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        jsx: 'react-jsx',
        strict: true,
        noEmit: true,
        isolatedModules: true,
        // Checking every library's declarations would double the time; src/declarations.check.ts
        // shows the package's types are live instead.
        skipLibCheck: true,
        types: [],
      },
      include: ['src'],
    },
    null,
    2,
  ),
  // The package's declarations give live types (not `any`, as an import they make that does not
  // resolve would): each wrong use below must be refused, or its @ts-expect-error is itself an error.
  'src/declarations.check.ts': `import { PaymentOptionsDocument, type CheckoutOrderFragment } from '@checkout-platform/checkout-client';
import { useLiveOrder, useQuery } from '@checkout-platform/checkout-client/react';

export function probes(order: CheckoutOrderFragment) {
  // @ts-expect-error an order's status is no number
  const status: number = order.status;
  // @ts-expect-error useLiveOrder takes the order's id as a string
  useLiveOrder(42);
  // @ts-expect-error the document's variables are typed (id: an ID), through Apollo's useQuery
  useQuery(PaymentOptionsDocument, { variables: { id: true } });
  return status;
}
`,
  'src/main.tsx': `import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import {
  loadConfig,
  orderStatusText,
  PaymentOptionsDocument,
  saveSession,
  SelectShippingDocument,
  SetBillingAddressDocument,
  SetConsentsDocument,
  ShippingChoiceDocument,
  failureText,
  type PaymentSelection,
  type StorefrontConfig,
} from '@checkout-platform/checkout-client';
import { CheckoutProvider, useLiveOrder, useMutation, usePlaceOrder, useQuery } from '@checkout-platform/checkout-client/react';

const ADDRESS = { givenName: 'Kari', familyName: 'Nordmann', email: 'kari@example.com', phone: '+4791234567', streetAddress: 'Storgata 1', postalCode: '0155', city: 'Oslo', country: 'NO' };

function Checkout({ orderId }: { orderId: string }) {
  const { order, live } = useLiveOrder(orderId);
  const options = useQuery(PaymentOptionsDocument, { variables: { id: orderId } });
  const shipping = useQuery(ShippingChoiceDocument, { variables: { id: orderId } });
  const [setBilling] = useMutation(SetBillingAddressDocument);
  const [setConsents] = useMutation(SetConsentsDocument);
  const [selectShipping] = useMutation(SelectShippingDocument);
  const placeOrder = usePlaceOrder();
  const [selection, setSelection] = useState<PaymentSelection>();
  const [problems, setProblems] = useState<string[]>([]);
  if (!order) return <p>Loading the order…</p>;
  const methods = (options.data?.paymentOptions ?? []).filter((option) => option.frontend === 'NON_PSP').flatMap((option) => option.methods.map((method) => ({ adapterId: option.adapterId, method })));

  const place = async () => {
    await setBilling({ variables: { id: orderId, address: ADDRESS } });
    await setConsents({ variables: { id: orderId, consents: { terms: true } } });
    const first = shipping.data?.shippingOptions.options[0];
    if (first && order.shippings.length === 0) await selectShipping({ variables: { id: orderId, optionId: first.id } });
    const result = await placeOrder(order, selection, []);
    setProblems(result.ok ? [] : result.failures.map(failureText));
  };

  return (
    <main>
      <p data-testid="order-state" data-status={order.status} data-live={String(live)}>{orderStatusText(order.status)}</p>
      <p>Total {order.amounts.total.amount} {order.amounts.total.currency}</p>
      {methods.map(({ adapterId, method }) => (
        <label key={adapterId + method.identifier}>
          <input type="radio" name="method" onChange={() => setSelection({ frontend: 'NON_PSP', adapterId, method: method.identifier })} />
          {method.name ?? method.identifier}
        </label>
      ))}
      <button type="button" onClick={() => void place()}>Place order</button>
      {problems.length > 0 && <ul role="alert">{problems.map((problem) => <li key={problem}>{problem}</li>)}</ul>}
    </main>
  );
}

// The shop's server made the checkout and handed over its token (here in the address's fragment).
const handed = new URLSearchParams(location.hash.slice(1));
const orderId = handed.get('orderId')!;
saveSession({ orderId, token: handed.get('token')!, expiresAt: handed.get('expiresAt')!, merchant: handed.get('merchant')!, channel: handed.get('channel')! });
history.replaceState(null, '', location.pathname);

const root = createRoot(document.getElementById('root')!);
void loadConfig().then((config: StorefrontConfig) =>
  root.render(
    <CheckoutProvider config={config} orderId={orderId} closed={<p>No checkout token.</p>}>
      <Checkout orderId={orderId} />
    </CheckoutProvider>,
  ),
);
`,
};

interface BuiltApp {
  /** The app's folder (in the system's temp folder) and its Vite build. */
  dir: string;
  dist: string;
  /** Where npm pack put the tarball, and the tarball's entries. */
  packDir: string;
  entries: string[];
  /** The installed package's folder in the app. */
  installed: string;
}

/** npm pack (its prepack builds the package), a fresh app installing the tarball, tsc on the app, vite build of the app. */
async function packAndBuildApp(): Promise<BuiltApp> {
  const packDir = await mkdtemp(join(tmpdir(), 'checkout-client-pack-'));
  const dir = await mkdtemp(join(tmpdir(), 'checkout-client-app-'));
  scratch.push(packDir, dir);
  await step('npm pack', 'npm', ['pack', '--pack-destination', packDir, '--silent'], PACKAGE_DIR);
  const tarballs = (await readdir(packDir)).filter((name) => name.endsWith('.tgz'));
  if (tarballs.length !== 1) throw new Error(`npm pack made ${tarballs.length} tarballs: ${tarballs.join(', ')}`);
  const tarball = join(packDir, tarballs[0]!);
  const entries = (await step('tar', 'tar', ['-tzf', tarball], packDir)).split('\n').filter(Boolean);

  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'shop-outside-the-repository', private: true, type: 'module' }, null, 2));
  await step('npm install of the tarball', 'npm', ['install', '--offline', '--legacy-peer-deps', '--ignore-scripts', '--no-audit', '--no-fund', tarball], dir);
  const installed = join(dir, 'node_modules', '@checkout-platform', 'checkout-client');
  const manifest = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8')) as { peerDependencies?: Record<string, string> };
  // Exactly the peers the package declares (and the app's tools): an undeclared import has nothing to resolve to.
  for (const name of [...Object.keys(manifest.peerDependencies ?? {}), ...APP_TOOLS]) {
    const link = join(dir, 'node_modules', name);
    if (existsSync(link)) continue;
    await mkdir(dirname(link), { recursive: true });
    await symlink(join(REPO, 'node_modules', name), link, 'dir');
  }
  for (const [file, text] of Object.entries(APP_FILES)) {
    await mkdir(dirname(join(dir, file)), { recursive: true });
    await writeFile(join(dir, file), text);
  }
  // The type check (of the package's declarations too) and the build, side by side.
  await Promise.all([
    step('tsc on the app', process.execPath, [join(dir, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], dir),
    step('vite build of the app', process.execPath, [join(dir, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], dir, childEnv({ NODE_ENV: 'production' })),
  ]);
  return { dir, dist: join(dir, 'dist'), packDir, entries, installed };
}

const CONTENT_TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.map': 'application/json' };

/** Serves a built app's folder (index.html for /), as any static host would. */
function serveFolder(root: () => string | undefined): Server {
  return createServer((request, response) => {
    const folder = root();
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = resolve(folder ?? '/nonexistent', `.${path === '/' ? '/index.html' : path}`);
    if (!folder || !file.startsWith(folder + sep)) return void response.writeHead(404).end();
    void readFile(file).then(
      (body) => response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' }).end(body),
      () => response.writeHead(404).end(),
    );
  });
}

let site: Server;
let origin: string;
let app: BuiltApp | undefined;
let building: Promise<BuiltApp> | undefined;
/** The temp folders made (removed at the end, whether or not the build got through). */
const scratch: string[] = [];

beforeAll(async () => {
  // Packing and building run while the system below starts.
  building = packAndBuildApp();
  building.catch(() => undefined); // awaited below; a failure is reported there
  site = serveFolder(() => app?.dist);
  await new Promise<void>((listening) => site.listen(0, '127.0.0.1', listening));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
}, 30_000);

// The gateway allows the app's origin (it calls the gateway from the browser, as a shop's page does).
const suite = useBrowserTest({ shop: 'm-client-package', system: () => ({ env: { CORS_ORIGINS: origin } }) });

beforeAll(async () => {
  app = await building!;
}, 180_000);

afterAll(async () => {
  await new Promise((closed) => site?.close(closed));
  await building?.catch(() => undefined);
  await Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('the checkout client as a package', () => {
  it('packs built ES modules and declarations for both entry points, no sources', () => {
    const { entries } = app!;
    for (const file of ['package.json', 'README.md', 'dist/index.js', 'dist/react.js', 'dist/types/core/index.d.ts', 'dist/types/react/index.d.ts']) expect(entries).toContain(`package/${file}`);
    expect(entries.filter((entry) => /\.tsx?$/.test(entry) && !entry.endsWith('.d.ts'))).toEqual([]);
    expect(entries.filter((entry) => !entry.startsWith('package/dist/') && !['package/package.json', 'package/README.md'].includes(entry))).toEqual([]);
  });

  it('is installed into an app outside the repository, not linked to its sources', async () => {
    const { dir, installed } = app!;
    expect(relative(REPO, dir).startsWith('..')).toBe(true);
    expect((await lstat(installed)).isSymbolicLink()).toBe(false);
    expect(existsSync(join(installed, 'core'))).toBe(false);
  });

  it('runs a whole checkout from the built app in Chromium: the order completes with an invoice', async () => {
    const { system, shop } = suite;
    const created = await graphql(system.urls.gateway!, TokenCreateCheckoutDocument, { input: { cartReference: shop.basketId, culture: 'nb-NO', currency: 'NOK' } }, { token: shop.storefrontToken, ...shop.tenant });
    const { order, checkoutToken } = dataOf(created).createCheckout;
    // The shop's own server answers its settings (loadConfig); here a file beside the build.
    await writeFile(join(app!.dist, 'storefront-config.json'), JSON.stringify({ gatewayUrl: system.urls.gateway, ...shop.tenant, demo: false }));

    // A plain context: the gateway is another origin, and the browser's own CORS preflights must reach it.
    const { page, finish } = await suite.newPage({ offline: false });
    const handed = new URLSearchParams({ orderId: order.id, token: checkoutToken.token, expiresAt: checkoutToken.expiresAt, ...shop.tenant });
    await page.goto(`${origin}/#${handed}`);
    await page.locator('[data-testid="order-state"][data-status="checkout"][data-live="true"]').waitFor();
    expect(await reactBuild(page)).toBe('production');
    await page.getByRole('radio', { name: /Invoice/ }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.locator('[data-testid="order-state"][data-status="completed"]').waitFor({ timeout: 30_000 });
    await screenshot(page, 'checkout-client-package');

    const adminToken = await system.token({ merchant: shop.tenant.merchant, channels: ['web'], role: 'admin' });
    const read = dataOf(await graphql(system.urls.gateway!, OrderOutcomeDocument, { id: order.id }, { token: adminToken, ...shop.tenant })).order!;
    expect(read.status).toBe('completed');
    expect(read.amounts.due.amount).toBe(0);
    const standing = read.payments.filter((payment) => payment.state !== 'removed');
    expect(standing).toHaveLength(1);
    expect(standing[0]!.amount).toBeCloseTo(read.amounts.total.amount, 2);
    await finish();
  });
});
