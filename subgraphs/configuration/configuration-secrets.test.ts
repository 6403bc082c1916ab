import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { createSecretBox } from '../../platform/crypto/secret-box.js';
import {
  SECRET_MASK, maskSecrets, mergeSecrets, openSecrets, sealSecrets, sealedPointers, secretPointers, splitSecrets,
} from './configuration-secrets.js';

const schema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  allOf: [{ $ref: 'https://schemas.checkout-platform.example/configuration/v1/basic-configuration.json' }, { properties: { extra: { writeOnly: true } } }],
  properties: {
    api: { properties: { user: { type: 'string' }, password: { type: 'string', writeOnly: true } } },
    accounts: { type: 'array', items: { $ref: '#/$defs/account' } },
    keys: { type: 'object', properties: { label: { type: 'string' } }, patternProperties: { '^pem-': { writeOnly: true } }, additionalProperties: { type: 'string', writeOnly: true } },
    pair: { type: 'array', prefixItems: [{ type: 'string' }, { writeOnly: true }] },
    tree: { $ref: '#/$defs/tree' },
    'a/b': { writeOnly: true },
  },
  $defs: {
    account: { type: 'object', properties: { name: { type: 'string' }, pin: { type: 'string', writeOnly: true } } },
    tree: { type: 'object', properties: { child: { $ref: '#/$defs/tree' }, secret: { writeOnly: true } } },
  },
};

describe('configuration secrets', () => {
  const document = {
    $schema: 'x',
    id: 'x',
    api: { user: 'u', password: 'p' },
    accounts: [{ name: 'a', pin: '1' }, { name: 'b' }],
    keys: { one: 'k1', label: 'visible', 'pem-x': 'pem' },
    pair: ['public', 'private'],
    tree: { secret: 's0', child: { child: { child: { secret: 's3' } } } },
    'a/b': 'slash',
    extra: { nested: true },
  };

  const pointers = ['/accounts/0/pin', '/api/password', '/a~1b', '/extra', '/keys/one', '/keys/pem-x', '/pair/1', '/tree/child/child/child/secret', '/tree/secret'];

  it('locates the secrets a document holds through properties, items, additional/pattern properties, allOf and local (recursive) $refs', () => {
    expect(secretPointers(schema, document)).toEqual(pointers);
    expect(secretPointers(schema, { api: { user: 'u' } })).toEqual([]);
    const loop = { $ref: '#/$defs/a', $defs: { a: { $ref: '#/$defs/a' } } };
    expect(secretPointers(loop, { x: 1 })).toEqual([]);
  });

  it('splits, masks and merges them back', () => {
    const { document: stripped, secrets } = splitSecrets(document, pointers);
    expect(stripped).toEqual({
      $schema: 'x', id: 'x', api: { user: 'u' }, accounts: [{ name: 'a' }, { name: 'b' }], keys: { label: 'visible' }, pair: ['public', null], tree: { child: { child: { child: {} } } },
    });
    expect(Object.keys(secrets)).toEqual(pointers);
    expect(maskSecrets(stripped, pointers)).toMatchObject({
      api: { password: SECRET_MASK }, accounts: [{ pin: SECRET_MASK }, { name: 'b' }], 'a/b': SECRET_MASK, pair: ['public', SECRET_MASK], extra: SECRET_MASK,
    });
    expect(mergeSecrets(stripped, secrets)).toEqual(document);
    expect(document.api.password).toBe('p');
  });

  it('seals them bound to their tenant, id and pointers', () => {
    const box = createSecretBox(randomBytes(32));
    const tenant = { merchant: 'm', channel: 'c' };
    const column = sealSecrets(box, tenant, 'cfg', { '/api/password': 'p' })!;
    expect(column).not.toContain('"p"');
    expect(sealedPointers(column)).toEqual(['/api/password']);
    expect(openSecrets(box, tenant, 'cfg', column)).toEqual({ '/api/password': 'p' });
    expect(() => openSecrets(box, { ...tenant, channel: 'other' }, 'cfg', column)).toThrow();
    expect(() => openSecrets(box, tenant, 'other', column)).toThrow();
    const edited = JSON.stringify({ ...JSON.parse(column), pointers: ['/api/user'] });
    expect(() => openSecrets(box, tenant, 'cfg', edited)).toThrow();
    expect(sealSecrets(box, tenant, 'cfg', {})).toBeNull();
    expect(sealedPointers(null)).toEqual([]);
  });
});
