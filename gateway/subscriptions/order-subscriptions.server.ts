import type { ApolloServer } from '@apollo/server';
import type { FastifyInstance } from 'fastify';
import { GraphQLError, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { AuthContext } from '../../platform/auth/principal.js';
import { authenticate, mayAccessOrder } from '../../platform/auth/request-auth.js';
import { tokenRecheck } from '../../platform/auth/token-recheck.js';
import type { TokenVerifier } from '../../platform/auth/token.verifier.js';
import type { Database } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { Logger } from '../../platform/logging/logger.js';
import type { GraphQLLimits } from '../../platform/graphql/query-limits.js';
import { createGatewayContext, type GatewayContext } from '../gateway.context.js';
import { AsyncQueue } from './async-queue.js';
import { subscriptionMetrics } from '../../platform/telemetry/metrics.js';
import { OrderChangeHub } from './order-change.hub.js';
import { batchSends } from './socket-send.batch.js';
import { VERSION_VARIABLE, toOrderQuery } from './subscription-operation.js';
import { prepareSubscription, toWireErrors } from './subscription-request.js';

const MAX_SUBSCRIPTIONS_PER_SOCKET = 50;

interface SocketState {
  auth: AuthContext;
  token: string;
  /** The token checked again before an event: expiry every time, the signature every 30 s (token-recheck.ts). */
  recheck: () => Promise<void>;
  subscriptions: number;
}

export interface OrderSubscriptionOptions {
  app: FastifyInstance;
  apollo: ApolloServer<GatewayContext>;
  apiSchema: () => GraphQLSchema;
  verifier: TokenVerifier;
  db: Database;
  logger: Logger;
  limits: GraphQLLimits;
  keepAliveMs?: number;
}

/**
 * `Subscription.orderChanged` over graphql-ws on the gateway's /graphql. Auth happens at
 * connection_init (token, merchant, channel in the connection params) and again before every
 * event. Events come from Postgres LISTEN; each is resolved by running the client's selection
 * as a query through the gateway, once per distinct (tenant, role, selection, version), however
 * many sockets share it.
 */
export function attachOrderSubscriptions(options: OrderSubscriptionOptions): { close(): Promise<void> } {
  const hub = new OrderChangeHub(options.db.url, options.logger);
  const hubStarted = hub.start();
  const resolutions = new Map<string, Promise<ExecutionResult>>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1_048_576 });

  options.app.server.on('upgrade', (request, socket, head) => {
    if ((request.url ?? '').split('?')[0] !== '/graphql') return socket.destroy();
    wss.handleUpgrade(request, socket, head, (ws) => {
      batchSends(ws, socket);
      wss.emit('connection', ws, request);
    });
  });

  /** Runs the selection through the gateway as of `version`; shared by every subscriber with the same key. */
  const resolveAt = (key: string, query: string, variables: Record<string, unknown>, version: number, context: GatewayContext) => {
    const cacheKey = `${key}\u0000${version}`;
    let result = resolutions.get(cacheKey);
    if (!result) {
      result = options.apollo
        .executeOperation(
          { query, variables: { ...variables, [VERSION_VARIABLE]: version } },
          { contextValue: { ...context, deadline: Date.now() + options.limits.deadlineMs } },
        )
        .then((response) => (response.body.kind === 'single' ? (response.body.singleResult as ExecutionResult) : { errors: [new GraphQLError('unexpected incremental result')] }));
      resolutions.set(cacheKey, result);
      void result.finally(() => setTimeout(() => resolutions.delete(cacheKey), 2_000).unref());
    }
    return result;
  };

  const disposable = useServer<Record<string, unknown>, { state?: SocketState }>(
    {
      onConnect: async (ctx) => {
        try {
          const headers = headersFromParams(ctx.connectionParams ?? {});
          const auth = await authenticate(options.verifier, headers);
          const token = headers.authorization!.replace(/^Bearer\s+/i, '');
          const recheck = tokenRecheck(token, () => options.verifier.verify(token), { verifiedAt: Date.now() });
          ctx.extra.state = { auth, token, recheck, subscriptions: 0 };
          return true;
        } catch (error) {
          const status = error instanceof AppError ? error.status : 401;
          ctx.extra.socket.close(status === 403 ? 4403 : 4401, error instanceof AppError ? error.message.slice(0, 120) : 'Unauthorized');
          return false;
        }
      },
      onSubscribe: (ctx, _id, payload) => {
        const state = ctx.extra.state!;
        if (state.subscriptions >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
          return [new GraphQLError(`At most ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions per connection.`, { extensions: { code: 'TOO_MANY_SUBSCRIPTIONS' } })];
        }
        const prepared = prepareSubscription(options.apiSchema(), payload, options.limits);
        if (!prepared.ok) return prepared.errors;
        return { schema: options.apiSchema(), document: prepared.document, variableValues: prepared.variableValues, operationName: prepared.operationName };
      },
      // Results come formatted from the gateway (plain errors); errors of our own are GraphQLErrors.
      onNext: (_ctx, _id, _payload, _args, result) => ({ ...result, ...(result.errors ? { errors: toWireErrors(result.errors) } : {}) }) as never,
      onError: (_ctx, _id, _payload, errors) => toWireErrors(errors) as never,
      subscribe: async (args) => {
        const extra = (args.contextValue as { extra: { state: SocketState } }).extra;
        const state = extra.state;
        let subscription;
        try {
          subscription = toOrderQuery(args.document, (args.variableValues ?? {}) as Record<string, unknown>, args.operationName);
        } catch (error) {
          return { errors: [error as GraphQLError] };
        }
        // Checked per subscription, not only at connection_init: a checkout token follows its own order only.
        if (!mayAccessOrder(state.auth, subscription.orderId)) {
          return { errors: [new GraphQLError(`Order ${subscription.orderId} was not found.`, { extensions: { code: 'ORDER_NOT_FOUND' } })] };
        }
        state.subscriptions += 1;
        subscriptionMetrics().active.inc();
        const { tenant, principal } = state.auth;
        const key = [tenant.merchant, tenant.channel, principal.role, principal.adapterId ?? '', subscription.query, JSON.stringify(subscription.variables)].join('\u0000');
        const context = createGatewayContext(state.auth, { authorization: `Bearer ${state.token}` });
        return stream({
          orderId: subscription.orderId,
          tenant,
          hub,
          hubStarted,
          db: options.db,
          verify: state.recheck,
          resolve: (version) => resolveAt(key, subscription.query, subscription.variables, version, context),
          done: () => {
            state.subscriptions -= 1;
            subscriptionMetrics().active.dec();
          },
        });
      },
      context: (ctx) => ({ extra: ctx.extra }),
    },
    wss,
    options.keepAliveMs ?? 12_000,
  );

  return {
    async close() {
      await disposable.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await hub.stop();
    },
  };
}

