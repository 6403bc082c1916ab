import { describe, expect, it } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { linearRegExp } from './linear-regexp.js';

describe('linearRegExp (JSON Schema patterns on RE2)', () => {
  const ajv = new Ajv2020({ strict: false, code: { regExp: linearRegExp } });

  it('matches as JSON Schema patterns do (unanchored unless anchored), each pattern on its own', () => {
    const year = ajv.compile({ type: 'string', pattern: '^\\d{4}$' });
    const hasB = ajv.compile({ type: 'string', pattern: 'b' });
    const keys = ajv.compile({ type: 'object', patternProperties: { '^x-': { type: 'number' } } });
    expect([year('2026'), year('x2026'), hasB('abc'), hasB('ac')]).toEqual([true, false, true, false]);
    expect([keys({ 'x-a': 1 }), keys({ 'x-a': 'one' }), keys({ y: 'one' })]).toEqual([true, false, true]);
    expect(ajv.compile({ type: 'string', pattern: '^\\p{L}+$' })('Øyvind')).toBe(true);
  });

  it('decides a catastrophic pattern on a crafted value in linear time', () => {
    const nested = ajv.compile({ type: 'string', pattern: '^(a+)+$' });
    const alternation = ajv.compile({ type: 'string', pattern: '^(a|a)*$' });
    const crafted = `${'a'.repeat(10_000)}!`;
    expect([nested(crafted), alternation(crafted), nested('aaaa'), alternation('aaaa')]).toEqual([false, false, true, true]);
  });

  it('refuses lookaround and backreferences at compile time', () => {
    expect(() => ajv.compile({ type: 'string', pattern: '^(?=a)a$' })).toThrow(/regexp/);
    expect(() => ajv.compile({ type: 'string', pattern: '^(a)\\1$' })).toThrow();
  });
});
