import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { outboxStats } from '../../notifications/outbox-stats.repository.js';
import { REFUSING_ORIGIN } from '../harness/free-port.js';
import { rest } from '../harness/http.js';
import { eventually, orderClient, sampleOrder, heldPayment } from '../harness/orders.js';
import { TestAdapter } from '../harness/test-adapter.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';

// Three attempts per job (100 ms apart); a receiver is paused at its sixth failure in a row.
const ENV = { NOTIFICATION_RETRY_DELAYS_MS: '100,100', NOTIFICATION_TIMEOUT_MS: '2000', NOTIFICATION_RECEIVER_PAUSE_FAILURES: '6', NOTIFICATION_RECEIVER_PAUSE_AFTER_MS: '0' };
const tenant = { merchant: 'm-receivers', channel: 'web' };

let system: TestSystem;
let admin: Awaited<ReturnType<typeof orderClient>>;
let receiver: TestAdapter;
let refusedUrl: string;
/** The 500-answering receiver comes back before it is resumed. */
let fiveHundredHealthy = false;

interface Event {
  id: string;
  type: string;
  data: Record<string, any>;
}

beforeAll(async () => {
  system = await startTestSystem({ services: ['order', 'notifications'], env: ENV });
  admin = await orderClient(system, tenant, 'admin');
  receiver = await TestAdapter.start();
  // Nothing listens there: every call is refused at once.
  refusedUrl = `${REFUSING_ORIGIN}/refused`;
});
afterAll(async () => {
  await receiver?.close();
  await system?.close();
});

const api = (method: string, path: string, body?: unknown, token = admin.token, who = tenant) =>
  rest(system.urls.notifications!, method, path, { token, ...who, ...(body === undefined ? {} : { body }) });
const eventsOf = async (orderId: string): Promise<Event[]> => (await admin.events(orderId)).body;
const jobsOf = (orderId: string) => system.db.prisma.notificationJob.findMany({ where: { orderId }, orderBy: { id: 'asc' } });

/** An order notifying on every status change and reference of its own. */
const statusNotification = (id: string, invoke: string) => ({ id, scope: '/state/currentStatus', schema: { enum: ['accepted', 'completed'] }, invoke });
const referenceNotification = (id: string, invoke: string) => ({ id, scope: '/reference', schema: { type: 'string' }, invoke });

async function walk(orderId: string): Promise<void> {
  await admin.call('PUT', `/${orderId}/state`, { status: 'processing' });
  await admin.call('PUT', `/${orderId}/state`, { status: 'accepted' });
  await admin.call('PUT', `/${orderId}/reference`, { reference: 'erp-1' });
  await admin.call('PUT', `/${orderId}/state`, { status: 'completed' });
}

