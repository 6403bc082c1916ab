import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';

/** What the configuration service shows in place of a stored secret, and keeps it for when sent back. */
export const SECRET_MASK = '********';

type Json = Record<string, unknown>;
/** A JSON object (the GraphQL JSON scalar arrives as `unknown`: this narrows it). */
export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The form's schema from a configuration schema: schemas it extends by an absolute `$ref` (the
 * basic configuration schema, in a top-level `allOf` or `$ref`) are fetched and merged in, so the
 * form shows every field; the dialect and identifiers go (the form's validator needs none of them).
 */
export async function formSchema(schema: Json, fetchSchema: (url: string) => Promise<Json | null>): Promise<RJSFSchema> {
  const parts: Json[] = [];
  const collect = async (node: Json, depth: number): Promise<void> => {
    if (depth > 5) return;
    const { allOf, $ref, ...rest } = node;
    if (typeof $ref === 'string' && /^https?:\/\//.test($ref)) {
      const referenced = await fetchSchema($ref);
      if (referenced) await collect(referenced, depth + 1);
    } else if (typeof $ref === 'string') rest.$ref = $ref;
    for (const part of Array.isArray(allOf) ? allOf : []) if (isObject(part)) await collect(part, depth + 1);
    parts.push(rest);
  };
  await collect(schema, 0);
  const merged: Json = { type: 'object' };
  const properties: Json = {};
  const required = new Set<string>();
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (key === 'properties' && isObject(value)) Object.assign(properties, value);
      else if (key === 'required' && Array.isArray(value)) value.forEach((name) => required.add(String(name)));
      else if (!['$schema', '$id'].includes(key)) merged[key] = value;
    }
  }
  // The outermost schema's title and description win over the ones it extends.
  for (const key of ['title', 'description'] as const) if (schema[key] !== undefined) merged[key] = schema[key];
  return { ...merged, properties, required: [...required] } as RJSFSchema;
}

/** Fields the admin does not edit ($schema, id) read-only; write-only (secret) fields as masked secret inputs. */
export function uiSchemaFor(schema: RJSFSchema, top = true): UiSchema {
  const ui: UiSchema = {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const [name, property] of Object.entries(properties)) {
    if (!isObject(property)) continue;
    if (top && (name === '$schema' || name === 'id')) ui[name] = { 'ui:readonly': true };
    else if (property.writeOnly === true) ui[name] = { 'ui:widget': 'SecretWidget' };
    else if (property.type === 'object') ui[name] = uiSchemaFor(property as RJSFSchema, false);
    else if (property.type === 'array' && isObject(property.items) && (property.items as Json).type === 'object') ui[name] = { items: uiSchemaFor(property.items as RJSFSchema, false) };
  }
  return ui;
}

/** The service's errors, each at its JSON pointer, as the form shows them: under the field at fault. */
export function errorSchemaOf(errors: Array<{ pointer: string; message: string }>): ErrorSchema {
  const root: Json = {};
  for (const { pointer, message } of errors) {
    const path = pointer === '' ? [] : pointer.slice(1).split('/').map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
    let node = root;
    for (const part of path) node = (node[part] ??= {}) as Json;
    ((node.__errors ??= []) as string[]).push(message);
  }
  return root as ErrorSchema;
}

/*
 * Units. A schema property may say how its stored number reads to a person with `x-unit`:
 * `minor-units` (a price of 4900 is 49.00), `basis-points` (a rate of 2500 is 25 %) or `fraction`
 * (0.25 is 25 %). The form shows and takes the person's units and stores the schema's
 * (docs/admin.md, "Configuration forms").
 */
export type Unit = 'minor-units' | 'basis-points' | 'fraction';
const UNITS: Record<Unit, { suffix: string; toForm: (stored: number) => number; toStored: (shown: number) => number; example: string }> = {
  // Minor units as cents: the exponent of the currencies the channels sell in (2); see docs/admin.md.
  'minor-units': { suffix: '', toForm: (stored) => stored / 100, toStored: (shown) => Math.round(shown * 100), example: '49.50' },
  'basis-points': { suffix: ' (%)', toForm: (stored) => stored / 100, toStored: (shown) => Math.round(shown * 100), example: '25' },
  fraction: { suffix: ' (%)', toForm: (stored) => Number((stored * 100).toPrecision(12)), toStored: (shown) => Number((shown / 100).toPrecision(12)), example: '25' },
};
const unitOf = (node: unknown): Unit | undefined => {
  const unit = isObject(node) ? node['x-unit'] : undefined;
  return typeof unit === 'string' && unit in UNITS ? (unit as Unit) : undefined;
};

