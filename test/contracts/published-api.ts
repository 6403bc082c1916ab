/**
 * Contract checks against a provider's published API: the operations, written from the
 * provider's public reference as JSON Schemas (closed objects: a field the reference lacks is a
 * violation, a required one missing is too), held against what a sandbox recorded in its
 * exchange journal (the adapter's calls and the sandbox's answers, callbacks and webhooks).
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Exchange } from '../../sandboxes/shared/exchange.journal.js';

export type JsonSchema = Record<string, unknown>;

export interface PublishedOperation {
  /** The operation as the reference names it (for messages). */
  name: string;
  /** `in`: a call the adapter makes to the provider; `out`: a callback or webhook the provider sends. */
  direction: 'in' | 'out';
  method: string;
  /** `in`: the published path, parameters in braces (`/v71/payments/{paymentPspReference}/captures`). `out`: the journal's operation name. */
  path: string;
  /** Headers the reference requires or documents (names in lower case), as a JSON Schema over the header map (open: transport headers pass). */
  headers?: JsonSchema;
  /** The request body. */
  request?: JsonSchema;
  /** The answers by status; a status not listed passes unchecked only when `otherStatuses` allows it. */
  responses?: Record<number, JsonSchema>;
  /** Statuses the reference documents without a body this contract checks (errors, 204 …). */
  otherStatuses?: readonly number[];
}

/** A closed object: the listed properties only; `required` lists the ones the reference requires. */
export function object(properties: Record<string, JsonSchema>, required: readonly string[] = []): JsonSchema {
  return { type: 'object', additionalProperties: false, properties, required: [...required] };
}
export const string = (extra: JsonSchema = {}): JsonSchema => ({ type: 'string', ...extra });
export const integer = (extra: JsonSchema = {}): JsonSchema => ({ type: 'integer', ...extra });
export const number = (extra: JsonSchema = {}): JsonSchema => ({ type: 'number', ...extra });
export const boolean = (): JsonSchema => ({ type: 'boolean' });
export const array = (items: JsonSchema, extra: JsonSchema = {}): JsonSchema => ({ type: 'array', items, ...extra });
export const oneOf = (...values: readonly string[]): JsonSchema => ({ type: 'string', enum: [...values] });
/** A map of free-form values (the reference's `additionalData`, `metadata` …). */
export const map = (values: JsonSchema = { type: 'string' }): JsonSchema => ({ type: 'object', additionalProperties: values });

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);
const compiled = new WeakMap<JsonSchema, ValidateFunction>();
const validatorOf = (schema: JsonSchema): ValidateFunction => {
  let validate = compiled.get(schema);
  if (!validate) compiled.set(schema, (validate = ajv.compile(schema)));
  return validate;
};

const templateOf = (path: string) => new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}/]+\}/g, '[^/]+')}$`);

/** The published operation an exchange is an instance of, if any. */
export function operationOf(exchange: Exchange, operations: readonly PublishedOperation[]): PublishedOperation | undefined {
  const path = exchange.url.split('?')[0]!;
  return operations.find((operation) =>
    operation.direction === exchange.direction &&
    operation.method === exchange.method.toUpperCase() &&
    (exchange.direction === 'out' ? operation.path === exchange.operation : templateOf(operation.path).test(path)),
  );
}

const described = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}${error.keyword === 'additionalProperties' ? ` (${String((error.params as { additionalProperty?: string }).additionalProperty)})` : ''}`).join('; ');

/**
 * Every way the exchanges depart from the published operations: a call to no published
 * operation, a request or answer body the reference would not have, a required header missing.
 * Empty when all conform.
 */
export function contractProblems(exchanges: readonly Exchange[], operations: readonly PublishedOperation[]): string[] {
  const problems: string[] = [];
  for (const exchange of exchanges) {
    const label = `${exchange.direction} ${exchange.method} ${exchange.url}`;
    const operation = operationOf(exchange, operations);
    if (!operation) {
      problems.push(`${label}: no published operation`);
      continue;
    }
    const check = (what: string, schema: JsonSchema | undefined, value: unknown) => {
      if (!schema) return;
      const validate = validatorOf(schema);
      if (!validate(value)) problems.push(`${label} (${operation.name}) ${what}: ${described(validate.errors)}`);
    };
    check('headers', operation.headers, exchange.headers);
    if (operation.request) check('request', operation.request, exchange.requestBody ?? {});
    const status = exchange.status;
    if (status === undefined || !operation.responses) continue;
    const answer = operation.responses[status];
    if (answer) check(`answer ${status}`, answer, exchange.responseBody);
    else if (!operation.otherStatuses?.includes(status) && status < 400) problems.push(`${label} (${operation.name}): status ${status} is not published`);
  }
  return problems;
}

/** The exchanges a sandbox recorded (`direction` narrows them). */
export async function recordedExchanges(sandboxUrl: string, direction?: Exchange['direction']): Promise<Exchange[]> {
  const response = await fetch(`${sandboxUrl}/api/sandbox/exchanges${direction ? `?direction=${direction}` : ''}`);
  if (!response.ok) throw new Error(`exchanges of ${sandboxUrl}: ${response.status}`);
  return ((await response.json()) as { exchanges: Exchange[] }).exchanges;
}
