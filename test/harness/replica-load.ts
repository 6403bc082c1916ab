/**
 * The replica load tests' common ground: the platform's services, two replicas of order, payment
 * and notifications behind HAProxy (replica-set.ts), and writers that each change an order of
 * their own through HAProxy (every change calls a hook this slow, so a stop or a kill always
 * finds changes in flight), then read it.
 */
import { expect } from '@jest/globals';
import { PLATFORM_SERVICES } from '../../platform/env/env.config.js';
import { orderClient, sampleOrder } from './orders.js';
import { startReplicaSet, type ReplicaSet } from './replica-set.js';
import { SLOW_MACHINE } from './slow-machine.js';
import { steadyLoad, type SteadyLoad } from './steady-load.js';
import { TestAdapter } from './test-adapter.js';
import { startTestSystem, type TestSystem } from './test-system.js';

export interface LoadedReplicas {
  set: ReplicaSet;
  admin: Awaited<ReturnType<typeof orderClient>>;
  /** Starts `workers` writers, alternating a change and a read of their own order. */
  writers(workers: number): Promise<{ orderIds: string[]; load: SteadyLoad }>;
  close(): Promise<void>;
}

export async function startLoadedReplicas(merchant: string, hookMs: number): Promise<LoadedReplicas> {
  const tenant = { merchant, channel: 'web' };
  // The platform's services only: the replicas need no adapter, sandbox or browser app. Every call
  // time-out raised (SLOW_MACHINE): a hook answering late on a loaded machine is not a refusal here.
  const system: TestSystem = await startTestSystem({ services: [...PLATFORM_SERVICES], env: SLOW_MACHINE });
  const receiver = await TestAdapter.start();
  receiver.on('/hook', () => ({ status: 200, delayMs: hookMs }));
  const admin = await orderClient(system, tenant, 'admin');
  let set: ReplicaSet;
  try {
    set = await startReplicaSet(system, { services: ['order', 'payment', 'notifications'], replicaHeader: true, env: SLOW_MACHINE });
  } catch (error) {
    await receiver.close();
    await system.close();
    throw error;
  }
  return {
    set,
    admin,
    async writers(workers) {
      const orderIds = await Promise.all(
        Array.from({ length: workers }, async () => {
          const created = await admin.call('POST', '', sampleOrder({ hooks: [{ adapterId: 'hook_adapter', subscribeTo: '/customer', invoke: `${receiver.url}/hook` }] }));
          expect(created.status).toBe(201);
          return created.body.id as string;
        }),
      );
      const load = steadyLoad(
        set.urls.order!,
        workers,
        (worker, i) =>
          i % 2 === 0
            ? { method: 'PUT', path: `/api/v0/checkout/orders/${orderIds[worker]}/customer/billing`, body: { givenName: 'Kari', familyName: `Change ${i}`, city: 'Oslo', country: 'NO' } }
            : { method: 'GET', path: `/api/v0/checkout/orders/${orderIds[worker]}` },
        { token: admin.token, ...tenant },
      );
      return { orderIds, load };
    },
    async close() {
      await set.close();
      await receiver.close();
      await system.close();
    },
  };
}
