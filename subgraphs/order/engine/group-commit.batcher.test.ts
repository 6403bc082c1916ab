import { describe, expect, it } from '@jest/globals';
import { GroupCommitBatcher, type GroupCommitRunner } from './group-commit.batcher.js';

interface Input {
  key: string;
  value: number;
}

/** A runner whose statements finish only when the test says so, recording what each carried. */
function heldRunner(options: { failMany?: unknown; failOne?: (input: Input) => unknown } = {}) {
  const statements: Array<{ kind: 'one' | 'many'; inputs: Input[]; finish(): void }> = [];
  const hold = (kind: 'one' | 'many', inputs: Input[]) =>
    new Promise<void>((finish) => {
      statements.push({ kind, inputs, finish });
    });
  const runner: GroupCommitRunner<Input, string> = {
    keyOf: (input) => input.key,
    async runOne(input) {
      await hold('one', [input]);
      const failure = options.failOne?.(input);
      if (failure) throw failure;
      return `${input.key}:${input.value}`;
    },
    async runMany(inputs) {
      await hold('many', inputs);
      if (options.failMany) throw options.failMany;
      return inputs.map((input) => `${input.key}:${input.value}`);
    },
  };
  /** Waits until `n` statements were sent. */
  const sent = async (n: number) => {
    while (statements.length < n) await new Promise((resolve) => setImmediate(resolve));
  };
  return { runner, statements, sent };
}

