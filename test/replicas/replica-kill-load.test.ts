/**
 * kill -9 of one of two replicas under steady load (issue 43): two replicas of order, payment
 * and notifications (app/main.ts processes) behind HAProxy with docs/scaling.md's configuration;
 * writers change their orders through HAProxy (each change calls a slow hook, so the killed
 * replica always has changes in flight). Every answer is counted: only requests in flight on the
 * killed replica fail, each answered (502 from HAProxy, naming it), none sent after the kill
 * fails (no window of 503s while HAProxy's checks catch up), and no change is lost or doubled.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually } from '../harness/orders.js';
import { startLoadedReplicas, type LoadedReplicas } from '../harness/replica-load.js';
import { outcomes } from '../harness/steady-load.js';

let replicas: LoadedReplicas;
const WORKERS = 8;
const HOOK_MS = 150;

beforeAll(async () => {
  replicas = await startLoadedReplicas('m-replica-kill-load', HOOK_MS);
}, 180_000);
afterAll(() => replicas?.close());

describe('kill -9 of one of two replicas behind HAProxy, under load', () => {
  it('fails only the requests in flight on it; everything sent after it is gone succeeds; no change lost or doubled', async () => {
    const { orderIds, load } = await replicas.writers(WORKERS);
    const { set, admin } = replicas;
    let killedAt: number;
    let goneAt: number;
    let afterKill: number;
    try {
      await eventually(async () => load.servedBy('r1') >= 10 && load.servedBy('r2') >= 10, 30_000);
      // The kill: from the signal to the process gone (its listening socket and connections closed).
      killedAt = performance.now();
      await set.replicas[1]!.kill();
      goneAt = performance.now();
      // Past HAProxy's checks taking it out, and as long again.
      await set.haproxy.waitFor('order', 'r2', 'DOWN');
      await new Promise((resolve) => setTimeout(resolve, Math.max(1_000, performance.now() - goneAt)));
      afterKill = load.answers.filter((answer) => answer.sentAt > goneAt).length;
    } finally {
      await load.stop();
    }
    const answers = load.answers;
    const inFlight = answers.filter((answer) => answer.sentAt <= goneAt && answer.answeredAt >= killedAt);
    const failed = answers.filter((answer) => answer.status !== 200);
    const context = {
      outcomes: outcomes(answers),
      inFlightAtKill: inFlight.length,
      killMs: Math.round(goneAt - killedAt),
      failed: failed.map(({ method, status, replica, error, sentAt }) => ({ method, status, replica, error, sentMsAfterKill: Math.round(sentAt - killedAt) })),
    };

    // Load went on after the kill, all of it answered 200 by the survivor: no window of 503s or refusals.
    expect(afterKill!).toBeGreaterThan(WORKERS);
    const sentAfter = answers.filter((answer) => answer.sentAt > goneAt);
    expect({ ...context, sentAfterKill: outcomes(sentAfter) }).toEqual({ ...context, sentAfterKill: { 200: sentAfter.length } });
    expect(sentAfter.filter((answer) => answer.replica !== 'r1')).toEqual([]);
    // What failed was in flight on the killed replica: HAProxy's 502 naming it, or, for a request
    // that was not the first on its client connection, the connection closed with no answer (HAProxy
    // leaves a kept-alive client free to retry). The survivor failed nothing it had in flight.
    for (const answer of failed) {
      expect(inFlight).toContain(answer);
      if (answer.status !== 0) expect({ ...context, answer }).toEqual({ ...context, answer: expect.objectContaining({ status: 502, replica: 'r2' }) });
    }
    expect(failed.length).toBeLessThanOrEqual(inFlight.filter((answer) => answer.replica !== 'r1').length);
    expect(inFlight.filter((answer) => answer.replica === 'r1' && answer.status !== 200)).toEqual([]);

    // No change lost or doubled: each order's version is 1 + its accepted changes, plus at most
    // those of its changes that failed in flight (the replica may have committed one before it died).
    for (const [worker, orderId] of orderIds.entries()) {
      const changes = answers.filter((answer) => answer.worker === worker && answer.method === 'PUT');
      const accepted = changes.filter((answer) => answer.status === 200);
      const lost = changes.length - accepted.length;
      const read = await admin.call('GET', `/${orderId}`);
      expect(Number(read.headers.get('etag')!.replace(/"/g, ''))).toBeGreaterThanOrEqual(1 + accepted.length);
      expect(Number(read.headers.get('etag')!.replace(/"/g, ''))).toBeLessThanOrEqual(1 + accepted.length + lost);
      expect(new Set(accepted.map((answer) => answer.version)).size).toBe(accepted.length);
    }
  }, 120_000);
});
