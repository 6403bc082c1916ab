import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PaymentTransactionRepository } from '../../subgraphs/payment/payment-transaction.repository.js';
import {
  PaymentGqlAdapterLogDocument,
  PaymentGqlListDocument,
  type PaymentGqlListQueryVariables,
  PaymentGqlOrderPaymentsDocument,
  PaymentGqlPaymentDocument,
  PaymentGqlRawLogDocument,
} from '../generated/graphql.js';
import { dataOf, graphql, type CallOptions } from '../harness/http.js';
import { orderClient, sampleOrder } from '../harness/orders.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';
import { createBody, paymentClient, transactionBody, type Role } from './payment-client.js';

let system: TestSystem;
let gateway: string;
const tenant = { merchant: 'm-payment-graph', channel: 'web' };
const ADAPTER = 'provider_d_dropin_adapter';

beforeAll(async () => {
  system = await startTestSystem();
  gateway = system.urls.gateway!;
});
afterAll(() => system?.close());

const asRole = async (role: Role, on = tenant) => ({ token: await system.token({ merchant: on.merchant, channels: [on.channel], role }), ...on });

/** An order with one provider D payment whose provider call failed, all through the REST APIs. */
async function orderWithFailedPayment(on = tenant) {
  const orders = await orderClient(system, on, 'admin');
  const orderId = (await orders.call('POST', '', sampleOrder())).body.id as string;
  const psp = await paymentClient(system, on, 'adapter', ADAPTER);
  const paymentId = (await psp.call('POST', '', createBody(on, orderId))).body.id as string;
  expect((await psp.call('POST', `/${paymentId}/transactions`, transactionBody())).status).toBe(201);
  const failed = transactionBody({ event: 'update', pspEvent: 'update', isSuccess: false, pspStatus: 'Refused', errorDetail: 'CVC Declined' });
  expect((await psp.call('POST', `/${paymentId}/transactions`, failed)).status).toBe(201);
  return { orderId, paymentId };
}