interface StreamOptions {
  orderId: string;
  tenant: { merchant: string; channel: string };
  hub: OrderChangeHub;
  hubStarted: Promise<void>;
  db: Database;
  verify: () => Promise<unknown>;
  resolve: (version: number) => Promise<ExecutionResult>;
  done: () => void;
}

/**
 * The order now, then every later committed version, each once and in order; ends when the token
 * stops being valid, or at once when the client completes: a generator waiting for the next
 * version would take `return()` only at its next yield (the order's next change), so the client's
 * completion closes the queue it waits on.
 */
function stream(options: StreamOptions): AsyncIterableIterator<ExecutionResult> {
  const versions = new AsyncQueue<number>();
  // The slot is given back once, at the client's completion (synchronously: its next subscribe may
  // be in the same socket read) or when the stream ends by itself.
  let ended = false;
  const done = () => {
    if (!ended) (ended = true), options.done();
  };
  const inner = versionsOf({ ...options, done }, versions);
  const ending = (end: () => Promise<IteratorResult<ExecutionResult>>) => {
    done();
    versions.close();
    return end();
  };
  const outer: AsyncIterableIterator<ExecutionResult> = {
    next: () => inner.next(),
    return: (value) => ending(() => inner.return(value)),
    throw: (error) => ending(() => inner.throw(error)),
    [Symbol.asyncIterator]: () => outer,
  };
  return outer;
}

async function* versionsOf(options: StreamOptions, versions: AsyncQueue<number>): AsyncGenerator<ExecutionResult> {
  await options.hubStarted;
  const unsubscribe = options.hub.subscribe(options.orderId, (event) => {
    if (event.merchant === options.tenant.merchant && event.channel === options.tenant.channel) versions.push(event.version);
  });
  try {
    const { rows } = await options.db.pool.query<{ version: number }>('select version from orders where id = $1 and merchant = $2 and channel = $3', [
      options.orderId,
      options.tenant.merchant,
      options.tenant.channel,
    ]);
    if (!rows[0]) {
      yield { errors: [new GraphQLError(`Order ${options.orderId} was not found.`, { extensions: { code: 'ORDER_NOT_FOUND' } })] };
      return;
    }
    let last = rows[0].version;
    yield await options.resolve(last);
    for await (const version of versions) {
      if (version <= last) continue; // already emitted (notifications may arrive late or twice)
      try {
        await options.verify();
      } catch (error) {
        yield { errors: [new GraphQLError((error as Error).message, { extensions: { code: 'UNAUTHENTICATED' } })] };
        return;
      }
      // Every version in between too: a notification may have been missed or overtaken.
      while (last < version) yield await options.resolve(++last);
    }
  } finally {
    unsubscribe();
    versions.close();
    options.done();
  }
}

/** Connection params as headers: `authorization` or `token`, and `x-merchant`/`merchant`, `x-channel`/`channel`, any case. */
function headersFromParams(params: Record<string, unknown>): Record<string, string | undefined> {
  const lower = Object.fromEntries(Object.entries(params).map(([key, value]) => [key.toLowerCase(), typeof value === 'string' ? value : undefined]));
  const token = lower.authorization ?? (lower.token ? `Bearer ${lower.token}` : undefined);
  return {
    authorization: token && !/^bearer\s/i.test(token) ? `Bearer ${token}` : token,
    'x-merchant': lower['x-merchant'] ?? lower.merchant,
    'x-channel': lower['x-channel'] ?? lower.channel,
  };
}
