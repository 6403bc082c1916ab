import { badRequest } from '../../../platform/errors/app-error.js';
import { notificationSchemaError, notificationValidator } from '../../../platform/json-schema/notification-schema.js';
import { jsonEqual, normalizePointer, valueAt } from '../domain/order-paths.js';
import type { Notification, OrderDocument } from '../../../contracts/order.types.js';

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
    return notificationValidator(schema)(value);
  } catch {
    return false;
  }
}