describe('a failing receiver holds back only its own deliveries', () => {
  let orderId: string;
  let failing500: string;

  it('delivers the live receiver’s notifications at once and in order while a refusing and a 500-answering receiver fail', async () => {
    failing500 = `${receiver.url}/answers-500`;
    receiver.on('/answers-500', () => ({ status: fiveHundredHealthy ? 200 : 500 }));

    const created = await admin.call(
      'POST',
      '',
      sampleOrder({
        payments: [heldPayment()],
        notifications: [
          // The failing receivers come first: under the old rule their jobs were the order's oldest.
          statusNotification('refused', refusedUrl),
          statusNotification('five-hundred', failing500),
          statusNotification('live-status', `${receiver.url}/live`),
          referenceNotification('live-reference', `${receiver.url}/live`),
        ],
      }),
    );
    expect(created.status).toBe(201);
    orderId = created.body.id;
    const started = Date.now();
    await walk(orderId);

    // Held behind the failing receivers, the live "completed" would wait for ever (their own
    // "completed" job is held once they are paused); the bound is only generous for a loaded machine.
    await eventually(async () => receiver.callsTo('/live').length === 3, 30_000);
    expect(Date.now() - started).toBeLessThan(30_000);
    const live = receiver.callsTo('/live');
    expect(live.map((call) => [call.body.notification.id, call.body.value])).toEqual([
      ['live-status', 'accepted'],
      ['live-reference', 'erp-1'],
      ['live-status', 'completed'],
    ]);
    expect(live.map((call) => call.body.version)).toEqual([...live.map((call) => call.body.version)].sort((a, b) => a - b));
  });

  it('retries the failing receivers on their own, dead-letters after the last attempt and pauses them at the threshold', async () => {
    // Per failing receiver: job 1 (accepted) fails 3 times and is dead-lettered; job 2 (completed)
    // fails 3 times too, but its last attempt is the sixth failure in a row: the receiver is
    // paused and the job is held, not dead-lettered.
    const events = await eventually(async () => {
      const listed = await eventsOf(orderId);
      return listed.filter((event) => event.type === 'notification.receiver_paused').length === 2 ? listed : undefined;
    }, 30_000);
    for (const notificationId of ['refused', 'five-hundred']) {
      const deliveries = events.filter((event) => event.type.startsWith('notification.') && event.data.notificationId === notificationId);
      expect(deliveries.map((event) => [event.type, event.data.attempt])).toEqual([
        ['notification.delivery_failed', 1],
        ['notification.delivery_failed', 2],
        ['notification.dead_lettered', 3],
        ['notification.delivery_failed', 1],
        ['notification.delivery_failed', 2],
        ['notification.delivery_failed', 3],
      ]);
      expect(deliveries[0]!.data).toMatchObject({ retryInMs: expect.any(Number), receiverId: expect.any(String) });
      expect(deliveries[4]!.data.receiverPaused).toBeUndefined();
      expect(deliveries[5]!.data).toMatchObject({ receiverPaused: true });
      expect(deliveries[5]!.data.retryInMs).toBeUndefined();
    }
    const refusedFailure = events.find((event) => event.data.notificationId === 'refused' && event.type === 'notification.delivery_failed')!;
    expect(refusedFailure.data.error).toMatch(/^unreachable/);
    const paused = events.filter((event) => event.type === 'notification.receiver_paused');
    expect(paused.map((event) => event.data.url).sort()).toEqual([failing500, refusedUrl].sort());
    expect(paused[0]!.data).toMatchObject({ receiverId: expect.any(String), consecutiveFailures: 6, failingSince: expect.any(String), lastError: expect.any(String) });

    const jobs = await jobsOf(orderId);
    const byNotification = (id: string) => jobs.filter((job) => job.notificationId === id).map((job) => [job.status, job.attempts]);
    expect(byNotification('refused')).toEqual([['dead', 3], ['pending', 3]]);
    expect(byNotification('five-hundred')).toEqual([['dead', 3], ['pending', 3]]);
    expect(byNotification('live-status')).toEqual([['delivered', 1], ['delivered', 1]]);
  });

  it('does not attempt a paused receiver’s jobs while later deliveries go on', async () => {
    const callsBefore = receiver.callsTo('/answers-500').length;
    await eventually(async () => (await jobsOf(orderId)).filter((job) => job.status === 'pending').every((job) => job.nextAttemptAt.getTime() < Date.now()));
    // A later job to a live receiver: the worker takes due jobs oldest first, so once this one is
    // delivered the held (older, due) jobs would have been attempted had they been eligible.
    const later = await admin.call('POST', '', sampleOrder({ notifications: [referenceNotification('barrier', `${receiver.url}/barrier`)] }));
    await admin.call('PUT', `/${later.body.id}/reference`, { reference: 'x' });
    await eventually(async () => (await eventsOf(later.body.id)).some((event) => event.type === 'notification.delivered'));
    expect(receiver.callsTo('/answers-500')).toHaveLength(callsBefore);
    const held = (await jobsOf(orderId)).filter((job) => job.status === 'pending');
    expect(held.map((job) => job.attempts)).toEqual([3, 3]);
    expect(await outboxStats(system.db.pool)).toMatchObject({ queued: 2, held: 2, failing: 2, pausedReceivers: 2 });
  });

  it('lists paused receivers and failed deliveries for an admin', async () => {
    const listed = await api('GET', '/api/v1/receivers?status=paused');
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((item: { url: string }) => item.url).sort()).toEqual([failing500, refusedUrl].sort());
    expect(listed.body.items[0]).toMatchObject({ status: 'paused', consecutiveFailures: 6, pausedAt: expect.any(String), queued: 1, lastError: expect.any(String) });
    // Receivers are known from their first failure on; the live one never failed.
    expect((await api('GET', '/api/v1/receivers')).body.items).toHaveLength(2);

    const failed = await api('GET', `/api/v1/deliveries?status=failed&orderId=${orderId}`);
    expect(failed.status).toBe(200);
    expect(failed.body.items).toHaveLength(2);
    expect(failed.body.items[0]).toMatchObject({ orderId, status: 'failed', attempts: 3, nextAttemptAt: null, receiver: { status: 'paused' } });
    const dead = await api('GET', `/api/v1/deliveries?status=dead&orderId=${orderId}`);
    expect(dead.body.items.map((item: { notificationId: string }) => item.notificationId).sort()).toEqual(['five-hundred', 'refused']);
  });

  it('resumes a receiver from the admin API: its held and replayed jobs are delivered in order', async () => {
    fiveHundredHealthy = true;
    const receivers = (await api('GET', '/api/v1/receivers?status=paused')).body.items as Array<{ id: string; url: string }>;
    const target = receivers.find((item) => item.url === failing500)!;

    // The dead-lettered first job is replayed while the receiver is still paused: it waits too.
    const replay = await api('POST', '/api/v1/deliveries/replay', { filter: { status: 'dead', receiverId: target.id } });
    expect(replay.status).toBe(202);
    expect(replay.body).toMatchObject({ status: 'requeued', requeued: 1, hasMore: false });
    expect(replay.body.held).toEqual(replay.body.jobIds);

    const resumed = await api('POST', `/api/v1/receivers/${target.id}/resume`);
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ status: 'resumed', requeued: 2, receiver: { id: target.id, status: 'active', consecutiveFailures: 0, resumedAt: expect.any(String) } });
    await eventually(async () => receiver.callsTo('/answers-500').filter((call) => call.body.notification.id === 'five-hundred').length >= 8);
    const values = receiver.callsTo('/answers-500').map((call) => call.body.value);
    // Three failed attempts of "accepted", three of "completed", then both delivered in commit order.
    expect(values).toEqual(['accepted', 'accepted', 'accepted', 'completed', 'completed', 'completed', 'accepted', 'completed']);

    const events = await eventually(async () => {
      const listed = await eventsOf(orderId);
      return listed.filter((event) => event.type === 'notification.delivered' && event.data.notificationId === 'five-hundred').length === 2 ? listed : undefined;
    });
    const resumedEvent = events.find((event) => event.type === 'notification.receiver_resumed');
    expect(resumedEvent?.data).toMatchObject({ receiverId: target.id, url: failing500, requeued: 2 });
    expect(events.find((event) => event.type === 'notification.retry_requested')?.data).toMatchObject({ replay: true });

    const active = (await api('GET', '/api/v1/receivers?status=active')).body.items;
    expect(active).toEqual([expect.objectContaining({ id: target.id, url: failing500, consecutiveFailures: 0, failingSince: null, lastSuccessAt: expect.any(String), queued: 0 })]);
    // The refusing receiver stays paused; resuming an active receiver is a conflict.
    expect((await api('GET', '/api/v1/receivers?status=paused')).body.items.map((item: { url: string }) => item.url)).toEqual([refusedUrl]);
    const again = await api('POST', `/api/v1/receivers/${target.id}/resume`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('receiver_not_paused');
  });
});

