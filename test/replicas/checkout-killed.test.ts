/**
 * The platform killed (kill -9) in the middle of a checkout, at five points, then started again:
 * the storefront's retry of `completePayment` completes the order within 10 s of the restart, with
 * every payment's money moved once (issue 43). The platform — its services and the commerce,
 * gift card and non-PSP adapters — runs as a process of its own (test/harness/platform-process.ts);
 * the sandboxes and a `/state` hook that holds the move it is told to stay in the test's process,
 * so the test stops the platform at a precise moment without any code of its own in it.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PLATFORM_SERVICES } from '../../platform/env/env.config.js';
import {
  JourneyAddGiftCardAmountDocument,
  JourneyCompletePaymentTransitionsDocument,
  JourneyCreateOrderWithCartDocument,
  JourneySetBillingDocument,
  JourneyStartNonPspAmountDocument,
} from '../generated/graphql.js';
import { dataOf, graphql, rest } from '../harness/http.js';
import { eventually } from '../harness/orders.js';
import { outboxSettled } from '../harness/outbox.js';
import { startPlatformProcess, type PlatformProcess } from '../harness/platform-process.js';
import { SLOW_MACHINE } from '../harness/slow-machine.js';
import { TestAdapter } from '../harness/test-adapter.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';
import { BILLING, newBasket, openShop, type Shop } from '../journey/journey-setup.js';

/** What the killed process runs: the platform and every adapter a gift card + non-PSP checkout calls. */
const KILLED = [...PLATFORM_SERVICES, 'commerce_adapter', 'nonpsp_adapter', 'giftcard_adapter'];
/** From the restart to the completed order, at most (the bound). */
const RECOVERY_MS = 10_000;

let system: TestSystem;
let platform: PlatformProcess;
let shop: Shop;
let watcher: TestAdapter;

beforeAll(async () => {
  // The sandboxes in the test's process (with a platform beside them, here only read from); the checkout runs on the killed one.
  system = await startTestSystem({ env: SLOW_MACHINE });
  platform = await startPlatformProcess(system, KILLED, SLOW_MACHINE);
  shop = await openShop(system, 'm-checkout-killed');
  watcher = await TestAdapter.start();
}, 180_000);
afterAll(async () => {
  await platform?.close();
  await watcher?.close();
  await system?.close();
});

interface Checkout {
  orderId: string;
  cardId: string;
  giftCardId: string;
  nonPspId: string;
  hookPath: string;
}

/** A storefront's checkout on the platform process up to its last click: an order of 249.9 from a basket, billing, a gift card of 100, the non-PSP payment for the rest, and the test's `/state` hook. */
async function checkout(name: string): Promise<Checkout> {
  const cardId = `CARD-killed-${name}`;
  expect((await rest(system.urls.giftcard_sandbox!, 'POST', '/api/sandbox/cards', { body: { cardId, balance: 100, currency: 'NOK' } })).status).toBe(201);
  const shopper = <TData, TVariables extends Record<string, unknown>>(document: Parameters<typeof graphql<TData, TVariables>>[1], variables: TVariables) =>
    graphql(platform.urls.gateway!, document, variables, { token: shop.storefrontToken, ...shop.tenant }).then(dataOf);
  const { createOrderFromBasket: order } = await shopper(JourneyCreateOrderWithCartDocument, { input: { cartReference: await newBasket(system), culture: 'nb-NO', currency: 'NOK' } });
  await shopper(JourneySetBillingDocument, { id: order.id, a: BILLING });
  const { addGiftCard: card } = await shopper(JourneyAddGiftCardAmountDocument, { id: order.id, card: cardId });
  const nonPsp = (await shopper(JourneyStartNonPspAmountDocument, { id: order.id })).startPayment.payment!;
  expect([card.amount, nonPsp.amount]).toEqual([100, 149.9]);
  const hookPath = `/state-${name}`;
  const hook = await rest(platform.urls.order!, 'POST', `/api/v0/checkout/orders/${order.id}/hooks`, {
    token: shop.adminToken,
    ...shop.tenant,
    body: { adapterId: 'watcher_adapter', subscribeTo: '/state', invoke: `${watcher.url}${hookPath}` },
  });
  expect(hook.status).toBe(201);
  return { orderId: order.id, cardId, giftCardId: card.id, nonPspId: nonPsp.id, hookPath };
}

