import { createLogger, logFormatFor } from '../platform/logging/logger.js';
import { installTelemetry } from '../platform/telemetry/telemetry.js';
import { startSandboxes } from './sandbox.runner.js';
import { discoverSandboxManifests } from './sandbox-manifests.discovery.js';

/**
 * Runs the sandboxes on their own: `npx tsx sandboxes/sandbox.main.ts`. Environment:
 * HOST (127.0.0.1),
 * `<NAME>_PORT` of each sandbox with a manifest (sandbox-manifests.discovery.ts), LOG_LEVEL (info), LOG_FORMAT (pretty on a terminal, else json),
 * OTEL_EXPORTER_OTLP_ENDPOINT (unset: traces continue callers' context but are not exported).
 */
const port = (name: string, fallback: number) => {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) throw new Error(`${name} must be a port number, not "${value}".`);
  return Number(value);
};

const otlpEndpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined;
if (otlpEndpoint && !/^https?:\/\//.test(otlpEndpoint)) throw new Error(`OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL, not "${otlpEndpoint}".`);
installTelemetry({ tracesExporter: otlpEndpoint ? 'otlp' : 'none', otlpEndpoint, serviceName: 'checkout-sandboxes', metricsToken: undefined });
const logger = createLogger({ level: process.env.LOG_LEVEL ?? 'info', name: 'sandboxes', format: logFormatFor(process.env.LOG_FORMAT, process.stdout.isTTY) });
const manifests = await discoverSandboxManifests();
const running = await startSandboxes({
  manifests,
  host: process.env.HOST ?? '127.0.0.1',
  ports: {
    ...Object.fromEntries(manifests.map((manifest) => [manifest.name, port(`${manifest.name.toUpperCase()}_PORT`, manifest.port)])),
  },
  logger,
});
logger.info({ urls: running.urls }, 'sandboxes ready (Ctrl-C stops them)');
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void running.close().then(() => process.exit(0));
  });
}