describe('dead letters across orders and bulk replay', () => {
  const paths = ['/flaky-a', '/flaky-b', '/flaky-c'];
  const orderIds: string[] = [];
  let healthy = false;

  it('lists dead-lettered deliveries newest first, paged and filtered', async () => {
    // One job per receiver: three failures each, below the pause threshold, so they are dead-lettered.
    for (const path of paths) {
      receiver.on(path, () => ({ status: healthy ? 204 : 503 }));
      const created = await admin.call('POST', '', sampleOrder({ notifications: [referenceNotification(`n${path}`, `${receiver.url}${path}`)] }));
      await admin.call('PUT', `/${created.body.id}/reference`, { reference: 'r' });
      orderIds.push(created.body.id);
    }
    for (const id of orderIds) await eventually(async () => (await eventsOf(id)).some((event) => event.type === 'notification.dead_lettered'), 30_000);

    const all: Array<{ id: string; orderId: string }> = [];
    let after: string | undefined;
    for (let page = 0; page < 20; page++) {
      const listed = await api('GET', `/api/v1/deliveries?status=dead&first=1${after ? `&after=${after}` : ''}`);
      expect(listed.status).toBe(200);
      all.push(...listed.body.items);
      if (!listed.body.pageInfo.hasNextPage) break;
      after = listed.body.pageInfo.endCursor;
    }
    const ids = all.map((item) => BigInt(item.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : 1)));
    expect(all.map((item) => item.orderId)).toEqual(expect.arrayContaining(orderIds));
    const one = await api('GET', `/api/v1/deliveries?status=dead&notificationId=${encodeURIComponent('n/flaky-b')}`);
    expect(one.body.items).toEqual([
      expect.objectContaining({ orderId: orderIds[1], notificationId: 'n/flaky-b', status: 'dead', attempts: 3, lastError: 'HTTP 503', nextAttemptAt: null, invoke: `${receiver.url}/flaky-b` }),
    ]);
  });

  it('replays chosen deliveries by id with fresh attempts and says which ids it did not replay', async () => {
    healthy = true;
    const [first, second] = await Promise.all(orderIds.slice(0, 2).map(async (id) => (await api('GET', `/api/v1/deliveries?status=dead&orderId=${id}`)).body.items[0].id as string));
    const replay = await api('POST', '/api/v1/deliveries/replay', { ids: [first, second, '999999999'] });
    expect(replay.status).toBe(202);
    expect(replay.body).toMatchObject({ status: 'requeued', requeued: 2, jobIds: [first, second].sort((a, b) => Number(a) - Number(b)), held: [], notReplayed: ['999999999'] });
    for (const id of orderIds.slice(0, 2)) {
      await eventually(async () => (await eventsOf(id)).some((event) => event.type === 'notification.delivered'));
    }
    const jobs = await jobsOf(orderIds[0]!);
    expect(jobs.map((job) => [job.status, job.attempts])).toEqual([['delivered', 1]]);
    // Delivered now: no longer a dead delivery, so replaying it again replays nothing.
    expect((await api('POST', '/api/v1/deliveries/replay', { ids: [first] })).body).toMatchObject({ requeued: 0, notReplayed: [first] });
  });

  it('replays by filter in batches of `limit`', async () => {
    const replay = await api('POST', '/api/v1/deliveries/replay', { filter: { status: 'dead', orderId: orderIds[2] }, limit: 1 });
    expect(replay.status).toBe(202);
    expect(replay.body.requeued).toBe(1);
    await eventually(async () => (await eventsOf(orderIds[2]!)).some((event) => event.type === 'notification.delivered'));
    expect(receiver.callsTo('/flaky-c').at(-1)!.body.value).toBe('r');
  });
});