/** The schema as the form shows it: each `x-unit` property a number in the person's units (bounds converted, at most 2 decimals), `%` in its label. */
export function displaySchema(schema: RJSFSchema): RJSFSchema {
  const convert = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(convert);
    if (!isObject(node)) return node;
    const unit = unitOf(node);
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) out[key] = key === 'properties' && isObject(value) ? Object.fromEntries(Object.entries(value).map(([name, child]) => [name, convert(child)])) : convert(value);
    if (unit) {
      const { toForm, suffix } = UNITS[unit];
      out.type = 'number';
      out.multipleOf = 0.01;
      for (const bound of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'default'] as const) if (typeof node[bound] === 'number') out[bound] = toForm(node[bound]);
      if (typeof node.title === 'string') out.title = `${node.title}${suffix}`;
    }
    return out;
  };
  return convert(schema) as RJSFSchema;
}

/** Walks `data` beside `schema`, converting every `x-unit` number with `convert`. */
function convertUnits(schema: unknown, data: unknown, direction: 'toForm' | 'toStored'): unknown {
  if (!isObject(schema)) return data;
  const unit = unitOf(schema);
  if (unit) return typeof data === 'number' && Number.isFinite(data) ? UNITS[unit][direction](data) : data;
  if (Array.isArray(data)) return isObject(schema.items) ? data.map((item) => convertUnits(schema.items, item, direction)) : data;
  if (isObject(data) && isObject(schema.properties)) {
    const properties = schema.properties;
    return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, convertUnits(properties[key], value, direction)]));
  }
  return data;
}

/** A stored configuration as the form shows it (4900 → 49, 2500 → 25). */
export const toFormData = (schema: RJSFSchema, document: Json): Json => convertUnits(schema, document, 'toForm') as Json;
/** What the form holds as it is stored (49.5 → 4950, 25 → 2500). */
export const toStoredData = (schema: RJSFSchema, formData: Json): Json => convertUnits(schema, formData, 'toStored') as Json;

/*
 * Errors in words. The validator's text (`must match pattern "^https?://"`) is for developers;
 * each keyword has a sentence here, the schema's own `x-errorMessages: {keyword: sentence}`
 * first when it gives one.
 */
const PATTERNS: Record<string, string> = {
  '^https?://': 'Type a full address starting with https:// or http://, e.g. https://shop.example/checkout.',
  '^[A-Z]{2}$': 'Type a two-letter country code in capitals, e.g. NO or SE.',
  '^[A-Za-z0-9_.-]+$': 'Use only letters, digits and _ . - (no spaces).',
  '^/': 'Type a path into the order starting with /, e.g. /state/currentStatus.',
  '\\{productId\\}': 'Include {productId} where the product goes in the address.',
};
const FORMATS: Record<string, string> = {
  uri: 'Type a full address, e.g. https://shop.example/page.',
  'uri-template': 'Type a full address, e.g. https://shop.example/checkout/{orderId}.',
  'json-pointer': 'Type a path into the order starting with /, e.g. /state/currentStatus.',
  email: 'Type an e-mail address, e.g. orders@shop.example.',
};
const decimalsOf = (step: number) => (String(step).split('.')[1] ?? '').length;

/** The sentence for a failed `keyword` at a property (its schema as the form shows it). */
export function errorInWords(keyword: string, property: Json | undefined, params: Json = {}): string {
  const own = isObject(property?.['x-errorMessages']) ? (property!['x-errorMessages'] as Json)[keyword] : undefined;
  if (typeof own === 'string') return own;
  const p = property ?? {};
  const unit = unitOf(p);
  const number = (value: unknown) => (typeof value === 'number' ? `${value}${unit && unit !== 'minor-units' ? ' %' : ''}` : '');
  switch (keyword) {
    case 'required':
      return 'Fill in this field.';
    case 'pattern':
      return PATTERNS[String(p.pattern ?? params.pattern)] ?? 'This does not have the expected form; see the help above.';
    case 'format':
      return FORMATS[String(p.format ?? params.format)] ?? 'This does not have the expected form; see the help above.';
    case 'minLength':
      return p.minLength === 1 ? 'Fill in this field.' : `Type at least ${String(p.minLength ?? params.limit)} characters.`;
    case 'maxLength':
      return `Type at most ${String(p.maxLength ?? params.limit)} characters.`;
    case 'minimum':
      return `Type ${number(p.minimum)} or more.`;
    case 'exclusiveMinimum':
      return `Type more than ${number(p.exclusiveMinimum)}.`;
    case 'maximum':
      return `Type ${number(p.maximum)} or less.`;
    case 'exclusiveMaximum':
      return `Type less than ${number(p.exclusiveMaximum)}.`;
    case 'multipleOf': {
      const step = typeof p.multipleOf === 'number' ? p.multipleOf : 1;
      return step === 1 ? 'Type a whole number.' : `Use at most ${decimalsOf(step)} decimals, e.g. ${unit ? UNITS[unit].example : (12.5).toFixed(decimalsOf(step))}.`;
    }
    case 'type': {
      const type = Array.isArray(p.type) ? p.type.find((t) => t !== 'null') : p.type;
      return type === 'integer' ? 'Type a whole number.' : type === 'number' ? 'Type a number.' : type === 'boolean' ? 'Choose yes or no.' : type === 'array' ? 'Add a list here.' : type === 'object' ? 'Fill in the fields of this group.' : 'Type text here.';
    }
    case 'enum':
      return `Choose one of: ${Array.isArray(p.enum) ? p.enum.map(String).join(', ') : 'the values offered'}.`;
    case 'const':
      return `This must be ${JSON.stringify(p.const)}.`;
    case 'maxItems':
      return `At most ${String(p.maxItems ?? params.limit)} items.`;
    case 'minItems':
      return `At least ${String(p.minItems ?? params.limit)} items.`;
    case 'uniqueItems':
      return 'Each item may appear once only.';
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return 'This field is not part of the configuration; remove it.';
    default:
      return 'This value is not accepted here; see the help above.';
  }
}

