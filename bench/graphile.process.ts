/**
 * Child process of the benchmark: graphile-worker (the anchor of `outbox_vs_graphile_worker`) on
 * the runner's database, in a process of its own as the platform's worker is. Each job POSTs its
 * JSON body to its URL on kept-alive connections (undici, as the platform's client) and succeeds on 2xx.
 */
import { Logger, makeWorkerUtils, run, type Runner } from 'graphile-worker';
import { Agent, request } from 'undici';
import { serveBenchCommands } from './bench-process.js';

const connectionString = process.env.DATABASE_URL!;
/** Its log is not the figure's output. */
const quiet = new Logger(() => () => undefined);
const agent = new Agent({ keepAliveTimeout: 10_000, connections: 64 });

serveBenchCommands({
  /** Queues `jobs` (url + body each) in one statement; nothing runs them yet. */
  enqueue: async (jobs: Array<{ url: string; body: unknown }>) => {
    const utils = await makeWorkerUtils({ connectionString, logger: quiet });
    try {
      await utils.migrate();
      await utils.addJobs(jobs.map((payload) => ({ identifier: 'post', payload })));
    } finally {
      await utils.release();
    }
  },
  /** Runs a worker until `count` jobs have succeeded; answers when it has stopped. */
  drain: async (options: { count: number; concurrency: number; localQueue: number }) => {
    let done = 0;
    let finished!: () => void;
    const all = new Promise<void>((resolve) => (finished = resolve));
    const runner: Runner = await run({
      connectionString,
      concurrency: options.concurrency,
      noHandleSignals: true,
      pollInterval: 1_000,
      logger: quiet,
      preset: options.localQueue > 1 ? { worker: { localQueue: { size: options.localQueue }, completeJobBatchDelay: 0 } } : {},
      taskList: {
        post: async (payload) => {
          const { url, body } = payload as { url: string; body: unknown };
          const answer = await request(url, { dispatcher: agent, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
          await answer.body.dump();
          if (answer.statusCode < 200 || answer.statusCode >= 300) throw new Error(`HTTP ${answer.statusCode}`);
          if (++done === options.count) finished();
        },
      },
    });
    await all;
    await runner.stop();
  },
});
