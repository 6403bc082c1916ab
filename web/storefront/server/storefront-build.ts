import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The storefront app's sources (index.html, src/) and where its builds go (git-ignored). */
export const STOREFRONT_ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST_ROOT = join(STOREFRONT_ROOT, 'dist');

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map(async (entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)])));
  return nested.flat().sort();
}

/** A digest of everything the build reads of ours (and the bundler's version): a build is reused while it matches. */
export async function sourceDigest(): Promise<string> {
  const hash = createHash('sha256');
  const vite = JSON.parse(await readFile(join(STOREFRONT_ROOT, '../../node_modules/vite/package.json'), 'utf8')) as { version: string };
  hash.update(`vite@${vite.version}\n`);
  for (const file of [join(STOREFRONT_ROOT, 'index.html'), ...(await filesUnder(join(STOREFRONT_ROOT, 'src')))]) {
    hash.update(`${relative(STOREFRONT_ROOT, file)}\n`).update(await readFile(file));
  }
  return hash.digest('hex').slice(0, 16);
}

const VITE_CLI = join(STOREFRONT_ROOT, '../../node_modules/vite/bin/vite.js');
const run = promisify(execFile);

let building: Promise<string> | undefined;

/**
 * The directory of a build of the current sources: built once with Vite (a few seconds) into a
 * fresh directory renamed into place, so concurrent processes never serve a half-written one.
 * Nothing to run by hand: the storefront service calls this on its first page, `npm start` at start.
 */
export function ensureStorefrontBuilt(): Promise<string> {
  building ??= (async () => {
    const digest = await sourceDigest();
    const target = join(DIST_ROOT, digest);
    if (existsSync(join(target, 'index.html'))) return target;
    const scratch = join(DIST_ROOT, `.tmp-${randomUUID()}`);
    // Vite's CLI in a child process: the bundler keeps its native state out of this process (and out of test VMs).
    await run(process.execPath, [VITE_CLI, 'build', STOREFRONT_ROOT, '--outDir', scratch, '--emptyOutDir', '--logLevel', 'warn', '--base', '/']);
    await rename(scratch, target).catch(async (error: NodeJS.ErrnoException) => {
      // Another process built the same sources first: theirs is as good.
      await rm(scratch, { recursive: true, force: true });
      if (!existsSync(join(target, 'index.html'))) throw error;
    });
    for (const old of await readdir(DIST_ROOT)) {
      if (old !== digest && !old.startsWith('.tmp-')) await rm(join(DIST_ROOT, old), { recursive: true, force: true }).catch(() => undefined);
    }
    return target;
  })();
  building.catch(() => (building = undefined));
  return building;
}
