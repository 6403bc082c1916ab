/** Steady load for the replica tests: closed-loop workers, every answer recorded (status, which replica, when), none lost from the count. */
import { headersFor, type CallOptions } from './http.js';

export interface Answer {
  worker: number;
  method: string;
  path: string;
  /** performance.now() when sent and when answered (or failed). */
  sentAt: number;
  answeredAt: number;
  /** The HTTP status; 0 when the connection closed (or failed) with no answer. */
  status: number;
  /** Which replica answered (HAProxy's `x-replica`), when it says. */
  replica?: string;
  /** The order's version after the change (the answer's ETag), for changes answered 200. */
  version?: number;
  error?: string;
}

export interface Request {
  method: string;
  path: string;
  body?: unknown;
}

export interface SteadyLoad {
  answers: Answer[];
  /** Answers so far that came from `replica`. */
  servedBy(replica: string): number;
  /** Stops the workers after their request in flight; resolves with every answer. */
  stop(): Promise<Answer[]>;
}

/** `workers` loops, each sending `next(worker, i)` to `baseUrl` one after another, until stopped. */
export function steadyLoad(baseUrl: string, workers: number, next: (worker: number, i: number) => Request, options: CallOptions = {}): SteadyLoad {
  const answers: Answer[] = [];
  let stopped = false;
  const loops = Array.from({ length: workers }, async (_, worker) => {
    for (let i = 0; !stopped; i++) {
      const request = next(worker, i);
      const sentAt = performance.now();
      const answer: Answer = { worker, method: request.method, path: request.path, sentAt, answeredAt: 0, status: 0 };
      try {
        const response = await fetch(`${baseUrl}${request.path}`, {
          method: request.method,
          headers: { ...(request.body === undefined ? {} : { 'content-type': 'application/json' }), ...headersFor(options) },
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
          signal: AbortSignal.timeout(30_000),
        });
        const text = await response.text();
        answer.status = response.status;
        // What a refusal said, for a readable failure message.
        if (response.status !== 200) answer.error = text.slice(0, 300);
        answer.replica = response.headers.get('x-replica') ?? undefined;
        const etag = response.headers.get('etag');
        if (etag) answer.version = Number(etag.replace(/"/g, ''));
      } catch (error) {
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        answer.error = cause?.code ?? cause?.message ?? (error as Error).message;
      }
      answer.answeredAt = performance.now();
      answers.push(answer);
    }
  });
  return {
    answers,
    servedBy: (replica) => answers.filter((answer) => answer.replica === replica).length,
    async stop() {
      stopped = true;
      await Promise.all(loops);
      return answers;
    },
  };
}

/** How many answers had each outcome: `200`, `502`, `no answer (UND_ERR_SOCKET)`, …, for a readable failure message. */
export function outcomes(answers: Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    const key = answer.status === 0 ? `no answer (${answer.error})` : answer.status === 200 ? '200' : `${answer.status} ${answer.error ?? ''}`.trim();
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