describe('roles, tenants and bad input', () => {
  it('refuses storefront and adapter tokens with 403', async () => {
    for (const role of ['storefront', 'adapter', 'service'] as const) {
      const token = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role, ...(role === 'adapter' ? { adapterId: 'commerce_adapter' } : {}) });
      for (const [method, path, body] of [
        ['GET', '/api/v1/receivers'],
        ['GET', '/api/v1/deliveries?status=dead'],
        ['POST', '/api/v1/deliveries/replay', { ids: ['1'] }],
        ['POST', '/api/v1/receivers/00000000-0000-4000-8000-000000000000/resume'],
      ] as const) {
        const answer = await api(method, path, body, token);
        expect({ role, path, status: answer.status, code: answer.body.code }).toEqual({ role, path, status: 403, code: 'forbidden' });
      }
    }
  });

  it('shows another tenant nothing and lets it change nothing', async () => {
    const other = { merchant: 'm-other', channel: 'web' };
    const token = await system.token({ merchant: other.merchant, channels: [other.channel], role: 'admin' });
    const otherChannel = { merchant: tenant.merchant, channel: 'app' };
    const otherChannelToken = await system.token({ merchant: tenant.merchant, channels: ['app'], role: 'admin' });
    const paused = (await api('GET', '/api/v1/receivers?status=paused')).body.items[0] as { id: string };
    const dead = (await api('GET', '/api/v1/deliveries')).body.items as Array<{ id: string }>;
    expect(dead.length).toBeGreaterThan(0);

    for (const [who, whoToken] of [[other, token], [otherChannel, otherChannelToken]] as const) {
      expect((await api('GET', '/api/v1/receivers', undefined, whoToken, who)).body.items).toEqual([]);
      expect((await api('GET', '/api/v1/deliveries', undefined, whoToken, who)).body.items).toEqual([]);
      expect((await api('GET', `/api/v1/receivers/${paused.id}`, undefined, whoToken, who)).status).toBe(404);
      const resume = await api('POST', `/api/v1/receivers/${paused.id}/resume`, undefined, whoToken, who);
      expect(resume.status).toBe(404);
      expect(resume.body.code).toBe('receiver_not_found');
      const replay = await api('POST', '/api/v1/deliveries/replay', { ids: dead.map((item) => item.id) }, whoToken, who);
      expect(replay.body).toMatchObject({ requeued: 0, notReplayed: dead.map((item) => item.id) });
      expect((await api('POST', '/api/v1/deliveries/replay', { filter: {} }, whoToken, who)).body.requeued).toBe(0);
    }
    expect((await api('GET', `/api/v1/receivers/${paused.id}`)).body.status).toBe('paused');
    expect((await api('GET', '/api/v1/deliveries')).body.items.map((item: { id: string }) => item.id)).toEqual(dead.map((item) => item.id));
  });

  it('answers bad input with 400 and the error body', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/v1/deliveries?status=lost'],
      ['GET', '/api/v1/deliveries?first=0'],
      ['GET', '/api/v1/deliveries?first=201'],
      ['GET', '/api/v1/deliveries?after=abc'],
      ['GET', '/api/v1/deliveries?receiverId=not-a-uuid'],
      ['GET', '/api/v1/deliveries?colour=red'],
      ['GET', '/api/v1/receivers?status=dead'],
      ['GET', '/api/v1/receivers/123'],
      ['POST', '/api/v1/receivers/abc/resume'],
      ['POST', '/api/v1/deliveries/replay'],
      ['POST', '/api/v1/deliveries/replay', {}],
      ['POST', '/api/v1/deliveries/replay', { ids: [] }],
      ['POST', '/api/v1/deliveries/replay', { ids: ['x'] }],
      ['POST', '/api/v1/deliveries/replay', { ids: ['1', '1'] }],
      ['POST', '/api/v1/deliveries/replay', { ids: ['1'], filter: {} }],
      ['POST', '/api/v1/deliveries/replay', { ids: ['1'], limit: 5 }],
      ['POST', '/api/v1/deliveries/replay', { filter: { status: 'delivered' } }],
      ['POST', '/api/v1/deliveries/replay', { filter: {}, limit: 0 }],
      ['POST', '/api/v1/deliveries/replay', { filter: { colour: 'red' } }],
      ['POST', '/api/v1/deliveries/replay', [1]],
    ] as const) {
      const answer = await api(method, path, body);
      expect({ path, body, status: answer.status }).toEqual({ path, body, status: 400 });
      expect(answer.body).toEqual(expect.objectContaining({ code: expect.any(String), message: expect.any(String) }));
    }
    const unknown = await api('GET', '/api/v1/receivers/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
  });
});

