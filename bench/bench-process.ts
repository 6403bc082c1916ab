import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The benchmark runs what it measures in child processes (the one-process stack, a standalone
 * gateway, Hive Gateway) and drives them from the runner, so the load generator's own CPU never
 * counts and each process reports its own `process.cpuUsage()` and memory. Commands go over IPC.
 */
type Handlers = Record<string, (args: any) => Promise<unknown> | unknown>;

/** Child side: answers the runner's commands until told to exit. */
export function serveBenchCommands(handlers: Handlers): void {
  const all: Handlers = {
    usage: () => ({ cpu: process.cpuUsage(), memory: process.memoryUsage() }),
    gc: () => (globalThis as { gc?: () => void }).gc?.(),
    // BENCH_HEAP_SNAPSHOT runs: a heap snapshot in the given directory (compare two in DevTools).
    heapSnapshot: async (dir: string) => (await import('node:v8')).writeHeapSnapshot(`${dir}/${process.pid}-${Date.now()}.heapsnapshot`),
    ...handlers,
  };
  process.on('message', (message: { id: number; command: string; args: unknown }) => {
    Promise.resolve()
      .then(() => {
        const handler = all[message.command];
        if (!handler) throw new Error(`unknown command ${message.command}`);
        return handler(message.args);
      })
      .then(
        (result) => process.send!({ id: message.id, result }),
        (error: unknown) => process.send!({ id: message.id, error: (error as Error).stack ?? String(error) }),
      );
  });
  // The runner gone (killed, crashed): nothing left to serve.
  process.on('disconnect', () => process.exit(1));
  process.send!({ ready: true });
}

export interface BenchProcess {
  call<T = any>(command: string, args?: unknown): Promise<T>;
  /** CPU time the child has used so far (µs, user + system). */
  cpu(): Promise<number>;
  stop(): Promise<void>;
  /** kill -9: the child dies at once, answering nothing more (a replica killed mid-work); resolves once it has exited. */
  kill(): Promise<void>;
}

/** Runner side: starts `bench/<file>` under tsx (its ESM loader only, as `npm start` runs) with --expose-gc and waits until it serves. */
export async function startBenchProcess(file: string, env: NodeJS.ProcessEnv = {}, startTimeoutMs = 90_000): Promise<BenchProcess> {
  const child: ChildProcess = fork(fileURLToPath(new URL(file, import.meta.url)), [], {
    env: { ...process.env, ...env },
    // BENCH_CPU_PROF=<dir>: each child writes a V8 CPU profile there on exit (where a figure's time goes).
    execArgv: ['--import', 'tsx/esm', '--expose-gc', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let next = 0;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${file} was not ready within ${startTimeoutMs} ms`));
    }, startTimeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${file} exited with ${code} before it was ready`));
    });
    child.on('message', (message: { ready?: boolean; id?: number; result?: unknown; error?: string }) => {
      if (message.ready) {
        clearTimeout(timer);
        return resolve();
      }
      const waiting = pending.get(message.id!);
      pending.delete(message.id!);
      if (message.error) waiting?.reject(new Error(message.error));
      else waiting?.resolve(message.result);
    });
  });
  const call = <T>(command: string, args?: unknown) =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ id, command, args });
    });
  return {
    call,
    cpu: async () => {
      const { cpu } = await call<{ cpu: NodeJS.CpuUsage }>('usage');
      return cpu.user + cpu.system;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.removeAllListeners('exit');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await call('exit').catch(() => undefined);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 10_000)))]);
      clearTimeout(timer); // a runner (or a test) that stopped its child has nothing left to wait for
      if (child.exitCode === null) child.kill('SIGKILL');
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.removeAllListeners('exit');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      for (const waiting of pending.values()) waiting.reject(new Error(`${file} was killed`));
      pending.clear();
    },
  };
}
