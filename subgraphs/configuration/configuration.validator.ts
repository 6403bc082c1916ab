import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { formatPointer, type JsonObject } from './json-pointer.js';
import { basicSchema } from './local-schemas.js';
import { linearRegExp } from '../../platform/json-schema/linear-regexp.js';

/** One problem of a configuration (or of its schema), located by JSON pointer into the configuration. */
export interface ConfigurationErrorDetail {
  pointer: string;
  message: string;
  /** The JSON Schema keyword that failed (`required`, `format`, …) or a rule of ours (`id`, `writeOnly`, `$schema`). */
  keyword?: string;
  /** Which schema the rule belongs to. */
  schema?: 'basic' | 'adapter';
}

export type ConfigurationFailureCode = 'invalid_configuration' | 'schema_unavailable' | 'invalid_schema';

/** Why a configuration was refused: answered as 400 on REST, as ConfigurationValidationError on GraphQL. */
export interface ConfigurationFailure {
  code: ConfigurationFailureCode;
  message: string;
  details: ConfigurationErrorDetail[];
}

/**
 * An ajv instance for configuration schemas: draft 2020-12, formats on, every error, the basic
 * schema known by its `$id`. Not strict: adapter schemas may carry annotations of their own
 * (an admin UI's hints, say). One instance per compiled adapter schema keeps their `$id`s apart.
 */
export function createSchemaAjv(): Ajv2020 {
  // Adapters serve these schemas: their patterns run on a linear-time engine (platform/json-schema/linear-regexp.ts).
  const ajv = new Ajv2020({ allErrors: true, strict: false, logger: false, validateFormats: true, code: { regExp: linearRegExp } });
  addFormats.default(ajv);
  ajv.addSchema(basicSchema());
  return ajv;
}

let basicValidator: ValidateFunction | undefined;

/** Every way the document fails the basic schema. */
export function validateBasic(document: unknown): ConfigurationErrorDetail[] {
  basicValidator ??= createSchemaAjv().getSchema(basicSchema().$id as string)!;
  return basicValidator(document) ? [] : toDetails(basicValidator.errors ?? [], 'basic');
}

/** Every way the document fails a compiled adapter schema. */
export function validateWith(validate: ValidateFunction, document: JsonObject): ConfigurationErrorDetail[] {
  return validate(document) ? [] : toDetails(validate.errors ?? [], 'adapter');
}

/** ajv errors as details; a missing or extra property is pointed at itself, not at its parent. */
export function toDetails(errors: readonly ErrorObject[], schema: 'basic' | 'adapter'): ConfigurationErrorDetail[] {
  return errors.map((error) => {
    const params = error.params as Record<string, unknown>;
    const child = [params.missingProperty, params.additionalProperty, params.unevaluatedProperty, params.propertyName].find(
      (name): name is string => typeof name === 'string',
    );
    return {
      pointer: child === undefined ? error.instancePath : `${error.instancePath}${formatPointer([child])}`,
      message: error.message ?? 'is invalid',
      keyword: error.keyword,
      schema,
    };
  });
}

/** The details of several checks, each problem once (an adapter schema repeats the basic one's). */
export function mergeDetails(...lists: ConfigurationErrorDetail[][]): ConfigurationErrorDetail[] {
  const seen = new Set<string>();
  return lists.flat().filter((detail) => {
    const key = JSON.stringify([detail.pointer, detail.keyword, detail.message]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
