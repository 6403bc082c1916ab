/**
 * The one entry point: `npm start` runs every service in this process; SERVICES=gateway,order,…
 * runs a subset (one service per process in production).
 */
import { EnvError, loadConfig, type PlatformConfig } from './env/env.config.js';
import { startSystem, type RunningSystem } from './system.js';
import { demoInstructions, ensureDemoData } from './demo/demo-data.js';

const FORCED_EXIT_MS = 10_000;

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

  // Signals are handled from the first moment: a stop during start-up waits for it, then stops.
  let system: RunningSystem | undefined;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(1), FORCED_EXIT_MS).unref();
    system?.logger.info({ signal }, 'shutting down');
    if (!system) return; // start-up finishes below, sees `stopping` and closes
    system.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  system = await startSystem(config);
  if (stopping) {
    await system.close();
    process.exit(0);
  }
  system.logger.info({ services: config.services, urls: system.urls, ms: Date.now() - startedAt }, 'checkout platform ready');
  if (system.urls.gateway) {
    system.logger.info(`Apollo Sandbox: ${system.urls.gateway}/graphql — token: npm run --silent token -- --merchant <m> --channel <c> --role storefront`);
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
  process.stderr.write(`Start-up failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
