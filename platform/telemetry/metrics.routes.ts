import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../errors/app-error.js';
import { METRICS_CONTENT_TYPE, scrape } from './metrics.js';

/** METRICS_TOKEN of the process (set once at start-up); unset, /metrics is open like /healthz. */
let metricsToken: string | undefined;
export const setMetricsToken = (token: string | undefined) => (metricsToken = token);

/**
 * GET /metrics in Prometheus text format. It holds no tenant data (labels are route patterns,
 * operation names, adapter ids), so by default it is open on the service port like the probes;
 * with METRICS_TOKEN the scraper must send it as a bearer token.
 */
export function mountMetrics(app: FastifyInstance, service: string): void {
  app.get('/metrics', { config: { public: true } }, async (request, reply) => {
    if (metricsToken !== undefined && !tokenMatches(request.headers.authorization, metricsToken)) {
      throw unauthorized('GET /metrics needs the metrics token (METRICS_TOKEN) as a bearer token.');
    }
    return reply.type(METRICS_CONTENT_TYPE).send(await scrape(service));
  });
}

function tokenMatches(header: string | undefined, expected: string): boolean {
  const given = Buffer.from(/^Bearer\s+(.+)$/i.exec(header ?? '')?.[1] ?? '');
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
