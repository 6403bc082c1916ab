import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../kit/platform.js';
import type { OrderDocument } from '../kit/order-contract.js';
import type { AdapterKit } from '../kit/adapter-kit.js';
import type { CommerceAdapterConfiguration } from './commerce-adapter.config.js';
import type { NotificationDelivery, OrderLifecycle } from './order-lifecycle.usecase.js';
import * as docs from './commerce-adapter.openapi.js';

const orderParams = { type: 'object', required: ['orderId'], properties: { orderId: { type: 'string', minLength: 1, maxLength: 128 } } } as const;
const objectBody = { type: 'object' } as const;

/** What a hook receives: the order's id, the changed members and hooks/total (docs/order-engine.md). */
type HookBody = Partial<Pick<OrderDocument, 'id' | 'state' | 'customer' | 'shippings' | 'cart'>>;
type Req<B> = FastifyRequest<{ Params: { orderId: string }; Body: B }>;

/**
 * The callbacks the order service and the notification service make (platform call tokens
 * only, kit.fromPlatform with the route's purpose): validation, hooks on `/shippings`, `/state`, `/customer`, the export
 * notification. A hook answers 200 (empty, or a JSON Patch) or 400 `{code, message}` to veto.
 */
export function registerPlatformCallbackRoutes(kit: AdapterKit<CommerceAdapterConfiguration>, lifecycle: OrderLifecycle): void {
  const app: FastifyInstance = kit.app;
  const schema = { params: orderParams, body: objectBody };
  const hook = { ...schema, response: docs.hookAnswers };

  app.post('/api/v1/orders/:orderId/validate', { schema: { ...schema, summary: 'Validation (call token)', response: docs.validateAnswers } }, async (request: Req<OrderDocument>, reply) => {
    const tenant = kit.fromPlatform(request, 'validation');
    const order = { ...request.body, id: request.params.orderId };
    const problems = await lifecycle.validate(tenant, order);
    return problems.length === 0 ? reply.status(200).send({ valid: true }) : reply.status(400).send(problems);
  });

  app.post('/api/v1/orders/:orderId/shipping-changed', { schema: { ...hook, summary: 'Hook on /shippings (call token)' } }, async (request: Req<HookBody>, reply) => {
    await lifecycle.shippingChanged(kit.fromPlatform(request, 'hook'), request.params.orderId, request.body.shippings);
    return reply.status(200).send();
  });

  app.post('/api/v1/orders/:orderId/state-changed', { schema: { ...hook, summary: 'Hook on /state: purchase at processing (call token)' } }, async (request: Req<HookBody>, reply) => {
    await lifecycle.stateChanged(kit.fromPlatform(request, 'hook'), request.params.orderId, request.body.state);
    return reply.status(200).send();
  });

  app.post('/api/v1/orders/:orderId/customer-changed', { schema: { ...schema, summary: 'Hook on /customer (call token)', response: docs.customerHookAnswers } }, async (request: Req<HookBody>, reply) => {
    const patch = await lifecycle.customerChanged(kit.fromPlatform(request, 'hook'), request.params.orderId, request.body.customer, request.body.cart);
    return patch ? reply.status(200).send(patch) : reply.status(200).send();
  });

  app.post('/api/v1/orders/:orderId/export-order', { schema: { ...schema, summary: 'Notification: export the completed order (call token)', response: docs.exportAnswers } }, async (request: Req<NotificationDelivery>) => {
    const tenant = kit.fromPlatform(request, 'notification');
    if (request.body.orderId !== undefined && request.body.orderId !== request.params.orderId) {
      throw badRequest('order_mismatch', `The notification is about order ${request.body.orderId}, not ${request.params.orderId}.`);
    }
    return lifecycle.exportOrder(tenant, request.params.orderId, request.body);
  });
}
