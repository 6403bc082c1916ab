import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { dirname, join, relative } from 'node:path';

const require = createRequire(import.meta.url);
const HASH_FILE = '.build-hash';

export interface ViteApp {
  /** The folder holding the built app (index.html, assets/); built first when missing or stale. */
  ready(): Promise<string>;
  /** Ends a build still running (the service is stopping). */
  stop(): void;
}

/**
 * A browser app under `root` (index.html + src/), built with Vite into `<root>/dist` (git-ignored)
 * the first time it is asked for, and again whenever its sources or the installed Vite change (a
 * hash of them sits beside the output). The build runs in a child process (Vite is a CLI; a test
 * runner's module system stays out of it) into a fresh folder that replaces the output in one
 * rename, so two processes building at once never serve half a build.
 */
export function viteApp(root: string, options: { sources?: string[] } = {}): ViteApp {
  const sources = options.sources ?? [];
  const outDir = join(root, 'dist');
  const running = new Set<ChildProcess>();
  let building: Promise<string> | undefined;
  return {
    ready: () => {
      building ??= ensureBuilt(root, outDir, running, sources).catch((error: unknown) => {
        building = undefined;
        throw error;
      });
      return building;
    },
    stop: () => {
      for (const child of running) child.kill('SIGTERM');
    },
  };
}

async function ensureBuilt(root: string, outDir: string, running: Set<ChildProcess>, sources: string[]): Promise<string> {
  const hash = await sourceHash(root, sources);
  const built = await readFile(join(outDir, HASH_FILE), 'utf8').catch(() => undefined);
  if (built === hash) return outDir;
  const staging = `${outDir}.${process.pid}.${Date.now()}`;
  await mkdir(dirname(staging), { recursive: true });
  try {
    await runVite(root, staging, running);
    // Another process (a test worker beside this one) may have put the same build in place while
    // this one ran: keep it, so nothing it serves disappears for the moment of a swap.
    if ((await readFile(join(outDir, HASH_FILE), 'utf8').catch(() => undefined)) === hash) return outDir;
    await writeFile(join(staging, HASH_FILE), hash);
    const old = `${staging}.old`;
    if (existsSync(outDir)) await rename(outDir, old).catch(() => undefined);
    await rename(staging, outDir).catch(async (error: unknown) => {
      // Another process put its build in place first: the same sources give the same build.
      if ((await readFile(join(outDir, HASH_FILE), 'utf8').catch(() => undefined)) !== hash) throw error;
    });
    await rm(old, { recursive: true, force: true });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return outDir;
}

/** Sources that make the build: index.html, src/, the app's other source folders (relative to root), and the installed Vite's version. */
export async function sourceHash(root: string, sources: string[]): Promise<string> {
  const hash = createHash('sha256');
  const viteVersion = (JSON.parse(await readFile(require.resolve('vite/package.json'), 'utf8')) as { version: string }).version;
  hash.update(`vite ${viteVersion}\n`);
  const folders = await Promise.all(['src', ...sources].map((folder) => listFiles(join(root, folder))));
  const files = ['index.html', ...folders.flat().map((file) => relative(root, file))].sort();
  for (const file of files) {
    hash.update(`${file}\n`);
    hash.update(await readFile(join(root, file)));
  }
  return hash.digest('hex');
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((entry) => (entry.isDirectory() ? listFiles(join(dir, entry.name)) : Promise.resolve([join(dir, entry.name)]))));
  return nested.flat();
}

function runVite(root: string, outDir: string, running: Set<ChildProcess>): Promise<void> {
  const cli = join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'build', root, '--outDir', outDir, '--emptyOutDir', '--base', '/', '--logLevel', 'error'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    running.add(child);
    // The build yields to the services this process runs (it may start while they serve).
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, 10);
      } catch {
        // not allowed here: the build runs at normal priority
      }
    }
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      running.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`vite build of ${root} failed (${code}):\n${output.slice(-4000)}`));
    });
  });
}