/** The property's schema at a path of names and indexes (`['shippingOptions', '0', 'price']`), through properties, items and allOf parts. */
export function schemaAt(schema: RJSFSchema, path: string[]): Json | undefined {
  let node: unknown = schema;
  for (const part of path) {
    if (!isObject(node)) return undefined;
    const here: Json = node;
    if (/^\d+$/.test(part) && isObject(here.items)) {
      node = here.items;
      continue;
    }
    const parts = [here, ...(Array.isArray(here.allOf) ? here.allOf.filter(isObject) : [])];
    node = parts.map((candidate) => (isObject(candidate.properties) ? candidate.properties[part] : undefined)).find(isObject);
  }
  return isObject(node) ? node : undefined;
}

/**
 * One sentence per problem of a field: the same sentence twice at a field is said once, and a
 * `format` failing beside a `pattern` at the same field (an address: `format: uri` and
 * `pattern: ^https?://`) is one problem — the pattern's sentence, which says more, is kept.
 */
export function oneSentenceEach<E extends { at: string; keyword?: string | null; message: string }>(errors: E[]): E[] {
  const patterned = new Set(errors.filter((error) => error.keyword === 'pattern').map((error) => error.at));
  const seen = new Set<string>();
  return errors.filter((error) => {
    if (error.keyword === 'format' && patterned.has(error.at)) return false;
    const key = `${error.at}\u0000${error.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The form's own (client-side) errors in words, one sentence per problem of a field: `transformErrors` for @rjsf/core. */
export function errorsInWords(schema: RJSFSchema) {
  return <E extends { name?: string; property?: string; params?: unknown; message?: string; stack: string }>(errors: E[]): E[] => {
    const worded = errors.map((error) => {
      const path = (error.property ?? '').replace(/^\./, '').split('.').filter(Boolean);
      const message = errorInWords(error.name ?? '', schemaAt(schema, path), isObject(error.params) ? error.params : {});
      return { ...error, message, stack: message, at: error.property ?? '', keyword: error.name };
    });
    return oneSentenceEach(worded).map(({ at: _at, keyword: _keyword, ...error }) => error as unknown as E);
  };
}

/** The JSON Schema keywords errorInWords has a sentence for; the service's own rules (`id`, `writeOnly`, `$schema`) keep its message. */
const WORDED = new Set(['required', 'pattern', 'format', 'minLength', 'maxLength', 'minimum', 'exclusiveMinimum', 'maximum', 'exclusiveMaximum', 'multipleOf', 'type', 'enum', 'const', 'maxItems', 'minItems', 'uniqueItems', 'additionalProperties', 'unevaluatedProperties']);

/** The configuration service's errors (each a JSON pointer and a keyword) in words, one sentence per problem of a field, for errorSchemaOf. */
export function serviceErrorsInWords(schema: RJSFSchema, errors: Array<{ pointer: string; message: string; keyword?: string | null }>): Array<{ pointer: string; message: string }> {
  const worded = errors.map(({ pointer, message, keyword }) => {
    if (!keyword || !WORDED.has(keyword)) return { at: pointer, keyword, pointer, message };
    const path = pointer === '' ? [] : pointer.slice(1).split('/').map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
    return { at: pointer, keyword, pointer, message: errorInWords(keyword, schemaAt(schema, path)) };
  });
  return oneSentenceEach(worded).map(({ pointer, message }) => ({ pointer, message }));
}
