import { describe, expect, it } from '@jest/globals';
import type { AdapterKit } from '../kit/index.js';
import type { OrderDocument } from '../kit/order-contract.js';
import { completeAuthorised, lockForPending } from './provider-d-completion.js';

type Status = OrderDocument['state']['currentStatus'];
const ALLOWED: Record<string, Status[]> = { checkout: ['processing'], processing: ['accepted', 'checkout'], accepted: ['completed', 'checkout'] };
const tenant = { merchant: 'm', channel: 'web' };

/**
 * The order service as completion sees it: the order's status and history, the payment's state,
 * moves refused as the order service refuses them (409), and `before` to act as someone else
 * just before a given call of this walk (a webhook, another payment's failure, a hook's veto).
 */
function orderService(before: (call: string, order: { status: Status; history: Status[]; payment: string }) => void = () => {}) {
  const order = { status: 'checkout' as Status, history: ['checkout'] as Status[], payment: 'processing' };
  const refuse = (message: string) => Object.assign(new Error(message), { status: 409 });
  const document = () => ({ id: 'o1', state: { currentStatus: order.status, transitions: order.history.map((status) => ({ status, timeStamp: '' })) }, payments: [{ id: 'p1', state: order.payment }] }) as unknown as OrderDocument;
  const kit = {
    orders: {
      getOrder: async () => document(),
      changeStatus: async (_tenant: unknown, _id: string, to: Status) => {
        before(`status ${to}`, order);
        if (!ALLOWED[order.status]?.includes(to)) throw refuse(`${order.status} → ${to}`);
        order.status = to;
        order.history.push(to);
        return document();
      },
    },
    payments: {
      updatePayment: async (_tenant: unknown, _order: string, _payment: string, change: { state: string }) => {
        before(`payment ${change.state}`, order);
        if (order.status !== 'processing') throw refuse(`payment in ${order.status}`);
        order.payment = change.state;
      },
    },
  } as unknown as AdapterKit<unknown>;
  return { kit, order };
}

/** The provider's AUTHORISATION webhook, applied just before this walk's first move: the payment reserved, the order completed. */
function authorisedByWebhookFirst(call: string, state: { status: Status; history: Status[]; payment: string }): void {
  if (call === 'status processing' && state.status === 'checkout') {
    state.status = 'completed';
    state.history.push('processing', 'accepted', 'completed');
    state.payment = 'reserved';
  }
}

describe('provider D: an authorised payment completes its order', () => {
  it('walks checkout → processing → accepted → completed with the payment reserved', async () => {
    const { kit, order } = orderService();
    expect(await completeAuthorised(kit, tenant, 'o1', 'p1')).toEqual({});
    expect(order).toMatchObject({ status: 'completed', payment: 'reserved', history: ['checkout', 'processing', 'accepted', 'completed'] });
  });

  it('a refused move to processing with nothing else moving the order is a veto', async () => {
    const veto = Object.assign(new Error('HOOK_VETOED'), { status: 409 });
    const { kit, order } = orderService((call) => {
      if (call === 'status processing') throw veto;
    });
    expect(await completeAuthorised(kit, tenant, 'o1', 'p1')).toEqual({ vetoed: veto });
    expect(order.status).toBe('checkout');
  });

  it('an order taken back to checkout by someone else while this walk was under way is not a veto: the walk starts again and completes it', async () => {
    let released = false;
    const { kit, order } = orderService((call, state) => {
      // Another payment's failure report returns the order to checkout just before this walk reserves its payment.
      if (call === 'payment reserved' && !released) {
        released = true;
        state.status = 'checkout';
        state.history.push('checkout');
      }
    });
    expect(await completeAuthorised(kit, tenant, 'o1', 'p1')).toEqual({});
    expect(order).toMatchObject({ status: 'completed', payment: 'reserved' });
    expect(order.history).toEqual(['checkout', 'processing', 'checkout', 'processing', 'accepted', 'completed']);
  });

  it('the webhook completing the order first is not a failure', async () => {
    const { kit, order } = orderService(authorisedByWebhookFirst);
    expect(await completeAuthorised(kit, tenant, 'o1', 'p1')).toEqual({});
    expect(order.status).toBe('completed');
  });

  it('a refusal later in the walk with nothing else moving the order is thrown, not a veto', async () => {
    const refusal = Object.assign(new Error('accepted refused'), { status: 409 });
    const { kit } = orderService((call) => {
      if (call === 'status accepted') throw refusal;
    });
    await expect(completeAuthorised(kit, tenant, 'o1', 'p1')).rejects.toBe(refusal);
  });
});

describe('provider D: a pending payment locks its order in processing', () => {
  it('moves the order to processing', async () => {
    const { kit, order } = orderService();
    await lockForPending(kit, tenant, await kit.orders.getOrder(tenant, 'o1'), 'p1');
    expect(order).toMatchObject({ status: 'processing', payment: 'processing' });
  });

  it("the refusal's webhook between the payment's write and the order's move: the order goes back to checkout, not left in processing", async () => {
    const { kit, order } = orderService((call, state) => {
      // The webhook fails the payment; the order is still in checkout, so it releases nothing.
      if (call === 'status processing') state.payment = 'failed';
    });
    await lockForPending(kit, tenant, await kit.orders.getOrder(tenant, 'o1'), 'p1');
    expect(order).toMatchObject({ status: 'checkout', payment: 'failed', history: ['checkout', 'processing', 'checkout'] });
  });

  it('the authorisation webhook first, completing the order: nothing left to lock, no error', async () => {
    const { kit, order } = orderService(authorisedByWebhookFirst);
    await expect(lockForPending(kit, tenant, await kit.orders.getOrder(tenant, 'o1'), 'p1')).resolves.toBeUndefined();
    expect(order).toMatchObject({ status: 'completed', payment: 'reserved' });
  });

  it('the authorisation webhook completing the order before the lock is tried: no error either', async () => {
    const { kit, order } = orderService();
    const before = await kit.orders.getOrder(tenant, 'o1');
    authorisedByWebhookFirst('status processing', order);
    await expect(lockForPending(kit, tenant, before, 'p1')).resolves.toBeUndefined();
    expect(order).toMatchObject({ status: 'completed', payment: 'reserved' });
  });

  it('a veto of the move with nothing else moving the order is thrown', async () => {
    const veto = Object.assign(new Error('HOOK_VETOED'), { status: 409 });
    const { kit, order } = orderService((call) => {
      if (call === 'status processing') throw veto;
    });
    await expect(lockForPending(kit, tenant, await kit.orders.getOrder(tenant, 'o1'), 'p1')).rejects.toBe(veto);
    expect(order.status).toBe('checkout');
  });
});