/** The storefront's click on "complete": the order's status when it answered, else why not (an error, or no answer). */
async function complete({ orderId, nonPspId }: Checkout): Promise<string> {
  try {
    const answer = await graphql(platform.urls.gateway!, JourneyCompletePaymentTransitionsDocument, { id: orderId, p: nonPspId }, { token: shop.storefrontToken, ...shop.tenant });
    return answer.body.data?.completePayment.status ?? `${answer.status} ${answer.body.errors?.[0]?.extensions?.code as string} ${answer.body.errors?.[0]?.message}`;
  } catch (error) {
    return `no answer: ${String((error as Error).cause ?? error)}`;
  }
}

/**
 * The test's `/state` hook holds the move to `status` (the first call that brings it) until the
 * returned `release`; `reached` resolves when that call arrives. Every other call is accepted.
 */
function holdMoveTo({ hookPath }: Checkout, status: string): { reached: Promise<void>; release: () => void } {
  let arrived!: () => void;
  const reached = new Promise<void>((resolve) => (arrived = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  watcher.on(hookPath, async (call) => {
    if (held || call.body.state?.currentStatus !== status) return { status: 200 };
    held = true;
    arrived();
    await released;
    return { status: 200 };
  });
  return { reached, release };
}

/** Holds the gift card system's next `operation` for `delayMs` (then `drop`: the connection cut, nothing done; else done); resolves when the call has arrived. */
async function holdGiftCardSystem(operation: string, delayMs: number, drop: boolean): Promise<() => Promise<void>> {
  const added = await rest(system.urls.giftcard_sandbox!, 'POST', '/api/sandbox/failures', { body: { operation, delayMs, dropConnection: drop, times: 1 } });
  expect(added.status).toBe(201);
  const id = added.body.id as string;
  // A rule is taken off the list when the call it holds arrives.
  return async () => void (await eventually(async () => !((await rest(system.urls.giftcard_sandbox!, 'GET', '/api/sandbox/failures')).body.failures as Array<{ id: string }>).some((rule) => rule.id === id), 30_000));
}

/** What a crash left: the order's status, whether its writer turn is still held, and the card at the gift card system. */
async function stranded({ orderId, cardId }: Checkout) {
  const { rows } = await system.db.pool.query<{ status: string; held: boolean }>('select status, turn_holder is not null as held from orders where id = $1', [orderId]);
  const card = (await rest(system.urls.giftcard_sandbox!, 'GET', `/api/sandbox/cards/${cardId}`)).body as { committed: number; reservations: Array<{ status: string }> };
  return { status: rows[0]!.status, turnHeld: rows[0]!.held, reservations: card.reservations.map((reservation) => reservation.status) };
}

/** The last answer completed the order, within RECOVERY_MS of the restart (else every answer and the time are shown). */
function expectRecovered({ answers, ms }: { answers: string[]; ms: number }): void {
  expect(answers.at(-1) === 'completed' && ms < RECOVERY_MS ? 'recovered' : { ms, answers }).toBe('recovered');
}

/**
 * The restart, and the storefront's retries (a failed click is clicked again after a moment):
 * the answers, and how long after the restart the last one came.
 */
async function restartAndRetry(order: Checkout): Promise<{ answers: string[]; ms: number }> {
  await platform.restart();
  const restarted = Date.now();
  const answers: string[] = [];
  while (answers.at(-1) !== 'completed' && Date.now() - restarted < RECOVERY_MS) {
    if (answers.length > 0) await new Promise((resolve) => setTimeout(resolve, 250)); // the shopper clicks again
    answers.push(await complete(order));
  }
  return { answers, ms: Date.now() - restarted };
}

/** Completed and consistent: the payments (gift card captured, non-PSP reserved) sum to the total, the turn free, the card reserved once and committed once at the gift card system, its commit logged once. */
async function expectConsistent({ orderId, cardId, giftCardId, nonPspId }: Checkout): Promise<void> {
  // What the completion queued (the export to the commerce platform, which writes the order's reference) is done.
  await outboxSettled(system, orderId);
  const read = await rest(system.urls.order!, 'GET', `/api/v0/checkout/orders/${orderId}`, { token: shop.adminToken, ...shop.tenant });
  const order = read.body as { state: { currentStatus: string; transitions: Array<{ status: string }> }; total: { includingVat: number }; payments: Array<{ id: string; state: string; amount: number }> };
  expect(order.state.currentStatus).toBe('completed');
  expect(order.state.transitions.map((transition) => transition.status)).toEqual(['checkout', 'processing', 'accepted', 'completed']);
  const states = Object.fromEntries(order.payments.map((payment) => [payment.id, [payment.state, payment.amount]]));
  expect(states).toEqual({ [giftCardId]: ['captured', 100], [nonPspId]: ['reserved', 149.9] });
  const cents = (amount: number) => Math.round(amount * 100);
  expect(order.payments.reduce((sum, payment) => sum + cents(payment.amount), 0)).toBe(cents(order.total.includingVat));
  const turn = await system.db.pool.query('select turn_holder, turn_session, turn_taken from orders where id = $1', [orderId]);
  expect(turn.rows[0]).toEqual({ turn_holder: null, turn_session: null, turn_taken: null });

  const card = (await rest(system.urls.giftcard_sandbox!, 'GET', `/api/sandbox/cards/${cardId}`)).body;
  expect(card).toMatchObject({ balance: 0, committed: 100, reserved: 0 });
  expect(card.reservations.map((reservation: { status: string; amount: number }) => [reservation.status, reservation.amount])).toEqual([['committed', 100]]);
  const captures = await system.db.prisma.paymentTransaction.findMany({ where: { orderId, paymentId: giftCardId, event: 'capture', isSuccess: true } });
  expect(captures).toHaveLength(1);
}

describe('kill -9 of the platform in the middle of a checkout, a restart, and the storefront clicking complete again', () => {
  it('while the gift card system is reserving for the move to processing: the order in checkout, its turn held, nothing reserved', async () => {
    const order = await checkout('reserving');
    // The reservation arrives and is held, then its connection is cut without reserving.
    const arrived = await holdGiftCardSystem('reserve', 8_000, true);
    const clicked = complete(order);
    await arrived();
    await platform.kill();
    expect(await stranded(order)).toEqual({ status: 'checkout', turnHeld: true, reservations: [] });
    expect(await clicked).not.toBe('completed');

    expectRecovered(await restartAndRetry(order));
    await expectConsistent(order);
  });

  it('after process reserved the gift card, before the processing commit (a /state hook holding the move): in checkout, its turn held, the card reserved', async () => {
    const order = await checkout('reserved');
    const hold = holdMoveTo(order, 'processing');
    const clicked = complete(order);
    await hold.reached;
    await platform.kill();
    hold.release();
    expect(await stranded(order)).toEqual({ status: 'checkout', turnHeld: true, reservations: ['reserved'] });
    expect(await clicked).not.toBe('completed');

    expectRecovered(await restartAndRetry(order));
    await expectConsistent(order);
  });

  it('in processing, on the move to accepted: processing, its turn held, the card reserved', async () => {
    const order = await checkout('processing');
    const hold = holdMoveTo(order, 'accepted');
    const clicked = complete(order);
    await hold.reached;
    await platform.kill();
    hold.release();
    expect(await stranded(order)).toEqual({ status: 'processing', turnHeld: true, reservations: ['reserved'] });
    expect(await clicked).not.toBe('completed');

    expectRecovered(await restartAndRetry(order));
    await expectConsistent(order);
  });

  it('in accepted, on the move to completed before confirm: accepted, its turn held, the card reserved', async () => {
    const order = await checkout('accepted');
    const hold = holdMoveTo(order, 'completed');
    const clicked = complete(order);
    await hold.reached;
    await platform.kill();
    hold.release();
    expect(await stranded(order)).toEqual({ status: 'accepted', turnHeld: true, reservations: ['reserved'] });
    expect(await clicked).not.toBe('completed');

    expectRecovered(await restartAndRetry(order));
    await expectConsistent(order);
  });

  it('during completion, the card being committed at the gift card system: accepted, its turn held, the card committed there but not captured here', async () => {
    const order = await checkout('committing');
    // The commit arrives, is held, then done at the gift card system: the platform never hears of it.
    const arrived = await holdGiftCardSystem('commitReservation', 3_000, false);
    const clicked = complete(order);
    await arrived();
    await platform.kill();
    expect(await clicked).not.toBe('completed');
    await eventually(async () => (await stranded(order)).reservations[0] === 'committed', 30_000);
    expect(await stranded(order)).toEqual({ status: 'accepted', turnHeld: true, reservations: ['committed'] });

    expectRecovered(await restartAndRetry(order));
    await expectConsistent(order);
  });
});
