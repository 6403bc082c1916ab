import { createSchemaAjv } from '../../subgraphs/configuration/configuration.validator.js';
import { BASIC_SCHEMA_ID, JSON_SCHEMA_2020 } from '../../subgraphs/configuration/local-schemas.js';
import { describeUnlabelled, unlabelledProperties } from '../../adapters/kit/configuration-schema.labels.js';
import { send } from '../conformance-http.js';
import { CheckFailure } from '../conformance.types.js';
import type { Check } from './check.js';

const refsBasic = (node: unknown): boolean => typeof node === 'object' && node !== null && (node as { $ref?: unknown }).$ref === BASIC_SCHEMA_ID;

/** The configuration schema, public at the adapter's origin, extends the basic schema, compiles beside it and labels every property (title and description). */
export const schemaCheck: Check = {
  name: 'configuration schema hosted at /openapi/v1/schemas/<id>.json, extends the basic schema, labels every property',
  async run({ target }) {
    const url = new URL(`/openapi/v1/schemas/${target.adapterId}.json`, target.adapterUrl).toString();
    const answer = await send('GET', url);
    if (answer.status !== 200) throw new CheckFailure(`GET ${url} without a token answered ${answer.status}`);
    const schema = answer.body as Record<string, unknown>;
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) throw new CheckFailure(`GET ${url} is not a JSON object`);
    if (schema.$schema !== undefined && schema.$schema !== JSON_SCHEMA_2020) throw new CheckFailure(`$schema is ${String(schema.$schema)}, not ${JSON_SCHEMA_2020}`);
    const allOf = Array.isArray(schema.allOf) ? schema.allOf : [];
    if (!refsBasic(schema) && !allOf.some(refsBasic)) throw new CheckFailure(`it does not "$ref": "${BASIC_SCHEMA_ID}" at its top level or in a top-level allOf`);
    try {
      createSchemaAjv().compile(schema);
    } catch (error) {
      throw new CheckFailure(`it is not a valid JSON Schema 2020-12 beside the basic schema: ${(error as Error).message}`);
    }
    const unlabelled = unlabelledProperties(schema);
    if (unlabelled.length > 0) throw new CheckFailure(`every property needs a title and a description (the admin's form labels and help): ${describeUnlabelled(unlabelled)}`);
    return url;
  },
};
