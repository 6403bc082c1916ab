import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { rest } from '../harness/http.js';
import { eventually } from '../harness/orders.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';
import { BILLING, openShop, type Shop } from './journey-setup.js';

let system: TestSystem;
let shop: Shop;

beforeAll(async () => {
  system = await startTestSystem();
  shop = await openShop(system, 'm-journey-rest');
});
afterAll(() => system?.close());

/** The storefront calling a service's REST path with its token and tenant. */
const call = (base: string, method: string, path: string, body?: unknown) =>
  rest(base, method, path, { token: shop.storefrontToken, ...shop.tenant, ...(body === undefined ? {} : { body }) });

describe('a whole checkout through the REST paths of the spec', () => {
  it('basket → order → billing → gift card 100 → non-PSP for the rest → validate → complete → exported', async () => {
    const created = await call(system.urls.commerce_adapter!, 'POST', '/api/v1/orders', { cartReference: shop.basketId, culture: 'nb-NO', currency: 'NOK' });
    expect(created.status).toBe(201);
    const orderId = created.body.id as string;
    const order = await call(system.urls.order!, 'GET', `/api/v0/checkout/orders/${orderId}`);
    expect(order.body.total.includingVat).toBe(249.9);
    expect(order.body.hooks.map((h: { subscribeTo: string }) => h.subscribeTo)).toEqual(expect.arrayContaining(['/state', '/customer']));

    expect((await call(system.urls.order!, 'PUT', `/api/v0/checkout/orders/${orderId}/customer/billing`, BILLING)).status).toBe(200);

    const card = await call(system.urls.giftcard_adapter!, 'POST', `/api/checkout/v1/orders/${orderId}/payments`, { cardId: shop.cardId });
    expect(card.status).toBeLessThan(300);
    expect(card.body).toMatchObject({ cardId: shop.cardId, amount: 100, upperLimitAmount: 100 });

    const nonpsp = await call(system.urls.nonpsp_adapter!, 'POST', `/api/v1/checkout/orders/${orderId}/payments`);
    expect(nonpsp.status).toBe(201);
    expect(nonpsp.headers.get('location')).toBe(`/api/v0/checkout/orders/${orderId}/payments/${nonpsp.body.paymentId}`);
    expect(nonpsp.body).toMatchObject({ paymentId: expect.any(String), paymentMethods: expect.arrayContaining([expect.objectContaining({ identifier: 'invoice' })]) });

    const validated = await call(system.urls.order!, 'POST', `/api/v0/checkout/orders/${orderId}/validate`);
    expect(validated).toMatchObject({ status: 200, body: { valid: true, failures: [] } });

    const completed = await rest(system.urls.nonpsp_adapter!, 'POST', `/api/v1/checkout/orders/${orderId}/payments/${nonpsp.body.paymentId}/complete`, { token: shop.storefrontToken, ...shop.tenant, body: {} });
    expect(completed.status).toBe(200);
    const final = await call(system.urls.order!, 'GET', `/checkout/orders/${orderId}`);
    expect(final.body.state.transitions.map((t: { status: string }) => t.status)).toEqual(['checkout', 'processing', 'accepted', 'completed']);

    await eventually(async () => (await rest(system.urls.giftcard_sandbox!, 'GET', `/api/sandbox/cards/${shop.cardId}`)).body.committed === 100, 30_000);
    const reference = await eventually(async () => (await call(system.urls.order!, 'GET', `/api/v0/checkout/orders/${orderId}`)).body.reference as string | undefined, 30_000);
    expect((await rest(system.urls.commerce_sandbox!, 'GET', `/api/sandbox/orders/${reference}`)).status).toBe(200);

    const events = await call(system.urls.notifications!, 'GET', `/api/v1/events?orderId=${orderId}`);
    expect(events.body.filter((e: { type: string }) => e.type === 'notification.delivered').length).toBeGreaterThanOrEqual(1);
  });
});
