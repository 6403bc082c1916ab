/**
 * A rolling restart under steady load (issue 43): two replicas of order, payment and
 * notifications (app/main.ts processes) behind HAProxy with docs/scaling.md's configuration;
 * each in turn is stopped with SIGTERM (readiness drops, HAProxy takes it out, what it has in
 * flight finishes), started again and taken back, while writers change their orders through
 * HAProxy. Every answer is counted: not one request fails, and every change is in its order once.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually } from '../harness/orders.js';
import { startLoadedReplicas, type LoadedReplicas } from '../harness/replica-load.js';
import { outcomes } from '../harness/steady-load.js';

let replicas: LoadedReplicas;
const WORKERS = 6;
/** Each change calls a hook this slow, so SIGTERM always finds changes in flight. */
const HOOK_MS = 100;

beforeAll(async () => {
  replicas = await startLoadedReplicas('m-rolling-restart', HOOK_MS);
}, 180_000);
afterAll(() => replicas?.close());

describe('rolling restart of two replicas behind HAProxy, under load', () => {
  it('fails no request: each replica drains, restarts and takes load again; every change is in its order once', async () => {
    const { orderIds, load } = await replicas.writers(WORKERS);
    const { set, admin } = replicas;
    try {
      await eventually(async () => load.servedBy('r1') >= 10 && load.servedBy('r2') >= 10, 30_000);
      for (const replica of set.replicas) {
        const exitCode = await replica.stop();
        expect(exitCode).toBe(0);
        await set.haproxy.waitFor('order', replica.name, 'DOWN');
        const servedBefore = load.servedBy(replica.name);
        await replica.start();
        await eventually(async () => load.servedBy(replica.name) >= servedBefore + 10, 30_000);
      }
    } finally {
      await load.stop();
    }
    const answers = load.answers;
    const failed = answers.filter((answer) => answer.status !== 200);
    expect({ failed: failed.length, outcomes: outcomes(answers) }).toEqual({ failed: 0, outcomes: { 200: answers.length } });
    expect(answers.filter((answer) => answer.replica === 'r1').length + answers.filter((answer) => answer.replica === 'r2').length).toBe(answers.length);

    // Every accepted change is in its order once: the version is 1 + the accepted changes, and each
    // change got its own version.
    for (const [worker, orderId] of orderIds.entries()) {
      const changes = answers.filter((answer) => answer.worker === worker && answer.method === 'PUT');
      const read = await admin.call('GET', `/${orderId}`);
      expect(Number(read.headers.get('etag')!.replace(/"/g, ''))).toBe(1 + changes.length);
      expect(changes.map((answer) => answer.version).sort((a, b) => a! - b!)).toEqual(changes.map((_, i) => i + 2));
    }
  }, 120_000);
});
