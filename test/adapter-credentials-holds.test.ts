/** System-issued adapter credentials held by a running process are not revoked by another process starting the same adapter (docs/scaling.md). */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AdapterCredentials } from '../platform/auth/adapter-credentials.repository.js';
import { eventually } from './harness/orders.js';
import { createTestDatabase } from './harness/test-database.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let store: AdapterCredentials;
const ADAPTER = 'commerce_adapter';

beforeAll(async () => {
  database = await createTestDatabase();
  store = new AdapterCredentials(database.db.prisma);
});
afterAll(() => database?.drop());

describe('system-issued credentials of one adapter in two processes', () => {
  it('the second start leaves the first one’s held credential valid and says so; a start after its hold ran out revokes it', async () => {
    // As an earlier version of the runner left them: system-issued, never held.
    const old = await store.issue(ADAPTER, 'system');
    const first = await store.issue(ADAPTER, 'system', { rotate: true, holdMs: 60_000 });
    expect(first.heldByOthers).toBe(0);
    expect(await store.verify(old.clientId, old.clientSecret)).toBeUndefined();

    const second = await store.issue(ADAPTER, 'system', { rotate: true, holdMs: 500 });
    expect(second.heldByOthers).toBe(1);
    expect(await store.verify(first.clientId, first.clientSecret)).toBe(ADAPTER);
    expect(await store.verify(second.clientId, second.clientSecret)).toBe(ADAPTER);

    // The first keeps renewing; the second's process is gone (its hold is not renewed).
    await store.renew([first.clientId], 60_000);
    const heldUntil = (await database.db.prisma.adapterCredential.findUniqueOrThrow({ where: { clientId: second.clientId } })).heldUntil!;
    await eventually(async () => (await database.db.pool.query<{ past: boolean }>('select now() > $1 as past', [heldUntil])).rows[0]!.past, 10_000, 50);

    const third = await store.issue(ADAPTER, 'system', { rotate: true, holdMs: 60_000 });
    expect(third.heldByOthers).toBe(1);
    expect(await store.verify(second.clientId, second.clientSecret)).toBeUndefined();
    expect(await store.verify(first.clientId, first.clientSecret)).toBe(ADAPTER);
    expect(await store.verify(third.clientId, third.clientSecret)).toBe(ADAPTER);
  });

  it('a CLI rotation still revokes every earlier CLI credential', async () => {
    const a = await store.issue('giftcard_adapter', 'cli');
    const b = await store.issue('giftcard_adapter', 'cli', { rotate: true });
    expect(await store.verify(a.clientId, a.clientSecret)).toBeUndefined();
    expect(await store.verify(b.clientId, b.clientSecret)).toBe('giftcard_adapter');
  });
});
