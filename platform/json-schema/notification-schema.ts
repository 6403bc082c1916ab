import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Notification } from '../../contracts/order.types.js';
import { linearRegExp } from './linear-regexp.js';

// A notification's `schema` (a caller's schema), compiled: the order engine plans notifications
// with it and the configuration check refuses a static notification whose schema does not compile,
// so the compiler and its cache live here, where both may import them. Patterns run on a
// linear-time engine (./linear-regexp.ts).
const ajv = new Ajv2020({ allErrors: true, strict: false, code: { regExp: linearRegExp } });
addFormats.default(ajv);
/** Each distinct notification schema is compiled once per process. */
const compiled = new Map<string, ValidateFunction>();

/** The compiled validator of a notification schema (throws when it does not compile). */
export function notificationValidator(schema: Notification['schema']): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(typeof schema === 'boolean' ? schema : { ...schema, $id: undefined });
    compiled.set(key, validate);
  }
  return validate;
}

/** Why a notification schema does not compile; undefined when it does. */
export function notificationSchemaError(schema: Notification['schema']): string | undefined {
  try {
    notificationValidator(schema);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}