describe('payment subgraph through the gateway', () => {
  it('shows a failed transaction (isSuccess false, errorDetail) on the order and on payment(orderId, id)', async () => {
    const { orderId, paymentId } = await orderWithFailedPayment();
    const storefront = await asRole('storefront');
    const viaOrder = await graphql(gateway, PaymentGqlOrderPaymentsDocument, { id: orderId }, storefront);
    expect(viaOrder.body.errors).toBeUndefined();
    expect(dataOf(viaOrder).order?.payments).toEqual([
      { id: paymentId, state: 'intent', transactions: [{ isSuccess: true, errorDetail: null }, { isSuccess: false, errorDetail: 'CVC Declined' }] },
    ]);

    const one = await graphql(gateway, PaymentGqlPaymentDocument, { orderId, id: paymentId }, storefront);
    expect(one.body.errors).toBeUndefined();
    const payment = dataOf(one).payment;
    expect(payment).toMatchObject({
      orderId,
      id: paymentId,
      adapterId: ADAPTER,
      state: 'intent',
      amount: 249.9,
      type: 'checkout',
      hasFailedTransaction: true,
      lastTransactionAt: expect.stringMatching(/Z$/),
      transactions: [
        { orderId, paymentId, event: 'open', isSuccess: true, pspStatus: 'Received', errorDetail: null, amount: 249.9 },
        { orderId, paymentId, event: 'update', isSuccess: false, pspStatus: 'Refused', errorDetail: 'CVC Declined', amount: 249.9 },
      ],
    });
    expect(payment?.lastTransactionAt).toBe(payment?.transactions[1]?.createdAt);
  });

  it('answers null for an unknown payment, an unknown order and another tenant', async () => {
    const { orderId, paymentId } = await orderWithFailedPayment();
    const admin = await asRole('admin');
    for (const variables of [{ orderId, id: 'nope' }, { orderId: 'nope', id: paymentId }]) {
      const { body } = await graphql(gateway, PaymentGqlPaymentDocument, variables, admin);
      expect(body).toEqual({ data: { payment: null } });
    }
    const stranger = await asRole('admin', { merchant: 'm-stranger', channel: 'web' });
    expect((await graphql(gateway, PaymentGqlPaymentDocument, { orderId, id: paymentId }, stranger)).body).toEqual({ data: { payment: null } });
  });

  it('shows raw provider requests and responses to admins, not to storefronts', async () => {
    const { orderId, paymentId } = await orderWithFailedPayment();
    const admin = await graphql(gateway, PaymentGqlRawLogDocument, { orderId, id: paymentId }, await asRole('admin'));
    expect(dataOf(admin).payment?.transactions[0]).toEqual({ requestJson: transactionBody().requestJson, responseJson: transactionBody().responseJson });
    const storefront = await graphql(gateway, PaymentGqlRawLogDocument, { orderId, id: paymentId }, await asRole('storefront'));
    expect(storefront.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it("shows an adapter its own raw log, never another adapter's (as GET …/transactions)", async () => {
    const { orderId, paymentId } = await orderWithFailedPayment();
    const asAdapter = async (adapterId: string) => ({ token: await system.token({ merchant: tenant.merchant, channels: [tenant.channel], role: 'adapter', adapterId }), ...tenant });
    const own = await graphql(gateway, PaymentGqlAdapterLogDocument, { orderId, id: paymentId }, await asAdapter(ADAPTER));
    expect(own.body.errors).toBeUndefined();
    expect(dataOf(own).payment?.transactions[0]).toEqual({ event: 'open', requestJson: transactionBody().requestJson });
    const other = await graphql(gateway, PaymentGqlAdapterLogDocument, { orderId, id: paymentId }, await asAdapter('nonpsp_adapter'));
    expect(other.body.errors?.map((error) => error.extensions?.code)).toEqual(['FORBIDDEN', 'FORBIDDEN']);
    expect(JSON.stringify(other.body.data)).not.toContain(JSON.stringify(transactionBody().requestJson).slice(1, -1));
  });
});

describe('admin listing of payments', () => {
  const listTenant = { merchant: 'm-payment-list', channel: 'web' };
  const list = (variables: PaymentGqlListQueryVariables, options: CallOptions) => graphql(gateway, PaymentGqlListDocument, variables, options);

  /** Orders with payments p1…p6 and logs at fixed times, so the expected order is exact. */
  async function seed(): Promise<string[]> {
    const orders = await orderClient(system, listTenant, 'admin');
    const payment = (id: string) => ({ id, adapterId: 'nonpsp_adapter', amount: 1, state: 'processing' });
    const a = (await orders.call('POST', '', sampleOrder({ payments: [payment('p1'), payment('p2'), payment('p3')] }))).body.id as string;
    const b = (await orders.call('POST', '', sampleOrder({ payments: [payment('p4'), payment('p5'), payment('p6')] }))).body.id as string;
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 10, minute));
    const log = (orderId: string, paymentId: string, isSuccess: boolean, minute: number) => ({
      id: randomUUID(), ...listTenant, orderId, paymentId, event: 'open', isSuccess, createdAt: at(minute), ...(isSuccess ? {} : { errorDetail: 'declined' }),
    });
    await system.db.prisma.paymentTransaction.createMany({
      data: [
        log(a, 'p1', true, 50), // success only, the newest log
        log(a, 'p2', false, 10), // failed, older
        log(b, 'p4', false, 5), // failed at 5, then a success at 30: failed group, latest 30
        log(b, 'p4', true, 30),
        log(b, 'p5', true, 20), // success only, older
        // p3 and p6: no transactions
        log(randomUUID(), 'p9', false, 59), // a log of a payment on no order of the tenant: not listed
      ],
    });
    return [`${b}/p4`, `${a}/p2`, `${a}/p1`, `${b}/p5`, ...[`${a}/p3`, `${b}/p6`].sort()];
  }

  it('lists failed first, then by latest transaction, paging with cursors', async () => {
    const expected = await seed();
    const admin = await asRole('admin', listTenant);
    const seen: string[] = [];
    const flags: boolean[] = [];
    let after: string | null = null;
    for (let page = 0; page < 5; page++) {
      const answer = await list({ first: 2, after }, admin);
      expect(answer.body.errors).toBeUndefined();
      const { payments } = dataOf(answer);
      for (const edge of payments.edges) {
        seen.push(`${edge.node.orderId}/${edge.node.id}`);
        flags.push(edge.node.hasFailedTransaction);
        expect(edge.node.adapterId).toBe('nonpsp_adapter');
      }
      after = payments.pageInfo.endCursor ?? null;
      if (!payments.pageInfo.hasNextPage) break;
    }
    expect(seen).toEqual(expected);
    expect(flags).toEqual([true, true, false, false, false, false]);

    const whole = dataOf(await list({ first: 50 }, await asRole('service', listTenant))).payments;
    expect(whole.edges.map((e) => `${e.node.orderId}/${e.node.id}`)).toEqual(expected);
    expect(whole.edges[0]?.node.lastTransactionAt).toBe('2026-11-22T10:30:00.000Z');
    expect(whole.pageInfo).toEqual({ hasNextPage: false, endCursor: whole.edges[5]?.cursor });
  });

  it('is for admin and service tokens only; a foreign cursor is refused', async () => {
    for (const role of ['storefront', 'adapter'] as const) {
      const token = await system.token({ merchant: listTenant.merchant, channels: [listTenant.channel], role, ...(role === 'adapter' ? { adapterId: ADAPTER } : {}) });
      const { body } = await list({}, { token, ...listTenant });
      expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(body.data).toBeNull();
    }
    const { body } = await list({ after: 'not-a-cursor' }, await asRole('admin', listTenant));
    expect(body.errors?.[0]?.extensions?.code).toBe('INVALID_CURSOR');
  });

  it("lists only the caller's tenant", async () => {
    const answer = await list({}, await asRole('admin', { merchant: 'm-empty', channel: 'web' }));
    expect(dataOf(answer).payments).toEqual({ edges: [], pageInfo: { hasNextPage: false, endCursor: null } });
  });

  it("answers log reads of many requests that share a query each with their own payments' logs, never another tenant's", async () => {
    const other = { merchant: 'm-payment-graph-2', channel: 'web' };
    const mine = await orderWithFailedPayment();
    const theirs = await orderWithFailedPayment(other);
    // Asked in one turn, as concurrent requests' loaders ask: each tenant's callers share one query.
    const repository = new PaymentTransactionRepository(system.db.prisma, system.db.pool);
    const [first, second, foreign] = await Promise.all([
      repository.listForPayments(tenant, [mine]),
      repository.listForPayments(tenant, [mine, theirs]),
      repository.listForPayments(other, [mine, theirs]),
    ]);
    expect(repository.logReads.stats).toEqual({ queries: 2, calls: 3 });
    expect(first[0]!.map((transaction) => [transaction.isSuccess, transaction.errorDetail])).toEqual([[true, null], [false, 'CVC Declined']]);
    expect(second[0]).toEqual(first[0]);
    expect(second[0]![1]).not.toBe(first[0]![1]);
    expect(second[1]).toEqual([]);
    expect(foreign[0]).toEqual([]);
    expect(foreign[1]!.map((transaction) => [transaction.orderId, transaction.paymentId])).toEqual([
      [theirs.orderId, theirs.paymentId],
      [theirs.orderId, theirs.paymentId],
    ]);
  });
});
