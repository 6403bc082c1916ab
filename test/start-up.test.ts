import { describe, expect, it } from '@jest/globals';
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { freePort } from './harness/free-port.js';
import { graphql, rest } from './harness/http.js';
import { AdapterIdsDocument, TypenameDocument } from './generated/graphql.js';
import { eventually } from './harness/orders.js';
import { PLATFORM_SERVICES } from '../platform/env/env.config.js';
import { SERVICE_NAMES } from '../app/service.catalogue.js';

const ROOT = new URL('..', import.meta.url).pathname;
const run = promisify(execFile);
/** How long one `npm start` may take to be ready before the test gives up on it. */
const READY_WITHIN_MS = 90_000;

/**
 * `npm start` as a person runs it: no DATABASE_URL, so an embedded Postgres under DATA_DIR,
 * migrations, every service, the gateway; then SIGTERM for a graceful stop.
 */
interface Started {
  child: ChildProcess;
  urls: Record<string, string>;
  readyMs: number;
  exited: Promise<number | null>;
  output: () => string;
}

/**
 * `app/main.ts` as `npm start` runs it, on DATA_DIR; resolves when ready. The embedded
 * Postgres port is picked here: another test file may take it between the pick and its use, so
 * a start that finds it taken is tried again on another.
 */
async function startPlatform(dataDir: string): Promise<Started> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(dataDir, await freePort());
    } catch (error) {
      if (attempt >= 3 || !/did not start|EADDRINUSE|already in use/.test((error as Error).message)) throw error;
    }
  }
}

async function startOnce(dataDir: string, pgPort: number): Promise<Started> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    ...Object.fromEntries(SERVICE_NAMES.map((name) => [`${name.toUpperCase()}_PORT`, '0'])),
  };
  const startedAt = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx/esm', 'app/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let output = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  child.stdout!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const urls = await new Promise<Record<string, string>>((resolve, reject) => {
    // Generous: a first start runs initdb and every migration, and CI's machine is loaded.
    const timer = setTimeout(() => reject(new Error(`not ready after 90 s: ${stderr}`)), READY_WITHIN_MS);
    createInterface({ input: child.stdout! }).on('line', (line) => {
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
  return { child, urls, readyMs: Date.now() - startedAt, exited, output: () => output };
}

describe('npm start', () => {
  it('boots everything on an embedded Postgres, answers through the gateway and stops on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'checkout-start-'));
    await chmod(dataDir, 0o755);
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir };
    let started: Started | undefined;
    try {
      started = await startPlatform(dataDir);
      const { child, exited, readyMs } = started;
      const ready = { urls: started.urls };
      const output = started.output;
      expect(Object.keys(ready.urls)).toEqual(expect.arrayContaining([...PLATFORM_SERVICES, 'commerce_sandbox', 'giftcard_sandbox']));

      const anonymous = await graphql(ready.urls.gateway!, TypenameDocument, {});
      expect(anonymous.status).toBe(401);

      // The token CLI signs with the secret generated once in DATA_DIR, as the server verifies it.
      const { stdout } = await run('npx', ['tsx', 'app/token.cli.ts', '--merchant', 'demo', '--channel', 'demo', '--role', 'storefront'], { cwd: ROOT, env });
      const token = stdout.trim();
      expect(token.split('.')).toHaveLength(3);
      const answered = await graphql(ready.urls.gateway!, TypenameDocument, {}, { token, merchant: 'demo', channel: 'demo' });
      expect(answered).toEqual({ status: 200, body: { data: { __typename: 'Query' } } });

      // Demo data: the demo channel has the adapters configured against the sandboxes.
      await eventually(async () => output().includes('Try a checkout'), 30_000);
      expect(output()).toMatch(/cartReference: "[^<"]+"/);
      const adapters = await graphql(ready.urls.gateway!, AdapterIdsDocument, {}, { token, merchant: 'demo', channel: 'demo' });
      const configured = (adapters.body.data?.adapters ?? []).filter((a) => a.configured).map((a) => a.id);
      expect(configured.sort()).toEqual(['commerce_adapter', 'giftcard_adapter', 'nonpsp_adapter', 'provider_a_checkout_adapter', 'provider_b_checkout_adapter', 'provider_c_checkout_adapter', 'provider_d_dropin_adapter']);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      // Loose bound: the ≤10 s target is for this machine when warm; this only catches hangs.
      expect(readyMs).toBeLessThan(READY_WITHIN_MS);
    } finally {
      started?.child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 240_000);

  it('lets requests in flight finish on SIGTERM, stops its PostgreSQL last, and starts again after kill -9', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'checkout-stop-'));
    await chmod(dataDir, 0o755);
    let started: Started | undefined;
    try {
      started = await startPlatform(dataDir);
      const sandbox = started.urls.giftcard_sandbox!;
      await rest(sandbox, 'POST', '/api/sandbox/cards', { body: { cardId: 'SLOW-1', balance: 10, currency: 'NOK' } });
      // Well inside the 10 s shutdown grace, long enough to be still in flight when SIGTERM comes.
      await rest(sandbox, 'POST', '/api/sandbox/failures', { body: { operation: 'getCard', delayMs: 4_000 } });
      const slow = rest(sandbox, 'GET', '/api/v1/cards/SLOW-1', { headers: { authorization: `Basic ${Buffer.from('giftcard:giftcard-secret').toString('base64')}` } });
      // In flight once the sandbox has taken the injected delay (a rule is dropped when consumed).
      await eventually(async () => (await rest(sandbox, 'GET', '/api/sandbox/failures')).body.failures.length === 0);
      started.child.kill('SIGTERM');
      expect((await slow).status).toBe(200);
      expect(await started.exited).toBe(0);
      expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

      // kill -9 leaves PostgreSQL running on the data folder; the next start stops it and goes on.
      started = await startPlatform(dataDir);
      started.child.kill('SIGKILL');
      await started.exited;
      started = await startPlatform(dataDir);
      expect((await rest(started.urls.gateway!, 'GET', '/readyz')).status).toBe(200);
      started.child.kill('SIGTERM');
      expect(await started.exited).toBe(0);
    } finally {
      started?.child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 400_000);

  it('stops with a clear message when the environment is invalid', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx/esm', 'app/main.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, GATEWAY_PORT: 'eighty', SERVICES: 'gateway,bogus' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid environment');
    expect(stderr).toContain('GATEWAY_PORT');
    expect(stderr).toContain('SERVICES');
    expect(stderr).not.toMatch(/\n\s+at /);
  }, 90_000);
});