describe('GroupCommitBatcher', () => {
  it('sends commits of one turn that find a slot each on their own', async () => {
    const { runner, statements, sent } = heldRunner();
    const batcher = new GroupCommitBatcher(runner, { maxInFlight: 2, maxBatch: 8 });
    const a = batcher.submit({ key: 'a', value: 1 });
    const b = batcher.submit({ key: 'b', value: 1 });
    await sent(2);
    expect(statements.map((s) => [s.kind, s.inputs.map((i) => i.key)])).toEqual([['one', ['a']], ['one', ['b']]]);
    statements.forEach((s) => s.finish());
    await expect(Promise.all([a, b])).resolves.toEqual(['a:1', 'b:1']);
  });

  it('sends the commits of one turn together, shared evenly over the free slots', async () => {
    const { runner, statements, sent } = heldRunner();
    const batcher = new GroupCommitBatcher(runner, { maxInFlight: 2, maxBatch: 8 });
    const all = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((key) => batcher.submit({ key, value: 1 }));
    await sent(2);
    expect(statements.map((s) => s.inputs.map((i) => i.key))).toEqual([['a', 'b', 'c', 'd'], ['e', 'f', 'g']]);
    // Released writers submit again in the turn their answers arrive: they leave together once a slot is free.
    statements[0]!.finish();
    await Promise.all(all.slice(0, 4));
    const again = ['a', 'b', 'c', 'd'].map((key) => batcher.submit({ key, value: 2 }));
    await sent(3);
    expect(statements[2]!.inputs.map((i) => `${i.key}${i.value}`)).toEqual(['a2', 'b2', 'c2', 'd2']);
    statements.slice(1).forEach((s) => s.finish());
    await Promise.all([...all, ...again]);
  });

  it('sends the commits that waited for a slot as one statement, each with its own answer', async () => {
    const { runner, statements, sent } = heldRunner();
    const batcher = new GroupCommitBatcher(runner, { maxInFlight: 1, maxBatch: 8 });
    const first = batcher.submit({ key: 'a', value: 1 });
    await sent(1);
    const waiting = [batcher.submit({ key: 'b', value: 1 }), batcher.submit({ key: 'c', value: 1 }), batcher.submit({ key: 'd', value: 1 })];
    statements[0]!.finish();
    await sent(2);
    expect(statements[1]!.kind).toBe('many');
    expect(statements[1]!.inputs.map((i) => i.key)).toEqual(['b', 'c', 'd']);
    statements[1]!.finish();
    await expect(Promise.all([first, ...waiting])).resolves.toEqual(['a:1', 'b:1', 'c:1', 'd:1']);
    expect(batcher.stats).toEqual({ statements: 2, commits: 4, batched: 3, retriedAlone: 0 });
  });

  it('never puts two commits of one key in one statement, and keeps their order', async () => {
    const { runner, statements, sent } = heldRunner();
    const batcher = new GroupCommitBatcher(runner, { maxInFlight: 1, maxBatch: 8 });
    const first = batcher.submit({ key: 'x', value: 0 });
    await sent(1);
    const rest = [batcher.submit({ key: 'a', value: 1 }), batcher.submit({ key: 'a', value: 2 }), batcher.submit({ key: 'b', value: 1 })];
    statements[0]!.finish();
    await sent(2);
    expect(statements[1]!.inputs).toEqual([{ key: 'a', value: 1 }, { key: 'b', value: 1 }]);
    statements[1]!.finish();
    await sent(3);
    expect(statements[2]!.inputs).toEqual([{ key: 'a', value: 2 }]);
    statements[2]!.finish();
    await expect(Promise.all([first, ...rest])).resolves.toEqual(['x:0', 'a:1', 'a:2', 'b:1']);
  });

  it('carries at most maxBatch commits per statement', async () => {
    const { runner, statements, sent } = heldRunner();
    const batcher = new GroupCommitBatcher(runner, { maxInFlight: 1, maxBatch: 2 });
    const all = [batcher.submit({ key: 'a', value: 1 })];
    await sent(1);
    all.push(...['b', 'c', 'd'].map((key) => batcher.submit({ key, value: 1 })));
    statements[0]!.finish();
    await sent(2);
    expect(statements[1]!.inputs.map((i) => i.key)).toEqual(['b', 'c']);
    statements[1]!.finish();
    await sent(3);
    expect(statements[2]!.inputs.map((i) => i.key)).toEqual(['d']);
    statements[2]!.finish();
    await Promise.all(all);
  });

  it('runs every member alone when the database refused the batch statement, so only the culprit fails', async () => {
    const refusal = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
    const { runner, statements, sent } = heldRunner({ failMany: refusal, failOne: (input) => (input.key === 'c' ? new Error('c is a duplicate') : undefined) });
    const batcher = new GroupCommitBatcher(runner, { maxInFlight: 1, maxBatch: 8 });
    const first = batcher.submit({ key: 'a', value: 1 });
    await sent(1);
    const members = ['b', 'c', 'd'].map((key) => batcher.submit({ key, value: 1 }));
    statements[0]!.finish();
    await sent(2);
    statements[1]!.finish();
    await sent(5);
    expect(statements.slice(2).map((s) => [s.kind, s.inputs[0]!.key])).toEqual([['one', 'b'], ['one', 'c'], ['one', 'd']]);
    statements.slice(2).forEach((s) => s.finish());
    const outcomes = await Promise.allSettled([first, ...members]);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message))).toEqual(['a:1', 'b:1', 'c is a duplicate', 'd:1']);
    expect(batcher.stats.retriedAlone).toBe(3);
  });

  it('gives every member the failure when the outcome of the batch is unknown (no SQLSTATE), and never runs it again', async () => {
    const lost = new Error('Connection terminated unexpectedly');
    const { runner, statements, sent } = heldRunner({ failMany: lost });
    const batcher = new GroupCommitBatcher(runner, { maxInFlight: 1, maxBatch: 8 });
    const first = batcher.submit({ key: 'a', value: 1 });
    await sent(1);
    const members = ['b', 'c'].map((key) => batcher.submit({ key, value: 1 }));
    statements[0]!.finish();
    await sent(2);
    statements[1]!.finish();
    await expect(first).resolves.toBe('a:1');
    for (const member of members) await expect(member).rejects.toBe(lost);
    expect(statements).toHaveLength(2);
  });
});
