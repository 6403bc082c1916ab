import { describe, expect, it } from '@jest/globals';
import { BASIC_SCHEMA_ID, basicSchema, loadSchemaFile } from '../subgraphs/configuration/local-schemas.js';
import { errorSchemaOf, formSchema, uiSchemaFor } from '../web/admin/src/config-form.js';

// How the admin app turns a configuration schema into its form (web/admin/src/config-form.ts).

describe('the admin app’s configuration forms', () => {
  it('merge the basic schema the adapter schema extends, so every field shows', async () => {
    const fetched: string[] = [];
    const schema = await formSchema(loadSchemaFile('adapters/giftcard_adapter.schema.json'), async (url) => {
      fetched.push(url);
      return url === BASIC_SCHEMA_ID ? basicSchema() : null;
    });
    expect(fetched).toEqual([BASIC_SCHEMA_ID]);
    expect(Object.keys(schema.properties ?? {})).toEqual(['$schema', 'id', 'active', 'adapter', 'api']);
    expect(schema.required).toEqual(['$schema', 'id', 'api']);
    expect(schema).toMatchObject({ type: 'object', title: 'Gift card adapter configuration' });
    expect(schema).not.toHaveProperty('allOf');
    expect(schema).not.toHaveProperty('$schema');
  });

  it('show $schema and id read-only and write-only fields as secret inputs, nested ones included', async () => {
    const schema = await formSchema(loadSchemaFile('adapters/commerce_adapter.schema.json'), async () => basicSchema());
    const ui = uiSchemaFor(schema);
    expect(ui.$schema).toEqual({ 'ui:readonly': true });
    expect(ui.id).toEqual({ 'ui:readonly': true });
    expect(ui.api).toMatchObject({ identityClientSecret: { 'ui:widget': 'SecretWidget' } });
    expect(ui.api.identityClientId).toBeUndefined();
  });

  it('put the service’s errors under the field at each JSON pointer', () => {
    expect(
      errorSchemaOf([
        { pointer: '/country/defaultCountry', message: 'must match pattern' },
        { pointer: '/paymentMethods/1/name', message: 'is required' },
        { pointer: '/a~1b/c~0d', message: 'escaped' },
        { pointer: '', message: 'whole document' },
        { pointer: '/country/defaultCountry', message: 'second' },
      ]),
    ).toEqual({
      __errors: ['whole document'],
      country: { defaultCountry: { __errors: ['must match pattern', 'second'] } },
      paymentMethods: { 1: { name: { __errors: ['is required'] } } },
      'a/b': { 'c~d': { __errors: ['escaped'] } },
    });
  });
});
