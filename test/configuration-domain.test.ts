import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadConfig } from '../app/app.config.js';
import { createConfigurationDomain, type ConfigurationDomain } from '../subgraphs/configuration/configuration.domain.js';
import { STATIC_NOTIFICATIONS_SCHEMA_ID } from '../subgraphs/configuration/local-schemas.js';
import { staticNotificationsFor } from '../subgraphs/configuration/static-notifications.js';
import { createTestDatabase } from './harness/test-database.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let domain: ConfigurationDomain;
const tenant = { merchant: 'merchant-static', channel: 'web' };

const completed = { description: 'Tell the ERP about completed orders', reference: 'erp-completed', scope: '/state/currentStatus', schema: { enum: ['completed'] }, invoke: 'https://erp.example/orders' };
const referenceChanged = { scope: '/reference', schema: { type: 'string' }, invoke: 'https://crm.example/hook' };
const configuration = (extra: Record<string, unknown> = {}) => ({
  $schema: STATIC_NOTIFICATIONS_SCHEMA_ID,
  id: 'static_notifications',
  order: { notifications: [completed, referenceChanged] },
  ...extra,
});

beforeAll(async () => {
  database = await createTestDatabase();
  domain = createConfigurationDomain(
    { ...loadConfig({ NODE_ENV: 'test' }), configEncryptionKey: randomBytes(32).toString('base64url') },
    database.db.prisma,
  );
});
afterAll(() => database?.drop());

describe('staticNotificationsFor (the order engine calls it on order creation)', () => {
  it('is empty when the channel has no static_notifications configuration', async () => {
    expect(await staticNotificationsFor(database.db.prisma, tenant)).toEqual([]);
  });

  it("gives the configuration's notifications, each with a new id, for every order", async () => {
    expect(await domain.putConfiguration(tenant, 'static_notifications', configuration())).toMatchObject({ ok: true });
    const first = await staticNotificationsFor(database.db.prisma, tenant);
    expect(first).toEqual([
      { id: expect.any(String), adapterId: 'static_notifications', ...completed },
      { id: expect.any(String), adapterId: 'static_notifications', reference: first[1]!.id, ...referenceChanged },
    ]);
    const second = await staticNotificationsFor(database.db.prisma, tenant);
    expect(second.map((n) => n.id)).not.toEqual(first.map((n) => n.id));
    expect(await staticNotificationsFor(database.db.prisma, { ...tenant, channel: 'app' })).toEqual([]);
  });

  it('is empty while the configuration is inactive', async () => {
    expect(await domain.putConfiguration(tenant, 'static_notifications', configuration({ active: false }))).toMatchObject({ ok: true });
    expect(await staticNotificationsFor(database.db.prisma, tenant)).toEqual([]);
  });

  it('skips items a hand-written row got wrong', async () => {
    await database.db.prisma.configuration.update({
      where: { merchant_channel_configurationId: { ...tenant, configurationId: 'static_notifications' } },
      data: { document: { id: 'static_notifications', order: { notifications: [completed, { scope: 'state', invoke: 'x' }, 'nonsense'] } } },
    });
    expect(await staticNotificationsFor(database.db.prisma, tenant)).toEqual([{ id: expect.any(String), adapterId: 'static_notifications', ...completed }]);
  });
});

describe('putConfiguration under concurrent writes', () => {
  it('applies each write once or refuses it with 409 conflict, never half', async () => {
    const writes = Array.from({ length: 6 }, (_, index) =>
      domain.putConfiguration({ ...tenant, channel: 'race' }, 'static_notifications', configuration({ active: index % 2 === 0 })).then(
        (outcome) => ({ ok: outcome.ok }),
        (error: { status?: number; code?: string }) => ({ ok: false, status: error.status, code: error.code }),
      ),
    );
    const outcomes = await Promise.all(writes);
    const applied = outcomes.filter((outcome) => outcome.ok).length;
    expect(applied).toBeGreaterThanOrEqual(1);
    for (const refused of outcomes.filter((outcome) => !outcome.ok)) expect(refused).toEqual({ ok: false, status: 409, code: 'conflict' });
    expect((await domain.getConfiguration({ ...tenant, channel: 'race' }, 'static_notifications'))?.version).toBe(applied);
  });
});
