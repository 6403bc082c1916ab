// Building the storefront's browser apps (the reference storefront, the checkout client's example) with Vite, once per change of their sources.
import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The storefront app's sources (index.html, src/) and where its builds go (git-ignored). */
export const STOREFRONT_ROOT = join(WEB_ROOT, 'storefront');
/** The checkout client library both apps are built on (web/checkout-client: core/, react/). */
const CLIENT_ROOT = join(WEB_ROOT, 'checkout-client');
/** Where the adapters keep their browser frontends (`adapters/<provider>/frontend/`), which the checkout client's registry imports at build time. */
const ADAPTERS_ROOT = join(WEB_ROOT, '..', 'adapters');
const adapterFrontendFiles = async (): Promise<string[]> => {
  const adapters = (await readdir(ADAPTERS_ROOT, { withFileTypes: true })).filter((entry) => entry.isDirectory() && existsSync(join(ADAPTERS_ROOT, entry.name, 'frontend')));
  return (await Promise.all(adapters.map((entry) => filesUnder(join(ADAPTERS_ROOT, entry.name, 'frontend'))))).flat();
};
/** The checkout client's minimal example app (docs/storefront-sdk.md), served by the storefront at /example. */
export const EXAMPLE_ROOT = join(WEB_ROOT, 'checkout-example');

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.filter((entry) => entry.name !== 'dist' && entry.name !== 'node_modules' && !entry.name.endsWith('.tgz')).map(async (entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)])));
  return nested.flat().sort();
}

const VITE_CLI = join(WEB_ROOT, '../node_modules/vite/bin/vite.js');
const run = promisify(execFile);
/**
 * Every build is a production build (React's production bundle, no StrictMode replays, no dev
 * warnings), whoever asks for it: Vite takes NODE_ENV from its environment before its mode, and
 * jest runs with NODE_ENV=test, which would make it bundle React's development build.
 */
const BUILD_MODE = 'production';

/** An app under `root` (index.html, src/) served under `base`, built from its own sources, the checkout client and the adapters' frontends. */
function viteApp(root: string, base: string) {
  const distRoot = join(root, 'dist');
  /** A digest of everything the build reads of ours (and the bundler's version): a build is reused while it matches. */
  const sourceDigest = async (): Promise<string> => {
    const hash = createHash('sha256');
    const vite = JSON.parse(await readFile(join(WEB_ROOT, '../node_modules/vite/package.json'), 'utf8')) as { version: string };
    hash.update(`vite@${vite.version} ${BUILD_MODE} ${base}\n`);
    for (const file of [join(root, 'index.html'), join(root, 'vite.config.ts'), ...(await filesUnder(join(root, 'src'))), ...(await filesUnder(CLIENT_ROOT)), ...(await adapterFrontendFiles())]) {
      hash.update(`${relative(WEB_ROOT, file)}\n`).update(await readFile(file));
    }
    return hash.digest('hex').slice(0, 16);
  };
  let building: Promise<string> | undefined;
  /**
   * The directory of a build of the current sources: built once with Vite (a few seconds) into a
   * fresh directory renamed into place, so concurrent processes never serve a half-written one.
   */
  return (): Promise<string> => {
    building ??= (async () => {
      const digest = await sourceDigest();
      const target = join(distRoot, digest);
      if (existsSync(join(target, 'index.html'))) return target;
      const scratch = join(distRoot, `.tmp-${randomUUID()}`);
      // Vite's CLI in a child process: the bundler keeps its native state out of this process (and out of test VMs).
      await run(process.execPath, [VITE_CLI, 'build', root, '--mode', BUILD_MODE, '--outDir', scratch, '--emptyOutDir', '--logLevel', 'warn', '--base', base], {
        env: { ...process.env, NODE_ENV: BUILD_MODE },
      });
      await rename(scratch, target).catch(async (error: NodeJS.ErrnoException) => {
        // Another process built the same sources first: theirs is as good.
        await rm(scratch, { recursive: true, force: true });
        if (!existsSync(join(target, 'index.html'))) throw error;
      });
      for (const old of await readdir(distRoot)) {
        if (old !== digest && !old.startsWith('.tmp-')) await rm(join(distRoot, old), { recursive: true, force: true }).catch(() => undefined);
      }
      return target;
    })();
    building.catch(() => (building = undefined));
    return building;
  };
}

/**
 * The storefront's build (served at /). Nothing to run by hand: the storefront service calls this
 * on its first page, `npm start` at start.
 */
export const ensureStorefrontBuilt = viteApp(STOREFRONT_ROOT, '/');

/** The example app's build (served at /example/, its assets at /example/assets/), made on its first page. */
export const ensureExampleBuilt = viteApp(EXAMPLE_ROOT, '/example/');
