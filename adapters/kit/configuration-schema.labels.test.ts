import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { assertLabelledSchema, unlabelledProperties } from './configuration-schema.labels.js';

const schemaFiles = (folder: string) =>
  readdirSync(new URL(`../../schemas/${folder}/`, import.meta.url))
    .filter((file) => file.endsWith('.schema.json'))
    .map((file) => [`${folder}/${file}`, JSON.parse(readFileSync(new URL(`../../schemas/${folder}/${file}`, import.meta.url), 'utf8')) as object] as const);

/** The schemas kept beside a provider's manifest (adapters/<provider>/*.schema.json). */
const besideAdapters = () =>
  readdirSync(new URL('../', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) =>
      readdirSync(new URL(`../${entry.name}/`, import.meta.url))
        .filter((file) => file.endsWith('.schema.json'))
        .map((file) => [`adapters/${entry.name}/${file}`, JSON.parse(readFileSync(new URL(`../${entry.name}/${file}`, import.meta.url), 'utf8')) as object] as const),
    );

describe('configuration schema labels', () => {
  it('name every property without a title or a description, nested objects, array items and allOf parts included', () => {
    const schema = {
      allOf: [{ properties: { fromPart: { title: 'From a part' } } }],
      properties: {
        labelled: { title: 'Labelled', description: 'Has both.', type: 'string' },
        bare: { type: 'string' },
        forbidden: false,
        options: {
          title: 'Options',
          description: 'A list.',
          type: 'array',
          items: { type: 'object', properties: { 'a/b': { description: 'No title.' } } },
        },
      },
    };
    expect(unlabelledProperties(schema)).toEqual([
      { pointer: '/bare', missing: ['title', 'description'] },
      { pointer: '/options/items/a~1b', missing: ['title'] },
      { pointer: '/fromPart', missing: ['description'] },
    ]);
    expect(() => assertLabelledSchema(schema, 'acme')).toThrow(
      'The configuration schema of acme must give every property a title and a description (the admin\'s form labels and help): /bare lacks a title and a description; /options/items/a~1b lacks a title; /fromPart lacks a description.',
    );
  });

  it('a title of blanks is no title', () => {
    expect(unlabelledProperties({ properties: { x: { title: '  ', description: 'Help.' } } })).toEqual([{ pointer: '/x', missing: ['title'] }]);
  });

  it.each([...besideAdapters(), ...schemaFiles('configuration')])('%s labels every property', (_file, schema) => {
    expect(unlabelledProperties(schema)).toEqual([]);
  });
});
