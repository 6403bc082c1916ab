/**
 * Child process of the benchmark: a standalone gateway over HTTP to the stack's subgraphs,
 * ours (BENCH_GATEWAY=ours) or Hive Gateway (BENCH_GATEWAY=hive), on the same supergraph; or ours
 * with the four subgraphs in its own process (BENCH_GATEWAY=ours_in_process). Ours twice, on the
 * same subgraphs: GATEWAY_FAST_PATH on (`urls().on`) and off (`urls().off`); the figure loads one
 * at a time.
 */
import { createServer } from 'node:http';
import { composeSupergraph } from '../gateway/supergraph.compose.js';
import { createGatewayService } from '../gateway/gateway.service.js';
import { resolveAuthConfig } from '../platform/auth/auth-config.js';
import { createTokenVerifier } from '../platform/auth/token.verifier.js';
import { connectDatabase } from '../platform/db/database.js';
import { loadConfig } from '../app/app.config.js';
import { createLogger } from '../platform/logging/logger.js';
import type { SubgraphName } from '../subgraphs/subgraph.catalog.js';
import { serveBenchCommands } from './bench-process.js';
import { createOrderService } from '../subgraphs/order/order.service.js';
import { createPaymentService } from '../subgraphs/payment/payment.service.js';
import { createConfigurationService } from '../subgraphs/configuration/configuration.service.js';
import { createAdapterService } from '../subgraphs/adapter/adapter.service.js';
import { createNotificationAdmin } from '../notifications/notification.service.js';

const subgraphUrls = JSON.parse(process.env.BENCH_SUBGRAPH_URLS!) as Record<SubgraphName, string>;
let urls: { on: string; off?: string };
let close: () => Promise<void>;

if (process.env.BENCH_GATEWAY === 'hive') {
  // Loaded only here: a dev dependency of the benchmark, never of the platform.
  const { createGatewayRuntime } = await import('@graphql-hive/gateway');
  const forwarded = ['authorization', 'x-merchant', 'x-channel', 'traceparent', 'x-request-id'];
  const runtime = createGatewayRuntime({
    supergraph: composeSupergraph(subgraphUrls),
    logging: false,
    propagateHeaders: { fromClientToSubgraphs: ({ request }) => Object.fromEntries(forwarded.map((name) => [name, request.headers.get(name)])) },
  });
  const server = createServer(runtime);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  urls = { on: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
  close = async () => {
    server.closeAllConnections();
    server.close();
    await runtime.dispose();
  };
} else {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: process.env.DATABASE_URL,
    AUTH_JWT_SECRET: process.env.AUTH_JWT_SECRET,
    AUTH_SIGNING_KEY: process.env.AUTH_SIGNING_KEY,
  });
  const db = connectDatabase(config.databaseUrl!, { max: 4 });
  const deps = { config, db, logger: createLogger({ level: 'silent' }), verifier: createTokenVerifier(resolveAuthConfig(config)) };
  const subgraphApps = process.env.BENCH_GATEWAY === 'ours_in_process' ? [await createOrderService(deps, { notificationAdmin: createNotificationAdmin(deps.db) }), await createPaymentService(deps), await createConfigurationService(deps), await createAdapterService(deps)] : [];
  const localSubgraphs = Object.fromEntries(subgraphApps.map((subgraph, i) => [(['order', 'payment', 'configuration', 'adapter'] as const)[i]!, subgraph.subgraph!]));
  const on = await createGatewayService({ ...deps, config: { ...config, gatewayFastPath: true }, subgraphUrls, localSubgraphs });
  const off = await createGatewayService({ ...deps, config: { ...config, gatewayFastPath: false }, subgraphUrls, localSubgraphs });
  urls = { on: await on.listen({ host: '127.0.0.1', port: 0 }), off: await off.listen({ host: '127.0.0.1', port: 0 }) };
  close = async () => {
    await on.close();
    await off.close();
    for (const subgraph of subgraphApps) await subgraph.close();
    await db.close();
  };
}

serveBenchCommands({
  urls: () => urls,
  exit: async () => {
    await close();
    setTimeout(() => process.exit(0), 10);
  },
});
