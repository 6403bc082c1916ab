/** A sandbox applying a call and losing its answer on the way back: what a retry of a money call must survive. */
import { rest } from './http.js';

/**
 * The sandbox at `sandboxUrl` does the next call of `operation` (the money moves), then drops the
 * connection instead of answering (sandboxes/shared/failure.injector.ts, `afterApplying`). The
 * caller sees a network failure; only its idempotency key can keep a retry from doing it twice.
 */
export async function loseNextAnswer(sandboxUrl: string, operation: string): Promise<void> {
  const added = await rest(sandboxUrl, 'POST', '/api/sandbox/failures', { body: { operation, afterApplying: true, dropConnection: true, times: 1 } });
  if (added.status !== 201) throw new Error(`could not lose the answer of ${operation}: ${JSON.stringify(added.body)}`);
}
