import DataLoader from 'dataloader';
import type { AuthContext, Tenant } from '../../platform/auth/principal.js';
import { mayAccessOrder } from '../../platform/auth/request-auth.js';
import type { OrderRecord } from './order.model.js';
import type { OrderCommands } from './order-commands.usecase.js';
import type { OrderQueries } from './order-queries.usecase.js';
import type { OrderRepository } from './order.repository.js';
import type {
  DeliveryFilter,
  DeliveryPage,
  EventRecord,
  ReceiverPage,
  ReplayOutcome,
  ResumeOutcome,
} from '../../contracts/notification-admin.types.js';

/**
 * What the order subgraph's admin fields read and do on the notification outbox (one database):
 * the notification service's repositories answer it, and the composition root (app/) hands them
 * in, since the order subgraph does not import notifications/ (docs/layering.md).
 */
export interface NotificationAdmin {
  /** The order event log. */
  events: { listForOrder(tenant: Tenant, orderId: string): Promise<EventRecord[]> };
  /** Failed and dead deliveries, and their replay. */
  deliveries: {
    list(tenant: Tenant, filter: DeliveryFilter, page: { first: number; after?: string }): Promise<DeliveryPage>;
    replay(tenant: Tenant, selection: { ids: string[] } | { filter: DeliveryFilter; limit: number }, actor: string): Promise<ReplayOutcome>;
  };
  /** Receivers' health and the resume of a paused one. */
  receivers: {
    list(tenant: Tenant, options: { status?: 'active' | 'paused'; first: number; after?: string }): Promise<ReceiverPage>;
    resume(tenant: Tenant, id: string, by: string): Promise<ResumeOutcome>;
  };
}

export interface OrderContext {
  auth: AuthContext;
  /** Batches every order load of one request (fields and `_entities`) into one query. */
  orders: DataLoader<string, OrderRecord | null>;
  commands: OrderCommands;
  queries: OrderQueries;
  /** The order event log and the failed deliveries, read where the notification service reads them (one database). */
  events: NotificationAdmin['events'];
  deliveries: NotificationAdmin['deliveries'];
  /** Receivers' health and the resume of a paused one (the notification admin API's, same database). */
  receivers: NotificationAdmin['receivers'];
}

export function createOrderContext(
  services: { repository: OrderRepository; commands: OrderCommands; queries: OrderQueries } & NotificationAdmin,
  auth: AuthContext,
): OrderContext {
  return {
    auth,
    // Entity references (`_entities`) come this way too: a checkout token loads its own order only.
    orders: new DataLoader(async (ids) => {
      const found = await services.repository.findByIds(auth.tenant, ids);
      return found.map((order, index) => (mayAccessOrder(auth, ids[index]) ? order : null));
    }),
    commands: services.commands,
    queries: services.queries,
    events: services.events,
    deliveries: services.deliveries,
    receivers: services.receivers,
  };
}
