import type { FastifyInstance } from 'fastify';
import { createServiceApp } from '../../platform/http/app.factory.js';
import { mountSubgraph } from '../../platform/graphql/subgraph.server.js';
import { subgraphSdl } from '../subgraph.catalog.js';
import type { ServiceDeps } from '../../platform/service-deps.js';
import { createOrderDomain } from '../order/order.service.js';
import { PaymentCommands } from './payment-commands.usecase.js';
import { PaymentActions } from './payment-actions.usecase.js';
import { callSignerFor } from '../../platform/outbound/call-signer.js';
import { PaymentCallbackLog } from '../order/engine/payment-callback.log.js';
import { createPaymentContext } from './payment.context.js';
import { PaymentRepository } from './payment.repository.js';
import { PaymentTransactionRepository } from './payment-transaction.repository.js';
import { paymentResolvers } from './payment.resolvers.js';
import { registerPaymentRoutes } from './rest/payment.routes.js';

export const PAYMENT_SDL = subgraphSdl('payment');

/**
 * The payment service (port 4002): the payment API REST for adapters (OpenAPI at /openapi.json)
 * and the payment subgraph. Payments are written through the order engine of `createOrderDomain`.
 */
export async function createPaymentService(deps: ServiceDeps): Promise<FastifyInstance> {
  const app = createServiceApp('payment', deps);
  const { commands: orders, close } = createOrderDomain(deps);
  app.addHook('onClose', close);
  const transactions = new PaymentTransactionRepository(deps.db.prisma, deps.db.pool);
  const payments = new PaymentRepository(deps.db.prisma);

  const actions = new PaymentActions(orders, deps.db.pool, callSignerFor(deps.config), new PaymentCallbackLog(deps.db.pool, deps.logger), deps.config.engine.hookTimeoutMs, transactions);
  registerPaymentRoutes(app, new PaymentCommands(orders, payments, transactions, deps.config.urls.payment), actions);

  await mountSubgraph({
    app,
    sdl: PAYMENT_SDL,
    resolvers: paymentResolvers,
    limits: deps.config.graphql,
    context: (auth) => createPaymentContext({ transactions, payments, actions }, auth),
  });
  return app;
}
