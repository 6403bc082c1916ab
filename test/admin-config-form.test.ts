import { describe, expect, it } from '@jest/globals';
import { readdirSync } from 'node:fs';
import type { RJSFSchema } from '@rjsf/utils';
import { BASIC_SCHEMA_ID, basicSchema, loadSchemaFile } from '../subgraphs/configuration/local-schemas.js';
import { SERVICE_SPECS } from '../app/service.catalogue.js';
import { adapterSchemaFile } from '../platform/env/env.config.js';
import { displaySchema, errorInWords, errorSchemaOf, errorsInWords, formSchema, schemaAt, serviceErrorsInWords, toFormData, toStoredData, uiSchemaFor } from '../web/admin/src/config-form.js';

// How the admin app turns a configuration schema into its form (web/admin/src/config-form.ts).

describe('the admin app’s configuration forms', () => {
  it('merge the basic schema the adapter schema extends, so every field shows', async () => {
    const fetched: string[] = [];
    const schema = await formSchema(loadSchemaFile('adapters/giftcard/giftcard_adapter.schema.json'), async (url) => {
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
    const schema = await formSchema(loadSchemaFile('adapters/commerce/commerce_adapter.schema.json'), async () => basicSchema());
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

  // Every adapter's schema, where its catalogue row says it is (beside its provider manifest); every adapter of the catalogue has one.
  it.each(SERVICE_SPECS.filter((spec) => spec.kind === 'adapter').map((spec) => adapterSchemaFile(SERVICE_SPECS, spec.name)!))('label every field of %s with a title and explain it with a description', async (file) => {
    const schema = await formSchema(loadSchemaFile(file), async () => basicSchema());
    const fields: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (typeof node !== 'object' || node === null) return;
      const { properties, items } = node as { properties?: Record<string, unknown>; items?: unknown };
      for (const [name, property] of Object.entries(properties ?? {})) {
        if (typeof property !== 'object' || property === null) continue;
        const { title, description } = property as { title?: unknown; description?: unknown };
        if (typeof title !== 'string' || typeof description !== 'string' || title === name) fields.push(`${path}/${name}`);
        walk(property, `${path}/${name}`);
      }
      walk(items, `${path}/items`);
    };
    walk(schema, '');
    expect(fields).toEqual([]);
  });

  it('show prices in major units and rates in percent, and store minor units, basis points and fractions', async () => {
    const commerce = displaySchema(await formSchema(loadSchemaFile('adapters/commerce/commerce_adapter.schema.json'), async () => basicSchema()));
    expect(schemaAt(commerce, ['shippingOptions', '0', 'price'])).toMatchObject({ title: 'Price', type: 'number', minimum: 0, multipleOf: 0.01, 'x-unit': 'minor-units' });
    expect(schemaAt(commerce, ['shippingOptions', '0', 'taxRate'])).toMatchObject({ title: 'VAT rate (%)', type: 'number', minimum: 0, maximum: 100 });
    const stored = { id: 'commerce_adapter', shippingOptions: [{ id: 'home', name: 'Home', price: 4950, taxRate: 2500 }, { id: 'free', name: 'Free', price: 0 }] };
    const shown = toFormData(commerce, stored);
    expect(shown).toEqual({ id: 'commerce_adapter', shippingOptions: [{ id: 'home', name: 'Home', price: 49.5, taxRate: 25 }, { id: 'free', name: 'Free', price: 0 }] });
    expect(toStoredData(commerce, { ...shown, shippingOptions: [{ id: 'home', name: 'Home', price: 19.99, taxRate: 12.5 }] })).toEqual({ id: 'commerce_adapter', shippingOptions: [{ id: 'home', name: 'Home', price: 1999, taxRate: 1250 }] });

    const providerC = displaySchema(await formSchema(loadSchemaFile('adapters/provider-c/provider_c_checkout_adapter.schema.json'), async () => basicSchema()));
    expect(toFormData(providerC, { shipping: { vatRate: 0.25 } })).toEqual({ shipping: { vatRate: 25 } });
    expect(toStoredData(providerC, { shipping: { vatRate: 12.3 } })).toEqual({ shipping: { vatRate: 0.123 } });
  });

  it('say what is wrong in words, by keyword, from the field\'s schema', async () => {
    const schema = displaySchema(await formSchema(loadSchemaFile('adapters/commerce/commerce_adapter.schema.json'), async () => basicSchema()));
    expect(errorInWords('pattern', schemaAt(schema, ['country', 'defaultCountry']))).toBe('Type a two-letter country code in capitals, e.g. NO or SE.');
    expect(errorInWords('pattern', schemaAt(schema, ['api', 'identityAddress']))).toBe('Type a full address starting with https:// or http://, e.g. https://shop.example/checkout.');
    expect(errorInWords('multipleOf', schemaAt(schema, ['shippingOptions', '0', 'price']))).toBe('Use at most 2 decimals, e.g. 49.50.');
    expect(errorInWords('maximum', schemaAt(schema, ['shippingOptions', '0', 'taxRate']))).toBe('Type 100 % or less.');
    expect(errorInWords('required', schemaAt(schema, ['api', 'identityScope']))).toBe('Fill in this field.');
    expect(errorInWords('pattern', { pattern: '^x$', 'x-errorMessages': { pattern: 'Type x.' } })).toBe('Type x.');

    // The form's own errors (rjsf: property as a dotted path) and the service's (a JSON pointer and a keyword).
    const transformed = errorsInWords(schema)([{ name: 'pattern', property: '.country.defaultCountry', message: 'must match pattern "^[A-Z]{2}$"', stack: 'x', params: {} }]);
    expect(transformed[0]).toMatchObject({ message: 'Type a two-letter country code in capitals, e.g. NO or SE.', stack: 'Type a two-letter country code in capitals, e.g. NO or SE.' });
    expect(
      serviceErrorsInWords(schema, [
        { pointer: '/shippingOptions/0/price', message: 'must be >= 0', keyword: 'minimum' },
        { pointer: '/id', message: 'The id must equal the configuration id commerce_adapter.', keyword: 'id' },
      ]),
    ).toEqual([
      { pointer: '/shippingOptions/0/price', message: 'Type 0 or more.' },
      { pointer: '/id', message: 'The id must equal the configuration id commerce_adapter.' },
    ]);
  });

  it('say one sentence per problem of a field: an address failing both its format and its pattern is one problem', async () => {
    const schema = displaySchema(await formSchema(loadSchemaFile('adapters/provider-a/provider_a_checkout_adapter.schema.json'), async () => basicSchema()));
    const field = '.redirectUrls.termsUrl';
    // ajv reports `foo` twice at an address field (format uri, pattern ^https?://): one sentence is shown.
    const transformed = errorsInWords(schema)([
      { name: 'format', property: field, message: 'must match format "uri"', stack: 'x', params: { format: 'uri' } },
      { name: 'pattern', property: field, message: 'must match pattern "^https?://"', stack: 'x', params: { pattern: '^https?://' } },
      { name: 'required', property: '.redirectUrls.checkoutUrl', message: 'must have required property', stack: 'x', params: {} },
      { name: 'required', property: '.redirectUrls.checkoutUrl', message: 'must have required property', stack: 'x', params: {} },
    ]);
    expect(transformed.map((error) => [error.property, error.message])).toEqual([
      [field, 'Type a full address starting with https:// or http://, e.g. https://shop.example/checkout.'],
      ['.redirectUrls.checkoutUrl', 'Fill in this field.'],
    ]);
    // A format failing alone (an address with a space) keeps its own sentence.
    expect(errorsInWords(schema)([{ name: 'format', property: field, message: 'must match format "uri"', stack: 'x', params: { format: 'uri' } }]).map((error) => error.message)).toEqual([
      'Type a full address, e.g. https://shop.example/page.',
    ]);
    // The service's refusal of the same value: one sentence too.
    expect(
      serviceErrorsInWords(schema, [
        { pointer: '/redirectUrls/termsUrl', message: 'must match format "uri"', keyword: 'format' },
        { pointer: '/redirectUrls/termsUrl', message: 'must match pattern "^https?://"', keyword: 'pattern' },
      ]),
    ).toEqual([{ pointer: '/redirectUrls/termsUrl', message: 'Type a full address starting with https:// or http://, e.g. https://shop.example/checkout.' }]);
  });

  it('find a field\'s schema through array items and allOf parts', () => {
    const schema = { type: 'object', allOf: [{ properties: { a: { type: 'object', properties: { b: { title: 'B' } } } } }], properties: { list: { type: 'array', items: { type: 'object', properties: { c: { title: 'C' } } } } } } as RJSFSchema;
    expect(schemaAt(schema, ['a', 'b'])).toEqual({ title: 'B' });
    expect(schemaAt(schema, ['list', '3', 'c'])).toEqual({ title: 'C' });
    expect(schemaAt(schema, ['missing'])).toBeUndefined();
  });
});
