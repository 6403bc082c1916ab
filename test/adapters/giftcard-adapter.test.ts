import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, graphql, rest } from '../harness/http.js';
import { OrderPaymentAttemptsDocument } from '../generated/graphql.js';
import { outboxSettled } from '../harness/outbox.js';
import { loseNextAnswer } from '../harness/lost-answer.js';
import { eventually, orderClient, sampleOrder } from '../harness/orders.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';

/** The gift card adapter through real HTTP: platform, gift card sandbox and adapter all running. */

let system: TestSystem;
let admin: Awaited<ReturnType<typeof orderClient>>;
let storefront: string;
let service: string;
const tenant = { merchant: 'm-giftcard', channel: 'web' };
const unconfigured = { merchant: 'm-giftcard', channel: 'no-config' };

beforeAll(async () => {
  system = await startTestSystem({ env: { NOTIFICATION_RETRY_DELAYS_MS: '50,100,200' } });
  admin = await orderClient(system, tenant, 'admin');
  storefront = await system.token({ merchant: tenant.merchant, channels: [tenant.channel, unconfigured.channel], role: 'storefront' });
  service = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'service' });
  const configured = await configure(tenant);
  expect(configured.status).toBe(201);
});
afterAll(async () => {
  await system?.close();
});

const adapterUrl = () => system.urls.giftcard_adapter!;
const sandboxUrl = () => system.urls.giftcard_sandbox!;

async function configure(t: typeof tenant) {
  const token = await system.token({ merchant: t.merchant, channels: [t.channel], role: 'admin' });
  return rest(system.urls.configuration!, 'PUT', `/api/v1/configuration/merchants/${t.merchant}/channels/${t.channel}/configurations/giftcard_adapter`, {
    token,
    ...t,
    body: {
      $schema: `${adapterUrl()}/openapi/v1/schemas/giftcard_adapter.json`,
      id: 'giftcard_adapter',
      active: true,
      adapter: { publicUrl: adapterUrl() },
      api: { baseUrl: sandboxUrl(), username: 'giftcard', password: 'giftcard-secret', shopId: 'shop-1' },
    },
  });
}

/** A fresh card in the sandbox (unique id per call). */
async function seedCard(balance: number, code?: string): Promise<string> {
  const cardId = `card-${randomBytes(5).toString('hex')}`;
  const seeded = await rest(sandboxUrl(), 'POST', '/api/sandbox/cards', { body: { cardId, balance, currency: 'NOK', ...(code ? { code } : {}) } });
  expect(seeded.status).toBe(201);
  return cardId;
}
const card = async (cardId: string) => (await rest(sandboxUrl(), 'GET', `/api/sandbox/cards/${cardId}`)).body;

async function newOrder(total = 249.9, t = tenant): Promise<string> {
  const client = t === tenant ? admin : await orderClient(system, t, 'admin');
  const created = await client.call('POST', '', sampleOrder({ cart: { reference: 'basket', items: [{ id: 'i-1' }], total: { includingVat: total, excludingVat: Math.round(total * 80) / 100 } } }));
  expect(created.status).toBe(201);
  return created.body.id;
}
const getOrder = async (orderId: string) => (await admin.call('GET', `/${orderId}`)).body;
const setStatus = (orderId: string, status: string) => admin.call('PUT', `/${orderId}/state`, { status });

const addCard = (orderId: string, body: unknown, t = tenant) =>
  rest(adapterUrl(), 'POST', `/api/checkout/v1/orders/${orderId}/payments`, { token: storefront, ...t, body });
const removeCard = (orderId: string, paymentId: string) =>
  rest(adapterUrl(), 'POST', `/api/checkout/v1/orders/${orderId}/payments/${paymentId}/remove`, { token: storefront, ...tenant });
const transactions = (paymentId: string) => system.db.prisma.paymentTransaction.findMany({ where: { paymentId }, orderBy: { createdAt: 'asc' } });
/** The gift card system fails the next call of `operation` (docs/sandboxes.md, failure injection). */
async function failNext(operation: string, status = 500) {
  const rule = await rest(sandboxUrl(), 'POST', '/api/sandbox/failures', { body: { operation, status, times: 1 } });
  expect(rule.status).toBe(201);
}

