import type { FastifyInstance } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import { resolve } from 'node:path';
import { createGatewayService } from '../gateway/gateway.service.js';
import { SUBGRAPH_NAMES, type SubgraphName } from '../subgraphs/subgraph.catalog.js';
import { AdapterCredentials } from '../platform/auth/adapter-credentials.repository.js';
import { resolveAdapterAuthConfig, resolveAuthConfig, withoutPlatformSecrets } from '../platform/auth/auth-config.js';
import { platformJwksUrl } from '../platform/auth/platform-key-set.js';
import { operatorToken } from '../platform/auth/operator-token.js';
import { PublishedSigningKey } from '../platform/auth/published-signing-key.js';
import { platformSigningKey } from '../platform/auth/signing-key.js';
import { createTokenVerifier } from '../platform/auth/token.verifier.js';
import { connectDatabase, type Database } from '../platform/db/database.js';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../platform/db/embedded-postgres.server.js';
import { migrate } from '../platform/db/migrator.js';
import { PLATFORM_SERVICES, type PlatformConfig, type ServiceName } from '../platform/env/env.config.js';
import { holdPort, listenOnHeld, type HeldPort } from '../platform/net/ports.js';
import { configureOutboundPolicy } from '../platform/outbound/outbound-guard.js';
import { configureCallTimeout } from '../platform/http-client/http-client.js';
import { createLogger, logFormatFor, type Logger } from '../platform/logging/logger.js';
import type { ServiceDeps } from '../platform/service-deps.js';
import { observePool } from '../platform/telemetry/metrics.js';
import { installTelemetry, type Tracing } from '../platform/telemetry/telemetry.js';
import { ADAPTER_IDS, CATALOGUE } from './service.catalogue.js';

const kindOf = (name: ServiceName) => CATALOGUE.find((entry) => entry.name === name)?.kind;

export interface RunningSystem {
  /** Base URL of every service this process runs (the real port when configured as 0). */
  urls: Partial<Record<ServiceName, string>>;
  /** The settings the services run with: every address resolved. */
  config: PlatformConfig;
  db: Database;
  logger: Logger;
  /** The process's traces: with OTEL_TRACES_EXPORTER=memory, the spans ended so far. */
  tracing: Tracing;
  close(): Promise<void>;
}

export interface SystemOptions {
  logger?: Logger;
}

/**
 * Starts the services of `config.services` in this process: the database (embedded when no
 * DATABASE_URL), migrations, the subgraphs, then the gateway over them.
 */
