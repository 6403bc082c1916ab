import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { valueAt } from './order-paths.js';

const ORDER_SCHEMA = JSON.parse(readFileSync(new URL('../../../schemas/order.schema.json', import.meta.url), 'utf8')) as {
  $id: string;
  required: string[];
  properties: Record<string, unknown>;
};

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);
const validateOrder = ajv.compile(ORDER_SCHEMA);

export interface SchemaViolation {
  pointer: string;
  message: string;
  keyword: string;
}

/** Every way the document breaks schemas/order.schema.json; empty when it is a valid order. */
export function orderSchemaViolations(document: unknown): SchemaViolation[] {
  if (validateOrder(document)) return duplicateIdViolations(document, Object.keys(ID_LISTS));
  return violationsOf(validateOrder, '');
}

/**
 * The lists whose entries are addressed by id (`/cart/items/{id}`, `/payments/{id}`, the
 * registrations' DELETE): within one order each id names one entry. JSON Schema cannot say
 * "unique by a member", so this rule runs beside the schema, on valid lists only.
 */
const ID_LISTS: Readonly<Record<string, string>> = {
  cart: '/cart/items',
  shippings: '/shippings',
  payments: '/payments',
  hooks: '/hooks',
  notifications: '/notifications',
  validations: '/validations',
};

function duplicateIdViolations(document: unknown, members: Iterable<string>): SchemaViolation[] {
  const violations: SchemaViolation[] = [];
  for (const member of members) {
    const pointer = ID_LISTS[member];
    if (!pointer) continue;
    const list = valueAt(document, pointer);
    if (!Array.isArray(list)) continue;
    const seen = new Set<unknown>();
    list.forEach((entry: unknown, index) => {
      const id = (entry as { id?: unknown } | null)?.id;
      if (id === undefined) return;
      if (seen.has(id)) violations.push({ pointer: `${pointer}/${index}/id`, message: `must be unique in the list (${String(id)} is used before)`, keyword: 'uniqueId' });
      seen.add(id);
    });
  }
  return violations;
}

/**
 * The schema's own validator of one top-level member (compiled on first use), or null for a
 * member the schema does not name (the order allows other members and says nothing of them).
 */
const memberValidators = new Map<string, ValidateFunction | null>();
function memberValidator(member: string): ValidateFunction | null {
  if (!memberValidators.has(member)) {
    memberValidators.set(member, Object.hasOwn(ORDER_SCHEMA.properties, member) ? ajv.compile({ $ref: `${ORDER_SCHEMA.$id}#/properties/${member}` }) : null);
  }
  return memberValidators.get(member)!;
}

/**
 * What `orderSchemaViolations` would say of `document`, knowing that only `members` (top-level
 * member names) differ from a document that was valid: the order schema ties no member to
 * another (each is checked by its own `properties` entry, plus the top-level `required`), so the
 * other members need no walk. The engine checks each change this way.
 */
export function orderSchemaViolationsOfMembers(document: unknown, members: Iterable<string>): SchemaViolation[] {
  const changed = new Set(members);
  // The document itself replaced (pointer ''): nothing of it is known to be valid.
  if (changed.has('') || document === null || typeof document !== 'object' || Array.isArray(document)) return orderSchemaViolations(document);
  const violations: SchemaViolation[] = [];
  const checked: string[] = [];
  for (const member of changed) {
    const value = (document as Record<string, unknown>)[member];
    if (value === undefined) {
      if (ORDER_SCHEMA.required.includes(member)) violations.push({ pointer: '/', message: `must have required property '${member}'`, keyword: 'required' });
      continue;
    }
    checked.push(member);
  }
  for (const member of checked) {
    const validate = memberValidator(member);
    if (validate && !validate((document as Record<string, unknown>)[member])) violations.push(...violationsOf(validate, `/${member}`));
    else violations.push(...duplicateIdViolations(document, [member]));
  }
  return violations;
}

function violationsOf(validate: ValidateFunction, prefix: string): SchemaViolation[] {
  return (validate.errors ?? []).map((error) => ({
    pointer: `${prefix}${error.instancePath}` || '/',
    message: error.message ?? 'is invalid',
    keyword: error.keyword,
  }));
}
