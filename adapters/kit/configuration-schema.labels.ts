/**
 * Every property of an adapter's configuration schema carries a `title` (the admin form's label)
 * and a `description` (its help text): the admin generates its forms from the schema, and a key
 * such as `publicUrl` or `shippingOptions` is no label for a person (docs/adapter-kit.md,
 * "Configuration schema"). The kit refuses a schema without them at start-up, and the conformance
 * run's schema check fails on one.
 */

/** A property without its label or help: where it is (the document's path, `items` for an array's items) and what it lacks. */
export interface UnlabelledProperty {
  pointer: string;
  missing: Array<'title' | 'description'>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** The properties of `schema` (nested objects, array items, allOf/anyOf/oneOf parts and $defs included) that lack a title or a description. */
export function unlabelledProperties(schema: unknown): UnlabelledProperty[] {
  const found: UnlabelledProperty[] = [];
  const walk = (node: unknown, path: string, depth: number): void => {
    if (!isObject(node) || depth > 32) return;
    if (isObject(node.properties)) {
      for (const [name, property] of Object.entries(node.properties)) {
        // `false` (a property that must not be there) or `true` is no field of the form.
        if (!isObject(property)) continue;
        const pointer = `${path}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
        const missing = (['title', 'description'] as const).filter((key) => !isText(property[key]));
        if (missing.length > 0) found.push({ pointer, missing });
        walk(property, pointer, depth + 1);
      }
    }
    if (isObject(node.items)) walk(node.items, `${path}/items`, depth + 1);
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      const parts = node[key];
      if (Array.isArray(parts)) parts.forEach((part) => walk(part, path, depth + 1));
    }
    if (isObject(node.$defs)) for (const [name, definition] of Object.entries(node.$defs)) walk(definition, `${path}/$defs/${name}`, depth + 1);
  };
  walk(schema, '', 0);
  return found;
}

/** One sentence naming what is missing where, e.g. `/apiKey lacks a title; /a/b lacks a title and a description`. */
export const describeUnlabelled = (problems: UnlabelledProperty[]): string =>
  problems.map(({ pointer, missing }) => `${pointer} lacks ${missing.map((key) => `a ${key}`).join(' and ')}`).join('; ');

/** Throws when a property of the schema lacks a title or a description (the kit's start-up check). */
export function assertLabelledSchema(schema: unknown, name: string): void {
  const problems = unlabelledProperties(schema);
  if (problems.length > 0) {
    throw new Error(`The configuration schema of ${name} must give every property a title and a description (the admin's form labels and help): ${describeUnlabelled(problems)}.`);
  }
}
