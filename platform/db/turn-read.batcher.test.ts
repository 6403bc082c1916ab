import { describe, expect, it } from '@jest/globals';
import { TurnReadBatcher } from './turn-read.batcher.js';

interface Row {
  id: string;
  tenant: string;
  data: { n: number };
}

/** A source over a fixed table, recording each query (its tenant and keys). */
function tableSource(rows: Row[], options: { fail?: Error | undefined } = {}) {
  const queries: Array<{ tenant: string; keys: string[] }> = [];
  const batcher = new TurnReadBatcher<string, string, Row>({
    load: async (tenant, keys) => {
      queries.push({ tenant, keys });
      if (options.fail) throw options.fail;
      return new Map(rows.filter((row) => row.tenant === tenant && keys.includes(row.id)).map((row) => [row.id, row]));
    },
    groupKeyOf: (tenant) => tenant,
    keyOf: (id) => id,
    copy: (row) => ({ ...row, data: { ...row.data } }),
  });
  return { batcher, queries };
}

const rows: Row[] = [
  { id: 'a1', tenant: 'A', data: { n: 1 } },
  { id: 'a2', tenant: 'A', data: { n: 2 } },
  { id: 'b1', tenant: 'B', data: { n: 3 } },
];

describe('TurnReadBatcher', () => {
  it('reads what callers of one tenant ask for in the same turn with one query, answering each its own keys in order', async () => {
    const { batcher, queries } = tableSource(rows);
    const [first, second, third] = await Promise.all([batcher.read('A', ['a2', 'a1']), batcher.read('A', ['a1']), batcher.read('A', ['missing', 'a2'])]);
    expect(queries).toEqual([{ tenant: 'A', keys: ['a2', 'a1', 'missing'] }]);
    expect(first.map((row) => row?.id)).toEqual(['a2', 'a1']);
    expect(second.map((row) => row?.id)).toEqual(['a1']);
    expect(third.map((row) => row?.id)).toEqual([undefined, 'a2']);
    expect(batcher.stats).toEqual({ queries: 1, calls: 3 });
  });

  it('never puts two tenants in one query, and never answers one tenant with the other tenant rows', async () => {
    const { batcher, queries } = tableSource(rows);
    const [fromA, fromB] = await Promise.all([batcher.read('A', ['a1', 'b1']), batcher.read('B', ['a1', 'b1'])]);
    expect(queries).toEqual([
      { tenant: 'A', keys: ['a1', 'b1'] },
      { tenant: 'B', keys: ['a1', 'b1'] },
    ]);
    expect(fromA.map((row) => row?.id)).toEqual(['a1', undefined]);
    expect(fromB.map((row) => row?.id)).toEqual([undefined, 'b1']);
  });

  it('gives every caller of a shared key its own object', async () => {
    const { batcher } = tableSource(rows);
    const [[first], [second]] = await Promise.all([batcher.read('A', ['a1']), batcher.read('A', ['a1'])]);
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    first!.data.n = 99;
    expect(second!.data.n).toBe(1);
  });

  it('sends a later turn its own query: nothing is kept once a query has answered', async () => {
    const { batcher, queries } = tableSource(rows);
    await batcher.read('A', ['a1']);
    await batcher.read('A', ['a1']);
    expect(queries).toHaveLength(2);
  });

  it('fails every caller of a failed query, and only the callers of that query', async () => {
    const options: { fail?: Error | undefined } = { fail: new Error('connection lost') };
    const { batcher } = tableSource(rows, options);
    const answers = await Promise.allSettled([batcher.read('A', ['a1']), batcher.read('A', ['a2'])]);
    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
    expect((answers[0] as PromiseRejectedResult).reason).toEqual(new Error('connection lost'));
    options.fail = undefined;
    await expect(batcher.read('A', ['a1'])).resolves.toEqual([rows[0]]);
  });
});
