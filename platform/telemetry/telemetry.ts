import type { TelemetryConfig } from '../env/env.config.js';
import { setMetricsToken } from './metrics.routes.js';
import { installTracing, type Tracing } from './tracing.js';

export type { Tracing };

/** Traces (export as configured) and the metrics token, once per process, before any service starts. */
export function installTelemetry(config: TelemetryConfig): Tracing {
  setMetricsToken(config.metricsToken);
  return installTracing(config);
}