describe('receivers', () => {
  it('are told apart by their normalised invoke URL, the order’s own id read as {orderId}', async () => {
    const cases: Array<[string, string, string]> = [
      ['HTTP://Example.COM:80/Hook?a=1#frag', 'o-1', 'http://example.com/Hook?a=1'],
      ['https://example.com:443', 'o-1', 'https://example.com/'],
      ['https://example.com:8443/x/', 'o-1', 'https://example.com:8443/x/'],
      ['https://example.com?q', 'o-1', 'https://example.com/?q'],
      ['http://adapter:4101/api/v1/orders/o-1/export-order', 'o-1', 'http://adapter:4101/api/v1/orders/{orderId}/export-order'],
      ['http://adapter:4101/api/v1/orders/o-12/export-order?o-1', 'o-1', 'http://adapter:4101/api/v1/orders/o-12/export-order?o-1'],
      ['not a url', 'o-1', 'not a url'],
    ];
    const { rows } = await system.db.pool.query<{ url: string }>(
      `select notification_receiver_url(u, o) as url from unnest($1::text[], $2::text[]) with ordinality as t(u, o, n) order by n`,
      [cases.map((c) => c[0]), cases.map((c) => c[1])],
    );
    expect(rows.map((row) => row.url)).toEqual(cases.map((c) => c[2]));
  });

  it('are one per adapter endpoint across orders, so failures of many orders add up', async () => {
    const [a, b] = await Promise.all([admin.call('POST', '', sampleOrder()), admin.call('POST', '', sampleOrder())]);
    for (const order of [a.body, b.body]) {
      await admin.call('POST', `/${order.id}/notifications`, { id: 'export', scope: '/reference', schema: { type: 'string' }, invoke: `${receiver.url}/orders/${order.id}/export` });
    }
    const jobs = await Promise.all([a.body.id, b.body.id].map(async (id) => {
      await admin.call('PUT', `/${id}/reference`, { reference: 'r' });
      return eventually(async () => (await jobsOf(id))[0]);
    }));
    expect(jobs.map((job) => job.receiver)).toEqual([`${receiver.url}/orders/{orderId}/export`, `${receiver.url}/orders/{orderId}/export`]);
  });
});
