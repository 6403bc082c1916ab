import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { STATIC_NOTIFICATIONS_SCHEMA_ID } from '../../subgraphs/configuration/local-schemas.js';
import { rest } from '../harness/http.js';
import { eventually, orderClient, heldPayment, sampleOrder } from '../harness/orders.js';
import { TestAdapter } from '../harness/test-adapter.js';
import { startTestSystem, type TestSystem } from '../harness/test-system.js';

let system: TestSystem;
let receiver: TestAdapter;
const tenant = { merchant: 'm-static', channel: 'web' };

beforeAll(async () => {
  system = await startTestSystem({ services: ['order', 'configuration', 'notifications'] });
  receiver = await TestAdapter.start();
});
afterAll(async () => {
  await receiver?.close();
  await system?.close();
});

describe('static notifications', () => {
  it('orders created after the configuration carry its notifications, and they fire as notifications do', async () => {
    const admin = await orderClient(system, tenant, 'admin');
    const before = (await admin.call('POST', '', sampleOrder())).body;
    expect(before.notifications).toEqual([]);

    const put = await rest(system.urls.configuration!, 'PUT', `/api/v1/configuration/merchants/${tenant.merchant}/channels/${tenant.channel}/configurations/static_notifications`, {
      token: admin.token,
      ...tenant,
      body: {
        $schema: STATIC_NOTIFICATIONS_SCHEMA_ID,
        id: 'static_notifications',
        order: { notifications: [{ description: 'ERP feed', reference: 'erp', scope: '/state/currentStatus', schema: { enum: ['completed'] }, invoke: `${receiver.url}/erp` }] },
      },
    });
    expect(put.status).toBe(201);

    const order = (await admin.call('POST', '', sampleOrder({ payments: [heldPayment()] }))).body;
    expect(order.notifications).toEqual([
      { id: expect.any(String), adapterId: 'static_notifications', reference: 'erp', description: 'ERP feed', scope: '/state/currentStatus', schema: { enum: ['completed'] }, invoke: `${receiver.url}/erp` },
    ]);
    for (const status of ['processing', 'accepted', 'completed']) await admin.call('PUT', `/${order.id}/state`, { status });
    await eventually(async () => receiver.callsTo('/erp').length === 1);
    expect(receiver.callsTo('/erp')[0]!.body).toMatchObject({ orderId: order.id, value: 'completed', notification: { reference: 'erp' } });
    const delivered = await eventually(async () => (await admin.events(order.id)).body.find((event: { type: string }) => event.type === 'notification.delivered'));
    expect(delivered.data.notificationId).toBe(order.notifications[0].id);
  });
});
