import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type pg from 'pg';

/**
 * Prometheus metrics. Each service has its own registry (its `/metrics` shows its own traffic,
 * labelled `service`); what belongs to the process — database pools — is one more registry
 * every service's `/metrics` appends. Instruments are created once per process and shared by
 * every system a process starts (tests): counters count the process, as Prometheus expects.
 */
const registries = new Map<string, Registry>();
const processRegistry = new Registry();

export function serviceRegistry(service: string): Registry {
  let registry = registries.get(service);
  if (!registry) {
    registry = new Registry();
    registry.setDefaultLabels({ service });
    registries.set(service, registry);
  }
  return registry;
}

/** The instrument `name` of `registry`, created by `create` the first time. */
function instrument<T>(registry: Registry, name: string, create: (registers: Registry[]) => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? create([registry]);
}

/** `/metrics` text of one service: its own series, then the process's. */
export async function scrape(service: string): Promise<string> {
  return `${await serviceRegistry(service).metrics()}\n${await processRegistry.metrics()}`;
}
export const METRICS_CONTENT_TYPE = processRegistry.contentType;

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function httpMetrics(service: string) {
  const registry = serviceRegistry(service);
  return {
    requests: instrument(registry, 'http_requests_total', (registers) =>
      new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by route pattern and status.', labelNames: ['method', 'route', 'status'] as const, registers })),
    duration: instrument(registry, 'http_request_duration_seconds', (registers) =>
      new Histogram({ name: 'http_request_duration_seconds', help: 'HTTP request latency, by route pattern.', labelNames: ['method', 'route'] as const, buckets: LATENCY_BUCKETS, registers })),
  };
}

export function graphqlMetrics(service: string) {
  const registry = serviceRegistry(service);
  return {
    operations: instrument(registry, 'graphql_operations_total', (registers) =>
      new Counter({ name: 'graphql_operations_total', help: 'GraphQL operations, by operation name, type and outcome (ok, error).', labelNames: ['operation', 'type', 'outcome'] as const, registers })),
    duration: instrument(registry, 'graphql_operation_duration_seconds', (registers) =>
      new Histogram({ name: 'graphql_operation_duration_seconds', help: 'GraphQL operation latency, by operation name and type.', labelNames: ['operation', 'type'] as const, buckets: LATENCY_BUCKETS, registers })),
  };
}

/** Hook calls of the order engine, per adapter. */
export function hookMetrics() {
  const registry = serviceRegistry('order');
  return {
    duration: instrument(registry, 'hook_call_duration_seconds', (registers) =>
      new Histogram({ name: 'hook_call_duration_seconds', help: 'Hook call latency, by adapter and outcome (the HTTP status, timeout or unreachable).', labelNames: ['adapter', 'outcome'] as const, buckets: LATENCY_BUCKETS, registers })),
    vetoes: instrument(registry, 'hook_vetoes_total', (registers) =>
      new Counter({ name: 'hook_vetoes_total', help: 'Changes refused by a hook, by adapter and reason.', labelNames: ['adapter', 'reason'] as const, registers })),
  };
}

export function deliveryMetrics() {
  const registry = serviceRegistry('notifications');
  return {
    attempts: instrument(registry, 'notification_delivery_attempts_total', (registers) =>
      new Counter({ name: 'notification_delivery_attempts_total', help: 'Delivery attempts, by kind and outcome (delivered, retry, dead, skipped).', labelNames: ['kind', 'outcome'] as const, registers })),
    duration: instrument(registry, 'notification_delivery_duration_seconds', (registers) =>
      new Histogram({ name: 'notification_delivery_duration_seconds', help: 'Delivery call latency, by outcome.', labelNames: ['outcome'] as const, buckets: LATENCY_BUCKETS, registers })),
  };
}

export function subscriptionMetrics() {
  return {
    active: instrument(serviceRegistry('gateway'), 'graphql_subscriptions_active', (registers) =>
      new Gauge({ name: 'graphql_subscriptions_active', help: 'Subscriptions open over graphql-ws.', registers })),
  };
}

/** Something a gauge reads when scraped (a database, a pool); removed when its system closes. */
type Source<T> = { value: T };
const pools = new Map<string, Set<Source<pg.Pool>>>();

/** Reports a pool's connections (total, idle, waiting clients) as `db_pool_connections{pool, state}`. */
export function observePool(name: string, pool: pg.Pool): () => void {
  instrument(processRegistry, 'db_pool_connections', (registers) =>
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool: connections open (total), idle, and clients waiting for one (waiting).',
      labelNames: ['pool', 'state'] as const,
      registers,
      collect() {
        this.reset();
        for (const [poolName, sources] of pools) {
          let total = 0, idle = 0, waiting = 0;
          for (const { value } of sources) {
            total += value.totalCount;
            idle += value.idleCount;
            waiting += value.waitingCount;
          }
          this.set({ pool: poolName, state: 'total' }, total);
          this.set({ pool: poolName, state: 'idle' }, idle);
          this.set({ pool: poolName, state: 'waiting' }, waiting);
        }
      },
    }));
  const source = { value: pool };
  const set = pools.get(name) ?? new Set();
  pools.set(name, set.add(source));
  return () => set.delete(source);
}

/**
 * Gauges read from the database when `service`'s /metrics is scraped: `read` answers the
 * values (by gauge name); a failing or slow read keeps the last values rather than failing the
 * scrape.
 */
export interface DatabaseGauge {
  name: string;
  help: string;
  labelNames?: readonly string[];
}

const dbReaders = new Map<string, Set<Source<() => Promise<Map<string, Array<{ labels: Record<string, string>; value: number }>>>>>>();
const READ_TIMEOUT_MS = 2_000;

export function observeDatabaseGauges(
  service: string,
  gauges: readonly DatabaseGauge[],
  read: () => Promise<Map<string, Array<{ labels: Record<string, string>; value: number }>>>,
): () => void {
  const registry = serviceRegistry(service);
  const readers = dbReaders.get(service) ?? new Set();
  dbReaders.set(service, readers);
  // One read per scrape serves every gauge of the service.
  let pending: Promise<Map<string, Array<{ labels: Record<string, string>; value: number }>>> | undefined;
  const readAll = () =>
    (pending ??= Promise.all(
      [...readers].map(({ value }) =>
        Promise.race([value(), new Promise<never>((_, reject) => setTimeout(() => reject(new Error('metrics read timed out')), READ_TIMEOUT_MS).unref())]),
      ),
    )
      .then((results) => {
        const merged = new Map<string, Array<{ labels: Record<string, string>; value: number }>>();
        for (const result of results) for (const [name, values] of result) merged.set(name, [...(merged.get(name) ?? []), ...values]);
        return merged;
      })
      .finally(() => setImmediate(() => (pending = undefined))));
  for (const gauge of gauges) {
    instrument(registry, gauge.name, (registers) =>
      new Gauge({
        name: gauge.name,
        help: gauge.help,
        labelNames: gauge.labelNames ?? [],
        registers,
        async collect() {
          // A failed read keeps the values of the last one rather than reporting zeros.
          const values = await readAll().catch(() => undefined);
          if (!values) return;
          this.reset();
          for (const { labels, value } of values.get(gauge.name) ?? []) this.set(labels, value);
        },
      }));
  }
  const source = { value: read };
  readers.add(source);
  return () => readers.delete(source);
}
