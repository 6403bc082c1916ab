import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger } from '../platform/logging/logger.js';
import { createGiftCardSandbox, type GiftCardSandbox } from '../sandboxes/giftcard/gift-card-sandbox.app.js';
import { rest } from './harness/http.js';

const logger = createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
let sandbox: GiftCardSandbox;
let url: string;
let cardNumber = 0;

const basic = (username = 'giftcard', password = 'giftcard-secret') => ({ authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` });
/** A call to the Basic-auth gift card API. */
const api = (method: string, path: string, body?: unknown) => rest(url, method, path, { headers: basic(), ...(body === undefined ? {} : { body }) });
const sandboxCard = async (cardId: string) => (await rest(url, 'GET', `/api/sandbox/cards/${cardId}`)).body;

/** Seeds a fresh card (code `1234` unless `code: null`). */
async function seedCard(balance: number, code: string | null = '1234'): Promise<string> {
  const cardId = `card-${++cardNumber}`;
  const { status } = await rest(url, 'POST', '/api/sandbox/cards', { body: { cardId, balance, currency: 'SEK', ...(code === null ? {} : { code }) } });
  expect(status).toBe(201);
  return cardId;
}

/** Reserves on the card; orderId defaults to one per card (`order-<cardId>`), paymentId to `pay-1`. */
const reserve = (cardId: string, body: Record<string, unknown>) =>
  api('POST', `/api/v1/cards/${cardId}/reservations`, { orderId: `order-${cardId}`, paymentId: 'pay-1', code: '1234', ...body });

beforeAll(async () => {
  sandbox = createGiftCardSandbox({ logger });
  url = await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => sandbox?.app.close());

describe('auth', () => {
  it('needs HTTP Basic with the configured credentials; the sandbox paths need none', async () => {
    const cardId = await seedCard(100);
    const missing = await rest(url, 'GET', `/api/v1/cards/${cardId}?code=1234`);
    expect(missing).toMatchObject({ status: 401, body: { code: 'unauthorized', message: expect.any(String) } });
    expect(missing.headers.get('www-authenticate')).toMatch(/^Basic realm="giftcard"/);
    expect((await rest(url, 'GET', `/api/v1/cards/${cardId}?code=1234`, { headers: basic('giftcard', 'wrong') })).status).toBe(401);
    expect((await api('GET', `/api/v1/cards/${cardId}?code=1234`)).status).toBe(200);

    const custom = createGiftCardSandbox({ logger, credentials: { username: 'shop-7', password: 'p:w' } });
    const base = await custom.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      expect((await rest(base, 'GET', '/api/v1/cards/x', { headers: basic() })).status).toBe(401);
      expect((await rest(base, 'GET', '/api/v1/cards/x', { headers: basic('shop-7', 'p:w') })).body.code).toBe('card_not_found');
    } finally {
      await custom.app.close();
    }
  });
});

describe('seeding and balance check', () => {
  it('seeds a card, refuses a duplicate and shows the card in the sandbox', async () => {
    const cardId = await seedCard(250.5);
    expect(await sandboxCard(cardId)).toMatchObject({ cardId, balance: 250.5, initialBalance: 250.5, reserved: 0, committed: 0, available: 250.5, currency: 'SEK', codeRequired: true, reservations: [] });
    expect((await rest(url, 'POST', '/api/sandbox/cards', { body: { cardId, balance: 1, currency: 'SEK' } })).body.code).toBe('card_exists');
    expect((await rest(url, 'GET', '/api/sandbox/cards')).body.cards.length).toBeGreaterThan(0);
  });

  it('checks the balance: 404 unknown, 400 code_required, 403 invalid_code; /info never checks a code', async () => {
    const cardId = await seedCard(100);
    expect((await api('GET', `/api/v1/cards/${cardId}?code=1234`)).body).toEqual({ cardId, balance: 100, currency: 'SEK', codeRequired: true, reserved: 0, available: 100 });
    expect(await api('GET', '/api/v1/cards/unknown')).toMatchObject({ status: 404, body: { code: 'card_not_found' } });
    expect(await api('GET', `/api/v1/cards/${cardId}`)).toMatchObject({ status: 400, body: { code: 'code_required' } });
    expect(await api('GET', `/api/v1/cards/${cardId}?code=9999`)).toMatchObject({ status: 403, body: { code: 'invalid_code' } });
    expect(await api('GET', `/api/v1/cards/${cardId}/info`)).toMatchObject({ status: 200, body: { balance: 100, codeRequired: true } });
    const open = await seedCard(0, null);
    expect((await api('GET', `/api/v1/cards/${open}`)).body).toMatchObject({ balance: 0, codeRequired: false });
  });
});

describe('reservations', () => {
  it('reserves without touching the balance, idempotently per (orderId, paymentId)', async () => {
    const cardId = await seedCard(100);
    const first = await reserve(cardId, { amount: 60 });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ reservationId: expect.any(String), cardId, orderId: `order-${cardId}`, paymentId: 'pay-1', amount: 60, currency: 'SEK', status: 'reserved' });
    expect(Date.parse(first.body.expiresAt) - Date.parse(first.body.createdAt)).toBe(24 * 60 * 60 * 1000);
    expect(first.headers.get('location')).toBe(`/api/v1/reservations/${first.body.reservationId}`);

    const again = await reserve(cardId, { amount: 60 });
    expect(again).toMatchObject({ status: 200, body: { reservationId: first.body.reservationId } });
    expect((await reserve(cardId, { amount: 50 })).body).toMatchObject({ code: 'reservation_exists', details: { reservationId: first.body.reservationId } });
    expect(await sandboxCard(cardId)).toMatchObject({ balance: 100, reserved: 60, available: 40, committed: 0 });
    expect((await api('GET', `/api/v1/cards/${cardId}?code=1234`)).body).toMatchObject({ balance: 100, reserved: 60, available: 40 });

    const refused = await reserve(cardId, { paymentId: 'pay-2', amount: 41 });
    expect(refused).toMatchObject({ status: 409, body: { code: 'insufficient_balance', details: { available: 40, requested: 41 } } });
    expect((await reserve(cardId, { paymentId: 'pay-2', amount: 40 })).status).toBe(201);
    expect((await api('GET', `/api/v1/reservations?orderId=order-${cardId}&cardId=${cardId}`)).body.reservations).toHaveLength(2);
  });

  it('refuses a reservation with a missing or wrong code, bad amount or other currency', async () => {
    const cardId = await seedCard(100);
    expect(await reserve(cardId, { amount: 10, code: 'nope' })).toMatchObject({ status: 403, body: { code: 'invalid_code' } });
    expect(await api('POST', `/api/v1/cards/${cardId}/reservations`, { orderId: 'o', paymentId: 'p', amount: 10 })).toMatchObject({ status: 400, body: { code: 'code_required' } });
    expect((await reserve(cardId, { amount: 10.001 })).body.code).toBe('invalid_amount');
    expect((await reserve(cardId, { amount: 10, currency: 'EUR' })).body.code).toBe('currency_mismatch');
    expect((await reserve('unknown', { amount: 10 })).status).toBe(404);
    expect(await sandboxCard(cardId)).toMatchObject({ reserved: 0, reservations: [] });
  });

  it('cancels (idempotently) and the amount is available again; a cancelled one cannot commit', async () => {
    const cardId = await seedCard(100);
    const { reservationId } = (await reserve(cardId, { amount: 100 })).body;
    const cancelled = await api('DELETE', `/api/v1/reservations/${reservationId}`);
    expect(cancelled).toMatchObject({ status: 200, body: { status: 'cancelled', cancelledAt: expect.any(String) } });
    expect((await api('DELETE', `/api/v1/reservations/${reservationId}`)).body.status).toBe('cancelled');
    expect(await sandboxCard(cardId)).toMatchObject({ balance: 100, reserved: 0, available: 100 });
    expect(await api('POST', `/api/v1/reservations/${reservationId}/commit`)).toMatchObject({ status: 409, body: { code: 'reservation_cancelled' } });
    const renewed = await reserve(cardId, { amount: 100 });
    expect(renewed.status).toBe(201);
    expect(renewed.body.reservationId).not.toBe(reservationId);
    expect((await api('DELETE', '/api/v1/reservations/nope')).body.code).toBe('reservation_not_found');
  });

  it('commits: the balance drops only now, once (idempotent), and the commit cannot be cancelled', async () => {
    const cardId = await seedCard(150);
    const { reservationId } = (await reserve(cardId, { amount: 100 })).body;
    expect(await sandboxCard(cardId)).toMatchObject({ balance: 150, reserved: 100, committed: 0 });
    const committed = await api('POST', `/api/v1/reservations/${reservationId}/commit`);
    expect(committed).toMatchObject({ status: 200, body: { status: 'committed', committedAt: expect.any(String) } });
    expect(await sandboxCard(cardId)).toMatchObject({ balance: 50, reserved: 0, committed: 100, available: 50 });
    expect((await api('POST', `/api/v1/reservations/${reservationId}/commit`)).body.status).toBe('committed');
    expect(await sandboxCard(cardId)).toMatchObject({ balance: 50, committed: 100 });
    expect((await reserve(cardId, { amount: 100 })).body).toMatchObject({ reservationId, status: 'committed' });
    expect(await api('DELETE', `/api/v1/reservations/${reservationId}`)).toMatchObject({ status: 409, body: { code: 'reservation_committed' } });
    expect((await api('GET', `/api/v1/reservations/${reservationId}`)).body.status).toBe('committed');
  });

  it('expires reservations after 24 hours', async () => {
    const clocked = createGiftCardSandbox({ logger });
    const base = await clocked.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      await rest(base, 'POST', '/api/sandbox/cards', { body: { cardId: 'c', balance: 100, currency: 'SEK' } });
      const made = await rest(base, 'POST', '/api/v1/cards/c/reservations', { headers: basic(), body: { orderId: 'o', paymentId: 'p', amount: 80 } });
      await rest(base, 'POST', '/api/sandbox/clock', { body: { advanceSeconds: 24 * 3600 - 1 } });
      expect((await rest(base, 'GET', '/api/sandbox/cards/c')).body.reserved).toBe(80);
      await rest(base, 'POST', '/api/sandbox/clock', { body: { advanceSeconds: 1 } });
      expect((await rest(base, 'GET', '/api/sandbox/cards/c')).body).toMatchObject({ reserved: 0, available: 100, reservations: [{ status: 'expired' }] });
      const commit = await rest(base, 'POST', `/api/v1/reservations/${made.body.reservationId}/commit`, { headers: basic() });
      expect(commit).toMatchObject({ status: 409, body: { code: 'reservation_expired' } });
      const again = await rest(base, 'POST', '/api/v1/cards/c/reservations', { headers: basic(), body: { orderId: 'o', paymentId: 'p', amount: 80 } });
      expect(again.status).toBe(201);
    } finally {
      await clocked.app.close();
    }
  });
});

describe('concurrency', () => {
  it('20 parallel reservations for a card covering 3 of them: exactly 3 succeed, never over-reserved', async () => {
    const cardId = await seedCard(100);
    // Hold every request 50 ms before it reaches the store, so all 20 are in flight together.
    await rest(url, 'POST', '/api/sandbox/failures', { body: { operation: 'reserve', delayMs: 50, times: 20 } });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => reserve(cardId, { orderId: `order-${cardId}-${i}`, amount: 30 })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(17);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.code === 'insufficient_balance')).toBe(true);
    expect(await sandboxCard(cardId)).toMatchObject({ balance: 100, reserved: 90, available: 10 });
  });

  it('two sessions racing for the last 100: exactly one wins', async () => {
    const cardId = await seedCard(100);
    const [a, b] = await Promise.all([reserve(cardId, { orderId: `${cardId}-A`, amount: 100 }), reserve(cardId, { orderId: `${cardId}-B`, amount: 100 })]);
    expect([a!.status, b!.status].sort()).toEqual([201, 409]);
  });

  it('parallel retries of one (orderId, paymentId) make one reservation', async () => {
    const cardId = await seedCard(100);
    const results = await Promise.all(Array.from({ length: 10 }, () => reserve(cardId, { amount: 70 })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(new Set(results.map((r) => r.body.reservationId)).size).toBe(1);
    expect(await sandboxCard(cardId)).toMatchObject({ reserved: 70 });
  });
});

describe('failure injection and bad input', () => {
  it('fails the next reserve as told, then works again', async () => {
    const cardId = await seedCard(100);
    await rest(url, 'POST', '/api/sandbox/failures', { body: { operation: 'reserve', status: 500, code: 'giftcard_down', message: 'Down for maintenance.' } });
    expect(await reserve(cardId, { amount: 10 })).toMatchObject({ status: 500, body: { code: 'giftcard_down', message: 'Down for maintenance.' } });
    expect((await reserve(cardId, { amount: 10 })).status).toBe(201);
    expect((await rest(url, 'GET', '/api/sandbox/failures')).body).toMatchObject({ failures: [], operations: expect.arrayContaining(['reserve', 'commitReservation']) });
  });

  it('answers 4xx JSON {code, message, details?}', async () => {
    const seed = await rest(url, 'POST', '/api/sandbox/cards', { body: { cardId: 'bad id!', balance: -1 } });
    expect(seed.status).toBe(400);
    expect(seed.body).toMatchObject({ code: 'invalid_request', message: expect.any(String), details: expect.any(Array) });
    expect(seed.body.details.map((d: any) => d.pointer)).toEqual(expect.arrayContaining(['/cardId', '/balance', '']));
    const cardId = await seedCard(10);
    expect((await api('POST', `/api/v1/cards/${cardId}/reservations`, { orderId: 'o', paymentId: 'p', amount: 0, code: '1234' })).body.code).toBe('invalid_request');
    expect((await api('POST', `/api/v1/cards/${cardId}/reservations`, { amount: 1 })).status).toBe(400);
    expect((await rest(url, 'POST', '/api/sandbox/cards', { rawBody: '{' })).body.code).toBe('invalid_json');
    expect((await rest(url, 'GET', '/api/sandbox/cards/nope')).body).toEqual({ code: 'card_not_found', message: expect.any(String) });
  });
});
