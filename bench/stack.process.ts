/**
 * Child process of the benchmark: the whole one-process stack (`npm start` with the gateway
 * reaching its subgraphs in-process) on the runner's database, serving the runner's commands.
 */
import { demoConfigurations } from '../app/demo/demo-data.js';
import type { TokenClaims } from '../platform/auth/principal.js';
import { serveBenchCommands } from './bench-process.js';
import { startBenchSystem } from './bench-system.js';
import { measureEngine } from './engine.bench.js';
import { measureOrderEngine } from './order-engine.bench.js';
import { observeExchanges } from '../platform/http-client/http-client.js';
import { observeOrderReads } from '../platform/db/order-reads.metrics.js';

/**
 * Internal calls this process's HTTP client made (adapters, hooks, callbacks, sandboxes), for the
 * journey's per-action counts: recorded only between `takeExchanges` and `stopExchanges`, so the
 * log never grows under the other figures' load (the memory soak would count it).
 */
let exchanges: Array<{ method: string; url: string; status: number }> | undefined;
observeExchanges((exchange) => void exchanges?.push({ method: exchange.method, url: exchange.url, status: exchange.status }));
/** Reads of each order from the database, counted in the same window as the exchanges. */
let orderReads: Map<string, number> | undefined;
observeOrderReads((orderId) => void orderReads?.set(orderId, (orderReads.get(orderId) ?? 0) + 1));

const bench = await startBenchSystem({ AUTH_JWT_SECRET: process.env.AUTH_JWT_SECRET, AUTH_SIGNING_KEY: process.env.AUTH_SIGNING_KEY });
serveBenchCommands({
  urls: () => bench.system.urls,
  token: (claims: TokenClaims) => bench.token(claims),
  demoConfigurations: () => demoConfigurations(bench.system.config),
  engine: (options: { quick: boolean }) => measureEngine(bench, options),
  'order-engine': (options: { quick: boolean }) => measureOrderEngine(bench, options),
  takeExchanges: () => {
    const taken = exchanges ?? [];
    exchanges = [];
    return taken;
  },
  takeOrderReads: (orderId: string) => {
    const taken = orderReads?.get(orderId) ?? 0;
    orderReads = new Map();
    return taken;
  },
  stopExchanges: () => {
    exchanges = undefined;
    orderReads = undefined;
  },
  orderState: async (orderId: string) => {
    const { rows } = await bench.system.db.pool.query<{ version: number; pending: string }>(
      "select o.version, (select count(*) from notification_jobs j where j.order_id = o.id and j.status = 'pending') as pending from orders o where o.id = $1",
      [orderId],
    );
    return { version: rows[0]?.version ?? 0, pendingJobs: Number(rows[0]?.pending ?? 0) };
  },
  pendingJobs: async () => {
    const { rows } = await bench.system.db.pool.query<{ pending: string }>("select count(*) as pending from notification_jobs where status = 'pending'");
    return Number(rows[0]?.pending ?? 0);
  },
  exit: async () => {
    await bench.close();
    setTimeout(() => process.exit(0), 10);
  },
});
