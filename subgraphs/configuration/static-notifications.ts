import { randomUUID } from 'node:crypto';
import type { Tenant } from '../../platform/auth/principal.js';
import type { PrismaClient } from '../../platform/db/database.js';
import { isObject } from './json-pointer.js';
import { STATIC_NOTIFICATIONS_ID } from './local-schemas.js';

/** A notification of the `static_notifications` configuration, as it goes into a new order. */
export interface StaticNotification {
  /** New for every call: each order gets its own notification ids. */
  id: string;
  /** Always `static_notifications`: no adapter registered it. */
  adapterId: string;
  /** The configured reference, else the notification's id. */
  reference: string;
  description?: string;
  scope: string;
  schema: Record<string, unknown>;
  invoke: string;
}

/**
 * The notifications every order created now in the tenant's channel must carry: the
 * `order.notifications[]` of its `static_notifications` configuration. None when the channel has
 * no such configuration or it is `"active": false`. The order engine calls this on order creation.
 * The document was validated against the static notifications schema when it was written; items
 * that do not have the shape anyway (a row written by hand) are skipped.
 */
export async function staticNotificationsFor(prisma: PrismaClient, tenant: Tenant): Promise<StaticNotification[]> {
  const row = await prisma.configuration.findUnique({
    where: { merchant_channel_configurationId: { merchant: tenant.merchant, channel: tenant.channel, configurationId: STATIC_NOTIFICATIONS_ID } },
    select: { document: true },
  });
  const document = row?.document;
  if (!isObject(document) || document.active === false || !isObject(document.order)) return [];
  const items: unknown[] = Array.isArray(document.order.notifications) ? document.order.notifications : [];
  return items.filter(isNotificationItem).map((item) => {
    const id = randomUUID();
    return {
      id,
      adapterId: STATIC_NOTIFICATIONS_ID,
      reference: item.reference ?? id,
      ...(item.description === undefined ? {} : { description: item.description }),
      scope: item.scope,
      schema: item.schema,
      invoke: item.invoke,
    };
  });
}

interface NotificationItem {
  description?: string;
  reference?: string;
  scope: string;
  schema: Record<string, unknown>;
  invoke: string;
}

const optionalString = (value: unknown) => value === undefined || typeof value === 'string';

function isNotificationItem(item: unknown): item is NotificationItem {
  return (
    isObject(item) &&
    typeof item.scope === 'string' &&
    item.scope.startsWith('/') &&
    isObject(item.schema) &&
    typeof item.invoke === 'string' &&
    /^https?:\/\//.test(item.invoke) &&
    optionalString(item.description) &&
    optionalString(item.reference)
  );
}
