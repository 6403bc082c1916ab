import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';

/** What the configuration service shows in place of a stored secret, and keeps it for when sent back. */
export const SECRET_MASK = '********';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

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
