import { describe, expect, it } from '@jest/globals';
import { buildSchema } from 'graphql';
import { SubgraphDocumentCache } from './subgraph-document.cache.js';

const schema = buildSchema('type Query { a: Int, b: Int }');

describe('SubgraphDocumentCache', () => {
  it('parses and validates an operation once per text and name', () => {
    const cache = new SubgraphDocumentCache(schema);
    const text = 'query A { a } query B { b }';
    const a = cache.get(text, 'A');
    expect(a).toMatchObject({ type: 'query', id: expect.any(String) });
    expect(cache.get(text, 'A')).toBe(a);
    // The same text under another name is another entry.
    expect(cache.get(`${text}`, 'B')).not.toBe(a);
    expect(cache.get(text, 'B')).toBe(cache.get(text, 'B'));
  });

  it('keeps the errors of a text that does not parse or validate', () => {
    const cache = new SubgraphDocumentCache(schema);
    expect(cache.get('{ a ').errors).toHaveLength(1);
    expect(cache.get('{ c }').errors?.[0]?.message).toMatch(/Cannot query field "c"/);
  });

  it('is bounded: the oldest text goes first, with every name it was asked for', () => {
    const cache = new SubgraphDocumentCache(schema, 2);
    const first = cache.get('query A { a } query B { b }', 'A');
    cache.get('query A { a } query B { b }', 'B');
    const second = cache.get('{ b }');
    // Two entries were cached: the third pushed out the first text, both its names.
    expect(cache.get('query A { a } query B { b }', 'A')).not.toBe(first);
    expect(cache.get('{ b }')).toBe(second);
    // Now '{ b }' is the oldest text.
    cache.get('{ a }');
    expect(cache.get('{ b }')).not.toBe(second);
  });
});