export async function startSystem(config: PlatformConfig, options: SystemOptions = {}): Promise<RunningSystem> {
  // Readable lines on a terminal, JSON otherwise (LOG_FORMAT overrides): docs/observability.md#logs.
  const logger = options.logger ?? createLogger({ level: config.logLevel, format: logFormatFor(config.logFormat, process.stdout.isTTY) });
  const tracing = installTelemetry(config.telemetry);
  const closers: Array<() => Promise<void>> = [];
  // Runs last: spans of the last requests still buffered go to the collector before exit.
  closers.push(() => tracing.flush());
  const apps = new Map<ServiceName, FastifyInstance>();
  const step = (what: string) => (error: unknown) => logger.error({ err: error, step: what }, 'shutdown step failed');
  const closeAll = (names: ServiceName[]) =>
    Promise.all(names.flatMap((name) => (apps.has(name) ? [apps.get(name)!.close().catch(step(name))] : [])));
  let closing: Promise<void> | undefined;
  /**
   * Graceful stop, in order: every service's /readyz answers 503 at once (and with
   * SHUTDOWN_DRAIN_MS each goes on serving as before that long, so a balancer takes the process
   * out before it stops taking connections); then the services that
   * call others (gateway, notification deliveries, adapters) finish what they have in flight
   * while everything they call still serves; then the subgraphs and sandboxes; then PostgreSQL.
   * SHUTDOWN_GRACE_MS bounds the whole: connections still open then are cut.
   */
  const close = () =>
    (closing ??= (async () => {
      for (const app of apps.values()) app.stopReadiness();
      // Behind a balancer: serve as before until it has seen /readyz 503 and sends nothing new.
      if (config.shutdownDrainMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      const cut = setTimeout(() => {
        for (const app of apps.values()) app.server.closeAllConnections();
      }, config.shutdownGraceMs);
      cut.unref();
      const named = (...kinds: string[]) => CATALOGUE.filter((entry) => kinds.includes(entry.kind)).map((entry) => entry.name);
      await closeAll(named('platform', 'adapter', 'web'));
      await closeAll(named('subgraph', 'sandbox'));
      clearTimeout(cut);
      for (const closer of closers.reverse()) await closer().catch(step('resources'));
    })());
  configureOutboundPolicy({ production: config.nodeEnv === 'production', allow: config.outboundAllow });
  configureCallTimeout(config.timeouts.platformCallMs);
  try {
    let embedded: EmbeddedPostgresHandle | undefined;
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      embedded = await startEmbeddedPostgres({
        dataDir: resolve(config.dataDir, 'postgres'),
        port: config.embeddedPostgresPort,
        onLog: (message) => logger.debug({ postgres: message.trim() }),
      });
      closers.push(() => embedded!.stop());
      databaseUrl = await embedded.ensureDatabase('checkout');
      logger.info({ port: config.embeddedPostgresPort }, 'embedded PostgreSQL started');
    }
    const migration = await migrate(databaseUrl);
    if (migration.applied.length > 0) logger.info({ applied: migration.applied }, 'migrations applied');

    const db = connectDatabase(databaseUrl, { max: 20 });
    closers.push(() => db.close());
    const unobservePool = observePool('main', db.pool);
    closers.push(async () => unobservePool());

    // Every address is known before any service is built (ports 0 are picked now), so services
    // that call each other — the gateway, the adapter subgraph, the adapters — get real URLs.
    const ports = { ...config.ports };
    const realUrls = { ...config.urls };
    // A picked port stays bound until its service listens on that very socket, so nothing else
    // (another process, an outgoing connection's local port) can take it meanwhile.
    const held = new Map<ServiceName, HeldPort>();
    closers.push(async () => {
      for (const hold of held.values()) await hold.release();
    });
    for (const name of config.services) {
      if (ports[name] !== 0) continue;
      const hold = await holdPort(config.host);
      held.set(name, hold);
      ports[name] = hold.port;
      realUrls[name] = `http://${hostForUrl(config.host)}:${ports[name]}`;
    }
    const credentials = await issueAdapterCredentials(config, db, logger);
    closers.push(async () => credentials.stop());
    const resolved: PlatformConfig = {
      ...config,
      ports,
      urls: realUrls,
      adapterUrls: { ...config.adapterUrls, ...pickAdapters(realUrls) },
      adapterCredentials: credentials.credentials,
      storefront: await storefrontCredential(config),
    };
    // Adapters hold public material only (docs/auth.md, "Who holds what"): no HS256 secret, no
    // signing key, in their settings or their verifier. Beside the platform they are handed its
    // public keys; run on their own they read its JWKS.
    const runsPlatform = config.services.some((name) => (PLATFORM_SERVICES as readonly string[]).includes(name));
    const signingKey = runsPlatform ? await platformSigningKey({ signingKey: config.auth.signingKey, dataDir: config.dataDir }) : undefined;
    const platformKeys = signingKey ? signingKey.jwks : platformJwksUrl(resolved);
    const forAdapters = adapterDeps({ config: resolved, db, logger }, platformKeys);
    // A process of adapters, sandboxes and browser apps alone never reads or creates the platform's secret.
    const adaptersOnly = config.services.every((name) => kindOf(name) === 'adapter' || kindOf(name) === 'sandbox' || kindOf(name) === 'web');
    const deps: ServiceDeps = { config: resolved, db, logger, verifier: adaptersOnly ? forAdapters.verifier : createTokenVerifier(resolveAuthConfig(config)) };
    if (signingKey) {
      // A platform process signs and verifies with its key: it is ready only when that key is the one every other platform process has.
      const published = new PublishedSigningKey(db.pool, signingKey);
      await published.start(logger);
      closers.push(async () => published.stop());
      deps.readiness = [published.readiness];
    }

    const urls: Partial<Record<ServiceName, string>> = {};
    const listen = async (name: ServiceName, app: FastifyInstance) => {
      apps.set(name, app);
      const hold = held.get(name);
      // A failed ready leaves the port held, released on close; once handed over, release does nothing.
      if (hold) await listenOnHeld(app, hold, config.host);
      else await app.listen({ host: config.host, port: ports[name] });
      urls[name] = realUrls[name];
      // debug: fastify's own "Server listening at …" line says it at info already.
      logger.debug({ service: name, url: urls[name] }, 'service listening');
    };

    // Subgraphs and notifications first, then the gateway over them, then adapters and sandboxes.
    // Browser apps' servers mint nothing and hold what adapters hold: public keys, no secret or signing key.
    const webDeps: ServiceDeps = forAdapters;
    const build = async (kind: string, only?: ServiceName) => {
      for (const entry of CATALOGUE) {
        if (entry.kind === kind && entry.factory && (only === undefined || only === entry.name) && config.services.includes(entry.name)) {
          await listen(entry.name, await entry.factory(kind === 'web' ? webDeps : kind === 'adapter' ? forAdapters : deps));
        }
      }
    };
    await build('subgraph');
    await build('platform', 'notifications');
    if (config.services.includes('gateway')) {
      const subgraphUrls = Object.fromEntries(SUBGRAPH_NAMES.map((name) => [name, realUrls[name]])) as Record<SubgraphName, string>;
      // Subgraphs running in this process are reached in-process; the others over HTTP.
      const localSubgraphs = config.gatewayInProcess
        ? Object.fromEntries(SUBGRAPH_NAMES.flatMap((name) => (apps.get(name)?.subgraph ? [[name, apps.get(name)!.subgraph!]] : [])))
        : {};
      await listen('gateway', await createGatewayService({ ...deps, subgraphUrls, localSubgraphs }));
    }
    await build('adapter');
    await build('sandbox');
    await build('web');
    return { urls, config: resolved, db, logger, tracing, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * What an adapter is built from (docs/auth.md, "Who holds what"): the platform's settings without
 * its HS256 secret and signing key, and a verifier of public material only — the platform's public
 * keys (`platformKeys`: handed in, or its JWKS address) and the identity provider's JWKS when
 * configured. It refuses HS256 tokens.
 */
export function adapterDeps(deps: Omit<ServiceDeps, 'verifier'>, platformKeys: JSONWebKeySet | URL): ServiceDeps {
  const config = withoutPlatformSecrets(deps.config);
  return { ...deps, config, verifier: createTokenVerifier(resolveAdapterAuthConfig(config, platformKeys)) };
}

/**
 * Each adapter of this process without credentials in its environment gets new ones from the
 * platform, held (renewed) while this process runs: one process, no setup. The ones this runner
 * gave it before are revoked unless a running process still holds them (a replica), which is
 * logged as a warning. Adapters run elsewhere use `npm run credentials` and `<ADAPTER>_CLIENT_ID/_CLIENT_SECRET`.
 */
async function issueAdapterCredentials(
  config: PlatformConfig,
  db: Database,
  logger: Logger,
): Promise<{ credentials: PlatformConfig['adapterCredentials']; stop(): void }> {
  const issued = { ...config.adapterCredentials };
  const store = new AdapterCredentials(db.prisma);
  const held: string[] = [];
  for (const id of ADAPTER_IDS.filter((id) => (config.services as string[]).includes(id) && !config.adapterCredentials[id])) {
    // Held while this process runs: a replica starting the same adapter gets its own and revokes only credentials no running process holds.
    const { clientId, clientSecret, heldByOthers } = await store.issue(id, 'system', { rotate: true, holdMs: CREDENTIAL_HOLD_MS });
    issued[id] = { clientId, clientSecret };
    held.push(clientId);
    if (heldByOthers > 0) {
      logger.warn(
        { adapterId: id, heldByOthers },
        `adapter ${id}: ${heldByOthers} other running process(es) hold system-issued credentials of it; this one has its own. For replicas, issue credentials once (npm run credentials) and give them to every process.`,
      );
    }
  }
  if (held.length === 0) return { credentials: issued, stop: () => undefined };
  const timer = setInterval(() => {
    store.renew(held, CREDENTIAL_HOLD_MS).catch((error: unknown) => logger.warn({ err: error }, 'adapter credentials not renewed'));
  }, CREDENTIAL_HOLD_MS / 3);
  timer.unref();
  return { credentials: issued, stop: () => clearInterval(timer) };
}

/** How long a system-issued credential stays held without its process renewing it (every third of it). */
const CREDENTIAL_HOLD_MS = 60_000;

/** How long the storefront token the runner issues lasts (the process is restarted well before; STOREFRONT_TOKEN otherwise). */
const STOREFRONT_TOKEN_TTL_S = 30 * 24 * 3600;

/**
 * The storefront server's credential: STOREFRONT_TOKEN when set; else, when this process runs the
 * storefront, a storefront token for its channel issued here, signed with the platform key so
 * adapters accept it by the platform's public keys — the runner holds the key, the storefront
 * service never sees it (docs/auth.md, "The storefront's credential").
 */
async function storefrontCredential(config: PlatformConfig): Promise<PlatformConfig['storefront']> {
  const { storefront } = config;
  // Only beside the platform, whose key it is; a storefront run elsewhere is given STOREFRONT_TOKEN.
  const besidePlatform = config.services.some((name) => (PLATFORM_SERVICES as readonly string[]).includes(name));
  if (storefront.token || !config.services.includes('storefront') || !besidePlatform) return storefront;
  const token = await operatorToken(
    config,
    { merchant: storefront.merchant, channels: [storefront.channel], role: 'storefront' },
    { expiresIn: STOREFRONT_TOKEN_TTL_S, subject: `storefront-app:${storefront.merchant}` },
  );
  return { ...storefront, token };
}

const hostForUrl = (host: string) => (host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host);

const pickAdapters = (urls: Record<ServiceName, string>) =>
  Object.fromEntries(ADAPTER_IDS.flatMap((id) => (kindOf(id) === 'adapter' && urls[id] ? [[id, urls[id]]] : []))) as PlatformConfig['adapterUrls'];

