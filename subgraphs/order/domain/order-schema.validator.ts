import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const ORDER_SCHEMA = JSON.parse(readFileSync(new URL('../../../schemas/order.schema.json', import.meta.url), 'utf8')) as object;

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
  if (validateOrder(document)) return [];
  return (validateOrder.errors ?? []).map((error) => ({
    pointer: error.instancePath || '/',
    message: error.message ?? 'is invalid',
    keyword: error.keyword,
  }));
}
