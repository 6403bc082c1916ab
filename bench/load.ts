import { Pool } from 'undici';

/** A GraphQL endpoint the load generator calls: keep-alive connections, one request each at a time. */
export interface Target {
  name: string;
  post(body: string): Promise<{ status: number; text: string }>;
  close(): Promise<void>;
}

export function graphqlTarget(name: string, baseUrl: string, headers: Record<string, string>, connections: number): Target {
  const pool = new Pool(baseUrl, { connections, keepAliveTimeout: 30_000 });
  return {
    name,
    async post(body) {
      const answer = await pool.request({ method: 'POST', path: '/graphql', headers: { 'content-type': 'application/json', ...headers }, body });
      return { status: answer.statusCode, text: await answer.body.text() };
    },
    close: () => pool.close(),
  };
}

/**
 * `concurrency` callers in a closed loop, each starting requests until `ms` have passed: how many
 * answered, how many of those failed, and the time until the last answer (the rate's divisor, so
 * slow answers straddling the end do not quantise short phases).
 */
export async function closedLoop(ms: number, concurrency: number, send: (i: number) => Promise<boolean>): Promise<{ done: number; failed: number; elapsedMs: number }> {
  let done = 0;
  let failed = 0;
  let i = 0;
  const started = performance.now();
  const until = started + ms;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const ok = await send(i++).catch(() => false);
        done++;
        if (!ok) failed++;
      }
    }),
  );
  return { done, failed, elapsedMs: performance.now() - started };
}
