import DataLoader from 'dataloader';
import type { AuthContext } from '../../platform/auth/principal.js';
import { mayAccessOrder } from '../../platform/auth/request-auth.js';
import type { OrderRecord } from './order.model.js';
import type { OrderCommands } from './order-commands.service.js';
import type { OrderQueries } from './order-queries.service.js';
import type { OrderRepository } from './order.repository.js';
import type { DeliveryAdminRepository } from '../../notifications/delivery-admin.repository.js';
import type { EventRepository } from '../../notifications/event.repository.js';
import type { ReceiverRepository } from '../../notifications/receiver.repository.js';

export interface OrderContext {
  auth: AuthContext;
  /** Batches every order load of one request (fields and `_entities`) into one query. */
  orders: DataLoader<string, OrderRecord | null>;
  commands: OrderCommands;
  queries: OrderQueries;
  /** The order event log and the failed deliveries, read where the notification service reads them (one database). */
  events: EventRepository;
  deliveries: DeliveryAdminRepository;
  /** Receivers' health and the resume of a paused one (the notification admin API's, same database). */
  receivers: ReceiverRepository;
}

export function createOrderContext(
  services: { repository: OrderRepository; commands: OrderCommands; queries: OrderQueries; events: EventRepository; deliveries: DeliveryAdminRepository; receivers: ReceiverRepository },
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
