import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { compareModelsWithDatabase, generatedModels, type ModelShape } from '../platform/db/schema-drift.js';
import { createTestDatabase } from './harness/test-database.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.drop());

describe('database drift', () => {
  it('the migrated database has exactly the tables and columns of the generated Prisma client', async () => {
    expect(await compareModelsWithDatabase(database.db.pool, generatedModels())).toEqual([]);
  });

  it('reports a model changed without a migration', async () => {
    const models: ModelShape[] = generatedModels().map((model) =>
      model.table === 'orders'
        ? { ...model, columns: [...model.columns, { name: 'loyalty_points', type: 'Int' }] }
        : model,
    );
    models.push({ name: 'Coupon', table: 'coupons', columns: [{ name: 'id', type: 'String' }] });
    const drift = await compareModelsWithDatabase(database.db.pool, models);
    expect(drift).toEqual(
      expect.arrayContaining([
        'column orders.loyalty_points is in the Prisma schema but not in the database',
        'table coupons is in the Prisma schema but not in the database',
      ]),
    );
  });

  it('reports a column whose type differs', async () => {
    const models = generatedModels().map((model) =>
      model.table === 'orders'
        ? { ...model, columns: model.columns.map((c) => (c.name === 'version' ? { ...c, type: 'String' } : c)) }
        : model,
    );
    expect(await compareModelsWithDatabase(database.db.pool, models)).toEqual([
      'column orders.version is text in the Prisma schema but integer in the database',
    ]);
  });
});
