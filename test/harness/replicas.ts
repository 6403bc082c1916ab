import { PLATFORM_SERVICES, adapterCredentialEnvNames, type ServiceName } from '../../platform/env/env.config.js';
import { localSecret } from '../../platform/auth/local-secret.js';
import { startHaproxy, type Haproxy } from '../../platform/net/haproxy.process.js';
import { SERVICE_SPECS } from '../../app/service.catalogue.js';
import { startBenchProcess, type BenchProcess } from '../../bench/bench-process.js';
import { freePort } from './free-port.js';
import type { TestSystem } from './test-system.js';

/** What runs twice: every platform service and the adapters whose webhooks and hooks the replica tests use. Sandboxes and browser apps stay single (the sandboxes keep their state in memory). */
export const REPLICATED: readonly ServiceName[] = [...PLATFORM_SERVICES, 'commerce_adapter', 'nonpsp_adapter', 'giftcard_adapter', 'provider_d_dropin_adapter'];

export interface Replicas {
  /** Each replica's own address of each replicated service: [0] the test system's process, [1] the second process. */
  direct: [Record<ServiceName, string>, Record<ServiceName, string>];
  /** HAProxy's address of each replicated service (round robin over both). */
  urls: Record<ServiceName, string>;
  /** HAProxy, with docs/scaling.md's configuration: servers `r1` (the test system) and `r2` (the second process) in each service's backend. */
  haproxy: Haproxy;
  second: BenchProcess;
  /** kill -9 of the second process; HAProxy takes it out at its next checks. */
  killSecond(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A second full platform process on the test system's database (a real child process, as
 * `npm run replicas` starts them), with HAProxy (platform/net/haproxy.process.ts, the
 * configuration docs/scaling.md gives) in front of both for every replicated service. The second
 * process shares what replicas must share: the database, AUTH_JWT_SECRET, AUTH_SIGNING_KEY,
 * CONFIG_ENCRYPTION_KEY and each replicated adapter's client credentials (its own would revoke
 * the first process's); it finds the sandboxes and everything else it does not run at the test
 * system's addresses. `env` is added to the second process's environment (give the test system
 * the same when both must agree).
 */
export async function startReplicas(system: TestSystem, options: { env?: NodeJS.ProcessEnv; services?: readonly ServiceName[] } = {}): Promise<Replicas> {
  const services = options.services ?? REPLICATED;
  const env = replicaEnvironment(system, services);
  const second = await startBenchProcess('../test/harness/order-replica.process.ts', { ...env, ...options.env }, 120_000);
  const secondUrls = await second.call<Record<ServiceName, string>>('urls');
  const first = Object.fromEntries(services.map((name) => [name, system.urls[name]!])) as Record<ServiceName, string>;
  let haproxy: Balancers;
  try {
    haproxy = await startBalancers(services, [first, secondUrls]);
  } catch (error) {
    await second.stop();
    throw error;
  }
  return {
    direct: [first, secondUrls],
    urls: haproxy.urls as Record<ServiceName, string>,
    haproxy,
    second,
    killSecond: () => second.kill(),
    async close() {
      await second.stop();
      await haproxy.stop();
    },
  };
}

/**
 * HAProxy in front of `replicas` (each a service's address at one replica: servers r1, r2, …)
 * for each of `services`, on free ports, with the production configuration; resolves once every
 * server is checked up. `replicaHeader` adds `x-replica: <server>` to every answer.
 */
export interface Balancers extends Haproxy {
  /** HAProxy's address of each service. */
  urls: Record<string, string>;
}

export async function startBalancers(services: readonly ServiceName[], replicas: Array<Record<string, string>>, options: { replicaHeader?: boolean } = {}): Promise<Balancers> {
  const config = [];
  for (const name of services) {
    const servers = replicas.map((urls, index) => {
      const url = new URL(urls[name]!);
      return { name: `r${index + 1}`, host: url.hostname, port: Number(url.port) };
    });
    config.push({ name, bind: { host: '127.0.0.1', port: await freePort() }, servers });
  }
  const haproxy = await startHaproxy({ services: config, threads: 1, replicaHeader: options.replicaHeader });
  try {
    for (const service of config) for (const server of service.servers) await haproxy.waitFor(service.name, server.name, 'UP');
  } catch (error) {
    await haproxy.stop();
    throw error;
  }
  return Object.assign(haproxy, { urls: Object.fromEntries(config.map((service) => [service.name, `http://127.0.0.1:${service.bind.port}`])) });
}

/**
 * The environment of another platform process running `services` beside the test system, on its
 * database: what replicas must share (the database, AUTH_JWT_SECRET, AUTH_SIGNING_KEY,
 * CONFIG_ENCRYPTION_KEY, each of its adapters' client credentials), the test system's address of
 * everything it does not run, and port 0 for what it runs.
 */
export function replicaEnvironment(system: TestSystem, services: readonly ServiceName[]): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SHUTDOWN_GRACE_MS: '2000',
    DATA_DIR: system.config.dataDir,
    DATABASE_URL: system.config.databaseUrl,
    AUTH_JWT_SECRET: system.secret,
    AUTH_SIGNING_KEY: system.config.auth.signingKey,
    CONFIG_ENCRYPTION_KEY: system.config.configEncryptionKey ?? localSecret(system.config.dataDir, 'config-key'),
    SERVICES: services.join(','),
  };
  for (const name of services) env[`${name.toUpperCase()}_PORT`] = '0';
  for (const spec of SERVICE_SPECS) {
    const url = system.urls[spec.name];
    if (!url || services.includes(spec.name)) continue;
    env[`${spec.name.toUpperCase()}_URL`] = url;
    if (spec.env) env[`${spec.env}_URL`] = url;
  }
  for (const name of services) {
    const credentials = system.config.adapterCredentials[name];
    if (!credentials) continue;
    const names = adapterCredentialEnvNames(name, SERVICE_SPECS);
    env[names.clientId] = credentials.clientId;
    env[names.clientSecret] = credentials.clientSecret;
  }
  return env;
}
