import type { TestSystem } from './test-system.js';

/**
 * Waits until the outbox has settled: no `notification_jobs` row is still `pending` (due now or
 * waiting for a retry) for the order, or in the whole test database when no order is named.
 * Delivered, skipped and dead jobs are settled. A job stays pending (leased) until its call is
 * answered and the outcome written, so once nothing is pending every call the outbox will make
 * has been made and answered — the
 * point after which a test may assert that nothing else happened (never a fixed sleep).
 */
export async function outboxSettled(system: Pick<TestSystem, 'db'>, orderId?: string, timeoutMs = 30_000): Promise<void> {
  const where = { status: 'pending', ...(orderId === undefined ? {} : { orderId }) };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pending = await system.db.prisma.notificationJob.findMany({ where, select: { id: true, orderId: true, kind: true, notificationId: true, attempts: true, lastError: true }, take: 5 });
    if (pending.length === 0) return;
    if (Date.now() > deadline) {
      throw new Error(`the outbox did not settle within ${timeoutMs} ms; still pending: ${JSON.stringify(pending, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