describe('gift card adapter: adding cards', () => {
  it('serves its configuration schema publicly', async () => {
    const { status, body } = await rest(adapterUrl(), 'GET', '/openapi/v1/schemas/giftcard_adapter.json');
    expect(status).toBe(200);
    expect(body.properties.api.properties.password.writeOnly).toBe(true);
  });

  it('answers 400 "Configuration is missing for this channel." without a configuration', async () => {
    const orderId = await newOrder(100, unconfigured);
    const { status, body } = await addCard(orderId, { cardId: await seedCard(100) }, unconfigured);
    expect(status).toBe(400);
    expect(body).toEqual({ code: 'configuration_missing', message: 'Configuration is missing for this channel.' });
  });

  it('refuses an unknown card, a card without balance and a missing required code (400)', async () => {
    const orderId = await newOrder();
    const unknown = await addCard(orderId, { cardId: 'no-such-card' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('gift_card_not_found');

    const empty = await addCard(orderId, { cardId: await seedCard(0) });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('gift_card_empty');

    const noCode = await addCard(orderId, { cardId: await seedCard(100, '1234') });
    expect(noCode.status).toBe(400);
    expect(noCode.body.code).toBe('gift_card_code_required');

    expect((await getOrder(orderId)).payments).toEqual([]);
  });

  it('does not check the code when a card is added (a wrong code is accepted here)', async () => {
    const orderId = await newOrder(100);
    const added = await addCard(orderId, { cardId: await seedCard(100, '1234'), code: '9999' });
    expect(added.status).toBe(201);
  });

  it('covers what remains: total 150, two cards of 100 cover 100 and 50; registers its callbacks once', async () => {
    const orderId = await newOrder(150);
    const [first, second] = [await seedCard(100, '1111'), await seedCard(100)];
    const a = await addCard(orderId, { cardId: first, code: '1111' });
    expect(a.status).toBe(201);
    expect(a.body).toEqual({ paymentId: expect.any(String), cardId: first, code: '1111', amount: 100, upperLimitAmount: 100, currency: 'NOK', state: 'intent' });
    expect(a.headers.get('location')).toBe(`/api/v0/checkout/orders/${orderId}/payments/${a.body.paymentId}`);
    const b = await addCard(orderId, { cardId: second });
    expect(b.status).toBe(201);
    expect(b.body).toMatchObject({ cardId: second, code: null, amount: 50, upperLimitAmount: 100 });

    const order = await getOrder(orderId);
    expect(order.payments).toEqual([
      expect.objectContaining({ id: a.body.paymentId, adapterId: 'giftcard_adapter', type: 'giftcard', state: 'intent', amount: 100, upperLimitAmount: 100 }),
      expect.objectContaining({ id: b.body.paymentId, adapterId: 'giftcard_adapter', type: 'giftcard', state: 'intent', amount: 50, upperLimitAmount: 100 }),
    ]);
    // One commit: the payment with its callbacks, the payment id filled in by the platform.
    const base = (paymentId: string) => `${adapterUrl()}/v0/orders/${orderId}/payments/${paymentId}`;
    expect(order.payments[0].callbacks).toEqual({
      process: `${base(a.body.paymentId)}/process`,
      abort: `${base(a.body.paymentId)}/abort`,
      confirm: `${base(a.body.paymentId)}/confirm`,
    });
    expect(order.payments[1].callbacks.process).toBe(`${base(b.body.paymentId)}/process`);
    // The platform drives reservations through those callbacks: no hook or notification of its own.
    expect(order.hooks.filter((h: { adapterId: string }) => h.adapterId === 'giftcard_adapter')).toEqual([]);
    expect(order.notifications.filter((n: { adapterId: string }) => n.adapterId === 'giftcard_adapter')).toEqual([]);
    expect((await transactions(a.body.paymentId)).map((t) => [t.event, t.isSuccess])).toEqual([['open', true]]);
    // The code is kept sealed: the order (which a storefront can read) never holds it in clear.
    expect(JSON.stringify(order)).not.toContain('1111');
    expect(order.payments[0].attributes).toEqual({ cardId: first, codeRequired: true, sealedCode: expect.stringMatching(/^v1\./) });
    expect((await admin.call('POST', `/${orderId}/validate`)).status).toBe(200);

    const again = await addCard(orderId, { cardId: first, code: '1111' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('gift_card_already_added');
  });

  it('removes softly (the payment stays as removed), lets the next card grow, and re-adding makes a new payment', async () => {
    const orderId = await newOrder(150);
    const [first, second] = [await seedCard(100), await seedCard(100)];
    const a = await addCard(orderId, { cardId: first });
    const b = await addCard(orderId, { cardId: second });

    const removed = await removeCard(orderId, a.body.paymentId);
    expect(removed.status).toBe(200);
    expect(removed.body.payments).toEqual([
      expect.objectContaining({ id: a.body.paymentId, state: 'removed', amount: 100 }),
      expect.objectContaining({ id: b.body.paymentId, state: 'intent', amount: 100 }),
    ]);
    expect((await removeCard(orderId, a.body.paymentId)).status).toBe(200); // idempotent

    const readded = await addCard(orderId, { cardId: first });
    expect(readded.status).toBe(201);
    expect(readded.body.paymentId).not.toBe(a.body.paymentId);
    expect(readded.body.amount).toBe(50);
    const order = await getOrder(orderId);
    expect(order.payments.map((p: { state: string; amount: number }) => [p.state, p.amount])).toEqual([['removed', 100], ['intent', 100], ['intent', 50]]);
  });

  it('follows order changes through amountChanged: a bigger total grows the second card, a smaller shrinks both', async () => {
    const orderId = await newOrder(150);
    const a = await addCard(orderId, { cardId: await seedCard(100) });
    const b = await addCard(orderId, { cardId: await seedCard(100) });
    const amounts = async () => (await getOrder(orderId)).payments.map((p: { amount: number }) => p.amount);

    await admin.call('PUT', `/${orderId}/cart`, { items: [{ id: 'i-1' }], total: { includingVat: 300, excludingVat: 240 } });
    await eventually(async () => JSON.stringify(await amounts()) === '[100,100]');

    await admin.call('PUT', `/${orderId}/cart`, { items: [{ id: 'i-1' }], total: { includingVat: 80, excludingVat: 64 } });
    await eventually(async () => JSON.stringify(await amounts()) === '[80,0]');
    const payment = await rest(adapterUrl(), 'GET', `/api/checkout/v1/orders/${orderId}/payments/${b.body.paymentId}`, { token: storefront, ...tenant });
    expect(payment.body).toMatchObject({ paymentId: b.body.paymentId, amount: 0, upperLimitAmount: 100, state: 'intent' });
    expect(a.body.amount).toBe(100);
  });

  it('the same card added three times at once: exactly one add wins, the others get 409 gift_card_already_added and leave nothing', async () => {
    const orderId = await newOrder(150);
    const cardId = await seedCard(100);
    const answers = await Promise.all([1, 2, 3].map(() => addCard(orderId, { cardId })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    for (const lost of answers.filter((a) => a.status === 409)) expect(lost.body.code).toBe('gift_card_already_added');
    const won = answers.find((a) => a.status === 201)!;
    const order = await getOrder(orderId);
    expect(order.payments).toEqual([expect.objectContaining({ id: won.body.paymentId, reference: cardId, state: 'intent', amount: 100, upperLimitAmount: 100 })]);
    // The winner covers 100 of 150; another card covers the rest.
    expect((await addCard(orderId, { cardId: await seedCard(100) })).body.amount).toBe(50);
  });

  it('the gift card system failing while a card is added: 400 provider_failed with details.errorDetail, no payment, an attempt logged with the order', async () => {
    const orderId = await newOrder(100);
    const cardId = await seedCard(100);
    await failNext('getCardInfo');
    const failed = await addCard(orderId, { cardId });
    expect(failed.status).toBe(400);
    expect(failed.body).toEqual({ code: 'provider_failed', message: 'Injected failure for getCardInfo.', details: { errorDetail: 'Injected failure for getCardInfo.', providerCode: 'service_unavailable', providerStatus: 500 } });
    expect((await getOrder(orderId)).payments).toEqual([]);

    // No payment exists yet: the failure is an attempt of the order, as the admin sees it through the payment API and GraphQL.
    const adminToken = await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'admin' });
    const attempts = await rest(system.urls.payment!, 'GET', `/api/v0/payments/attempts?orderId=${orderId}`, { token: adminToken, ...tenant });
    expect(attempts.status).toBe(200);
    expect(attempts.body).toEqual([
      expect.objectContaining({ orderId, paymentId: null, adapterId: 'giftcard_adapter', event: 'open', pspEvent: 'card-info', isSuccess: false, pspStatus: 'provider_failed', requestJson: { cardId, codeGiven: false }, errorDetail: failed.body.details.errorDetail }),
    ]);
    const viaGraph = await graphql(system.urls.gateway!, OrderPaymentAttemptsDocument, { id: orderId }, { token: adminToken, ...tenant });
    expect(dataOf(viaGraph).order?.paymentAttempts).toEqual([{ paymentId: null, adapterId: 'giftcard_adapter', isSuccess: false, errorDetail: failed.body.details.errorDetail }]);

    // A refusal (an unknown card) is an answer to the shopper, not a failure: no attempt.
    expect((await addCard(orderId, { cardId: 'card-unknown' })).status).toBe(400);
    expect((await addCard(orderId, { cardId })).status).toBe(201);
    expect((await rest(system.urls.payment!, 'GET', `/api/v0/payments/attempts?orderId=${orderId}`, { token: adminToken, ...tenant })).body).toHaveLength(1);
  });

  it('the gift card system failing while a card is removed: 400 provider_failed, a failed transaction with errorDetail, the card stays', async () => {
    const orderId = await newOrder(100);
    const added = await addCard(orderId, { cardId: await seedCard(100) });
    await failNext('listReservations');
    const failed = await removeCard(orderId, added.body.paymentId);
    expect(failed.status).toBe(400);
    expect(failed.body).toMatchObject({ code: 'provider_failed', details: { errorDetail: expect.any(String), providerStatus: 500, paymentId: added.body.paymentId } });
    expect((await transactions(added.body.paymentId)).at(-1)).toMatchObject({ event: 'remove', pspEvent: 'cancel', isSuccess: false, errorDetail: failed.body.details.errorDetail });
    expect((await getOrder(orderId)).payments).toEqual([expect.objectContaining({ id: added.body.paymentId, state: 'intent' })]);
    expect((await removeCard(orderId, added.body.paymentId)).status).toBe(200);
  });

  it('refuses its platform callbacks to a storefront token (403)', async () => {
    const orderId = await newOrder(100);
    const a = await addCard(orderId, { cardId: await seedCard(100) });
    for (const path of ['amount-changed', 'process', 'abort', 'confirm'].map((name) => `/v0/orders/${orderId}/payments/${a.body.paymentId}/${name}`)) {
      const { status, body } = await rest(adapterUrl(), 'POST', path, { token: storefront, ...tenant, body: { amount: 1 } });
      expect([path, status, body.code]).toEqual([path, 403, 'forbidden']);
    }
  });
});

describe('gift card adapter: reservations', () => {
  it('reserves at process, commits at confirm (balance down by exactly the amount), and a repeated confirm changes nothing', async () => {
    const orderId = await newOrder(80);
    const cardId = await seedCard(100, '4321');
    const added = await addCard(orderId, { cardId, code: '4321' });
    expect(added.body.amount).toBe(80);

    expect((await setStatus(orderId, 'processing')).status).toBe(200);
    let order = await getOrder(orderId);
    expect(order.payments[0]).toMatchObject({ state: 'reserved', attributes: { cardId, reservationId: expect.any(String) } });
    expect(await card(cardId)).toMatchObject({ balance: 100, reserved: 80, available: 20 });

    expect((await setStatus(orderId, 'accepted')).status).toBe(200);
    const completed = await setStatus(orderId, 'completed');
    expect(completed.status).toBe(200);
    // Committed inside the move: captured in the commit that completes the order.
    expect(completed.body.payments[0].state).toBe('captured');
    expect(await card(cardId)).toMatchObject({ balance: 20, reserved: 0, committed: 80 });
    order = await getOrder(orderId);
    expect(order.payments[0].attributes.sealedCode).toBeUndefined();

    // The platform called confirm once (an event and a transaction); a repeated call changes nothing.
    await outboxSettled(system, orderId);
    const paymentId = order.payments[0].id;
    expect((await transactions(paymentId)).filter((t) => t.pspEvent === 'platform').map((t) => [t.event, t.isSuccess])).toEqual([
      ['process', true],
      ['confirm', true],
    ]);
    const confirmPath = `/v0/orders/${orderId}/payments/${paymentId}/confirm`;
    const body = { callback: 'confirm', orderId, paymentId, adapterId: 'giftcard_adapter', operationId: `confirm:${paymentId}`, amount: 80, currency: 'NOK', state: 'reserved', order };
    expect((await rest(adapterUrl(), 'POST', confirmPath, { token: service, ...tenant, body })).status).toBe(403);
    const headers = await system.callHeaders({ tenant, receiver: 'giftcard_adapter', orderId, purpose: 'confirm', url: `${adapterUrl()}${confirmPath}`, body });
    const redelivered = await rest(adapterUrl(), 'POST', confirmPath, { headers, body });
    expect(redelivered.status).toBe(200);
    expect(await card(cardId)).toMatchObject({ balance: 20, committed: 80 });
  });

  it('a commit the gift card system refuses inside the move to completed does not stop it: the outbox confirms the card after commit', async () => {
    const orderId = await newOrder(40);
    const cardId = await seedCard(100);
    await addCard(orderId, { cardId });
    for (const status of ['processing', 'accepted']) expect((await setStatus(orderId, status)).status).toBe(200);
    await failNext('commitReservation', 503);
    const completed = await setStatus(orderId, 'completed');
    expect(completed.status).toBe(200);
    expect(completed.body.state.currentStatus).toBe('completed');
    expect(completed.body.payments[0].state).toBe('reserved');
    // Retried from the outbox (afterCommit): the adapter records the capture through the payment API.
    await eventually(async () => (await getOrder(orderId)).payments[0].state === 'captured');
    await outboxSettled(system, orderId);
    expect(await card(cardId)).toMatchObject({ balance: 60, reserved: 0, committed: 40 });
    const paymentId = completed.body.payments[0].id;
    expect((await transactions(paymentId)).filter((t) => t.pspEvent === 'platform' && t.event === 'confirm').map((t) => t.isSuccess)).toEqual([false, true]);
  });

  it('money calls safe to retry: a commit whose answer is lost after the gift card system applied it is confirmed again from the outbox, and the balance drops once', async () => {
    const orderId = await newOrder(40);
    const cardId = await seedCard(100);
    await addCard(orderId, { cardId });
    for (const status of ['processing', 'accepted']) expect((await setStatus(orderId, status)).status).toBe(200);
    await loseNextAnswer(sandboxUrl(), 'commitReservation');
    const completed = await setStatus(orderId, 'completed');
    expect(completed.status).toBe(200);
    expect(completed.body.payments[0].state).toBe('reserved');
    await eventually(async () => (await getOrder(orderId)).payments[0].state === 'captured');
    await outboxSettled(system, orderId);
    // Committed twice (the same reservation: the system's own idempotency), the money moved once.
    expect(await card(cardId)).toMatchObject({ balance: 60, reserved: 0, committed: 40 });
    const paymentId = completed.body.payments[0].id;
    expect((await transactions(paymentId)).filter((t) => t.pspEvent === 'platform' && t.event === 'confirm').map((t) => t.isSuccess)).toEqual([false, true]);
  });

  it('releases the reservation when the order returns to checkout, and reserves again on the next processing', async () => {
    const orderId = await newOrder(60);
    const cardId = await seedCard(100);
    await addCard(orderId, { cardId });
    expect((await setStatus(orderId, 'processing')).status).toBe(200);
    expect((await card(cardId)).reserved).toBe(60);

    expect((await setStatus(orderId, 'checkout')).status).toBe(200);
    expect((await card(cardId)).reserved).toBe(0);
    const payment = (await getOrder(orderId)).payments[0];
    expect(payment.state).toBe('intent');
    expect(payment.attributes.reservationId).toBeUndefined();

    expect((await setStatus(orderId, 'processing')).status).toBe(200);
    expect(await card(cardId)).toMatchObject({ reserved: 60, balance: 100 });
  });

  it('vetoes processing on an invalid code; the platform aborts the card that was reserved (released)', async () => {
    const orderId = await newOrder(150);
    const good = await seedCard(100);
    const bad = await seedCard(100, '1234');
    await addCard(orderId, { cardId: good });
    await addCard(orderId, { cardId: bad, code: '0000' });

    const refused = await setStatus(orderId, 'processing');
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('payment_process_failed');
    expect(refused.body.details).toMatchObject({ adapterId: 'giftcard_adapter', message: `The code of gift card ${bad} is invalid.` });
    expect((await getOrder(orderId)).state.currentStatus).toBe('checkout');
    expect((await card(good)).reserved).toBe(0);
    expect((await card(bad)).reserved).toBe(0);
  });

  it('vetoes processing when the balance left is not enough (the card is reserved by another order)', async () => {
    const cardId = await seedCard(100);
    const first = await newOrder(70);
    const second = await newOrder(70);
    await addCard(first, { cardId });
    await addCard(second, { cardId });
    expect((await setStatus(first, 'processing')).status).toBe(200);
    const refused = await setStatus(second, 'processing');
    expect(refused.status).toBe(400);
    expect(refused.body.details.message).toBe(`Gift card ${cardId} has 30 available, less than the 70 to pay.`);
    expect((await getOrder(second)).state.currentStatus).toBe('checkout');
  });

  it('two checkouts racing for the last 100 of one card: exactly one reaches processing', async () => {
    const cardId = await seedCard(100);
    const orders = [await newOrder(100), await newOrder(100)];
    for (const orderId of orders) expect((await addCard(orderId, { cardId })).body.amount).toBe(100);

    const results = await Promise.all(orders.map((orderId) => setStatus(orderId, 'processing')));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const states = await Promise.all(orders.map(async (orderId) => (await getOrder(orderId)).state.currentStatus));
    expect(states.sort()).toEqual(['checkout', 'processing']);
    expect(await card(cardId)).toMatchObject({ balance: 100, reserved: 100, available: 0 });
  });
});
