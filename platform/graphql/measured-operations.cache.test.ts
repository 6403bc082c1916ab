import { describe, expect, it } from '@jest/globals';
import { MeasuredOperations } from './measured-operations.cache.js';

describe('MeasuredOperations', () => {
  const query = 'query A { order(id: "1") { id payments { id } } } query B { orders(first: 5) { id } }';

  it('reads a text once and answers the same reading for the same text, name and token limit', () => {
    const cache = new MeasuredOperations();
    const first = cache.get(query, 'A', 1_000);
    expect(first.problem).toBeUndefined();
    expect(first.problem === undefined && first.measure).toMatchObject({ depth: 3, fields: 4 });
    expect(cache.get(query, 'A', 1_000)).toBe(first);
    expect(cache.get(query, 'B', 1_000)).not.toBe(first);
    const second = cache.get(query, 'B', 1_000);
    expect(second.problem === undefined && second.measure.pageSizes).toEqual([5]);
  });

  it('tells why a text offers no operation, and leaves unreadable texts to GraphQL', () => {
    const cache = new MeasuredOperations();
    expect(cache.get(query, undefined, 1_000).problem).toBe('operation_name_required');
    expect(cache.get(query, 'C', 1_000).problem).toBe('unknown_operation');
    expect(cache.get('fragment F on Order { id }', undefined, 1_000).problem).toBe('no_operation');
    expect(cache.get('{ order(id: ', undefined, 1_000).problem).toBe('unparseable');
    // The token limit is part of the reading: the same text may be too long for a smaller one.
    expect(cache.get(query, 'A', 5).problem).toBe('unparseable');
    expect(cache.get(query, 'A', 1_000).problem).toBeUndefined();
  });

  it('is bounded: the oldest text goes first, and long texts are read anew each time', () => {
    const cache = new MeasuredOperations(2, 40);
    const a = cache.get('{ a }', undefined, 100);
    cache.get('{ b }', undefined, 100);
    expect(cache.get('{ a }', undefined, 100)).toBe(a);
    cache.get('{ c }', undefined, 100);
    expect(cache.get('{ a }', undefined, 100)).not.toBe(a);
    const long = `{ ${'x '.repeat(30)}}`;
    expect(cache.get(long, undefined, 100)).not.toBe(cache.get(long, undefined, 100));
  });
});
