import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { badRequest } from '../../../platform/errors/app-error.js';
import { linearRegExp } from '../../../platform/json-schema/linear-regexp.js';
import { jsonEqual, normalizePointer, valueAt } from '../domain/order-paths.js';
import type { Notification, OrderDocument } from '../../../contracts/order.types.js';

// Callers' schemas: patterns run on a linear-time engine (platform/json-schema/linear-regexp.ts).
const ajv = new Ajv2020({ allErrors: true, strict: false, code: { regExp: linearRegExp } });
addFormats.default(ajv);
/** Each distinct notification schema is compiled once per process. */
const compiled = new Map<string, ValidateFunction>();

function validatorFor(schema: Notification['schema']): ValidateFunction {
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
    validatorFor(schema);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** Refuses a notification whose schema does not compile (at registration, not at delivery). */
export function assertNotificationSchema(notification: Pick<Notification, 'id' | 'schema'>): void {
  const problem = notificationSchemaError(notification.schema);
  if (problem) throw badRequest('invalid_notification_schema', `The schema of notification ${notification.id} is not a valid JSON Schema: ${problem}`);
}

export interface PlannedNotification {
  notification: Notification;
  value: unknown;
}

/**
 * The notifications a committed change fires: the value at `scope` changed and the schema
 * validates the new value. A notification whose scope did not change is not evaluated at all.
 */
export function planNotifications(before: OrderDocument | undefined, after: OrderDocument): PlannedNotification[] {
  const planned: PlannedNotification[] = [];
  for (const notification of after.notifications) {
    const scope = normalizePointer(notification.scope);
    const value = valueAt(after, scope);
    if (before !== undefined && jsonEqual(valueAt(before, scope), value)) continue;
    if (value === undefined) continue;
    if (matches(notification.schema, value)) planned.push({ notification, value });
  }
  return planned;
}

/** Whether the schema accepts the value; a stored schema that no longer compiles (refused at registration today) never fires. */
function matches(schema: Notification['schema'], value: unknown): boolean {
  try {
    return validatorFor(schema)(value);
  } catch {
    return false;
  }
}
