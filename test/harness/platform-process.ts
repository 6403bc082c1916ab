/** A platform process beside the test system that a test kills (kill -9) mid-work and starts again on the same addresses: a crash and a restart as an operator meets them. */
import type { ServiceName } from '../../platform/env/env.config.js';
import { startBenchProcess, type BenchProcess } from '../../bench/bench-process.js';
import { replicaEnvironment } from './replicas.js';
import type { TestSystem } from './test-system.js';

export interface PlatformProcess {
  /** The process's address of each service it runs: the same after every restart. */
  urls: Record<ServiceName, string>;
  /** kill -9: the process dies at once, in the middle of whatever it does; resolves once it has exited. */
  kill(): Promise<void>;
  /** Starts the process again, same settings and ports; resolves once it serves. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/**
 * `services` in a child process of their own on the test system's database (a replica's settings,
 * test/harness/replicas.ts), started on ports the system picks, then started again on those same
 * ports after a kill: what the order recorded (hook, callback and adapter addresses) still points
 * at it, as it would at a restarted production process. `env` is added to its environment.
 */
export async function startPlatformProcess(system: TestSystem, services: readonly ServiceName[], env: NodeJS.ProcessEnv = {}): Promise<PlatformProcess> {
  const settings = { ...replicaEnvironment(system, services), ...env };
  const start = (ports: NodeJS.ProcessEnv) => startBenchProcess('../test/harness/order-replica.process.ts', { ...settings, ...ports }, 120_000);
  let child: BenchProcess = await start({});
  const urls = await child.call<Record<ServiceName, string>>('urls');
  const samePorts = Object.fromEntries(services.map((name) => [`${name.toUpperCase()}_PORT`, new URL(urls[name]!).port]));
  return {
    urls,
    kill: () => child.kill(),
    async restart() {
      await child.kill();
      child = await start(samePorts);
      const again = await child.call<Record<ServiceName, string>>('urls');
      const moved = services.filter((name) => again[name] !== urls[name]);
      if (moved.length > 0) throw new Error(`restarted on other addresses: ${moved.join(', ')}`);
    },
    close: () => child.stop(),
  };
}
