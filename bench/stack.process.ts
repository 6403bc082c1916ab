/**
 * Child process of the benchmark: the whole one-process stack (`npm start` with the gateway
 * reaching its subgraphs in-process) on the runner's database, serving the runner's commands.
 */
import { demoConfigurations } from '../platform/demo/demo-data.js';
import type { TokenClaims } from '../platform/auth/principal.js';
import { serveBenchCommands } from './bench-process.js';
import { startBenchSystem } from './bench-system.js';
import { measureEngine } from './engine.bench.js';
import { measureOrderEngine } from './order-engine.bench.js';

const bench = await startBenchSystem({ NOTIFICATION_CONCURRENCY: '8', AUTH_JWT_SECRET: process.env.AUTH_JWT_SECRET });
serveBenchCommands({
  urls: () => bench.system.urls,
  token: (claims: TokenClaims) => bench.token(claims),
  demoConfigurations: () => demoConfigurations(bench.system.config),
  engine: (options: { quick: boolean }) => measureEngine(bench, options),
  'order-engine': (options: { quick: boolean }) => measureOrderEngine(bench, options),
  exit: async () => {
    await bench.close();
    setTimeout(() => process.exit(0), 10);
  },
});
