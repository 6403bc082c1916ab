/** Demo data seeded by several processes at once (replicas starting together) comes out whole, with no refused configuration. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import { demoConfigurations, ensureDemoData } from '../app/demo/demo-data.js';
import { createLogger } from '../platform/logging/logger.js';
import { startTestSystem, type TestSystem } from './harness/test-system.js';

let system: TestSystem;

beforeAll(async () => {
  system = await startTestSystem({ services: ['configuration', 'commerce_sandbox', 'giftcard_sandbox', 'provider_d_sandbox'] });
});
afterAll(() => system?.close());

describe('demo seeding from three processes at once', () => {
  it('every demo configuration is stored at least once and none is refused', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const logger = createLogger({ level: 'warn', destination });
    await Promise.all([0, 1, 2].map(() => ensureDemoData(system.config, logger)));
    expect(lines.filter((line) => line.msg === 'demo configuration refused')).toEqual([]);
    const { rows } = await system.db.pool.query<{ id: string; version: number }>(
      `select configuration_id as id, version from configurations where merchant = 'demo' and channel = 'demo'`,
    );
    expect(rows.map((row) => row.id).sort()).toEqual(Object.keys(demoConfigurations(system.config)).sort());
  });
});
