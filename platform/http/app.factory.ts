import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from '../logging/logger.js';
import { requestLogger } from '../logging/request-logger.js';
import { AppError, type ErrorBody } from '../errors/app-error.js';
import type { AuthContext, Role } from '../auth/principal.js';
import { authenticate, requireOrderAccess, requireRole } from '../auth/request-auth.js';
import type { TokenVerifier } from '../auth/token.verifier.js';
import { platformSigningKey } from '../auth/signing-key.js';
import type { ServiceDeps } from '../service-deps.js';
import { assertSafeJson, graphqlTextHazard, urlHazard } from './json-guard.js';
import { installApiDocs, type DocumentInfo } from './api-docs.plugin.js';
import { discardBody, discardLimitFor } from './body-discard.js';
import { instrumentHttp, scopeRequestId, scopeTenant, tracedServerFactory } from '../telemetry/http-server.js';
import { mountMetrics } from '../telemetry/metrics.routes.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook on every route not marked public. */
    auth: AuthContext;
    /** The JSON body exactly as received (receivers check a call token's body hash against it). */
    rawBody?: string;
  }
  interface FastifyInstance {
    /** The service's name: its logs' `service`, its metrics' `service` label. */
    serviceName: string;
  }
  interface FastifyContextConfig {
    /** A public route skips authentication (health probes, the Sandbox landing page). */
    public?: boolean;
    /** Roles that may call the route, checked before the body is validated (403 comes before 400). */
    roles?: readonly Role[];
  }
  interface FastifyInstance {
    /** From now on /readyz answers 503 (a stop began); requests are still served until close. */
    stopReadiness(): void;
  }
}

export interface AppOptions {
  name: string;
  logger: Logger;
  verifier: TokenVerifier;
  bodyLimitBytes: number;
  /**
   * Checks run by GET /readyz; each throws (or rejects) when not ready. A 503 AppError is
   * answered as it is (its code names the cause); anything else as `not_ready`, the reason logged.
   */
  readiness?: Array<() => Promise<void>>;
  /** How long requests in flight may finish once the app closes (SHUTDOWN_GRACE_MS). */
  closeGraceMs?: number;
  /** Lets a route decide per request that it needs no token (the Sandbox page on GET /graphql). */
  isPublicRequest?: (request: FastifyRequest) => boolean;
  /** Replaces the platform's authentication (adapters: the platform's call tokens besides bearer tokens). */
  authenticate?: (request: FastifyRequest) => Promise<AuthContext>;
  /** Keep each JSON body's text as `request.rawBody` (receivers hash it to check a call token). */
  keepRawBody?: boolean;
  /** Its API document's title and description (default: the platform's own list, else its name). */
  document?: DocumentInfo;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * fastify's per-request lines ("incoming request", "request completed") at debug, not info: at
 * the default LOG_LEVEL they are most of a busy log and hide what a person needs to see;
 * LOG_LEVEL=debug shows them. A request that errored ("request errored") stays at error, and the
 * platform's own "request refused" (4xx) and "request failed" (5xx) lines are unchanged.
 */
class DebugRequestLines extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
/** How long in-flight requests get to finish once a service is closing, unless told otherwise. */
const CLOSE_GRACE_MS = 10_000;
/** The methods a path is looked up under when the request's own has no route there (HEAD and OPTIONS follow GET and CORS). */
const ROUTE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * The one fastify app every service is built on: request ids, JSON errors `{code, message,
 * details?}` for every 4xx/5xx, authentication, body limit, /healthz and /readyz.
 */
export function createApp(options: AppOptions): FastifyInstance {
  const app = Fastify({
    loggerInstance: options.logger.child({ service: options.name }) as FastifyBaseLogger,
    bodyLimit: options.bodyLimitBytes,
    requestIdHeader: false,
    logController: new DebugRequestLines(),
    // A request's logger (reqId) is made on its first line, not for every request (request-logger.ts).
    childLoggerFactory: requestLogger,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      // The request's log fields get it at once, so even fastify's "incoming request" line has it.
      return scopeRequestId(req, typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID());
    },
    ajv: { customOptions: { allErrors: true, coerceTypes: false, removeAdditional: false, allowUnionTypes: true } },
    // Path parameters are checked by each route's schema (ids: at most 128 characters); the router
    // only has to let a percent-encoded one through (fastify's default, 100, is shorter than an id).
    routerOptions: { maxParamLength: 2_048 },
    // What the router refuses before any route runs (a malformed percent-encoding, say) answers in the platform's error shape too.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      void reply.status(status).send({ code: error.code === 'FST_ERR_BAD_URL' ? 'invalid_url' : 'invalid_request', message: error.message });
    },
    // Each request runs in its own trace context (server span, log fields): docs/observability.md.
    serverFactory: tracedServerFactory,
  });
  app.decorate('serviceName', options.name);
  instrumentHttp(app, options.name);

  app.decorateRequest('auth', null as unknown as AuthContext);
  app.decorateRequest('rawBody', undefined);
  installApiDocs(app, options.name, options.document);

  // A JSON content type with an empty body (callers that POST "no body") reads as no body;
  // anything else goes through fastify's own parser (with its prototype-poisoning guards), then
  // the guard against what PostgreSQL or a later walk could not take (depth, NUL, Infinity).
  // Bodies are JSON only: text/plain gets 415 rather than being stored as a string.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (options.keepRawBody) request.rawBody = String(body);
    if (body === '' || (typeof body === 'string' && body.trim() === '')) return done(null, undefined);
    void parseJson(request, String(body), (error, value) => {
      if (error) return done(error instanceof RangeError ? new AppError(400, 'unsupported_json', 'The request body nests too deep.') : error, undefined);
      try {
        assertSafeJson(value, 'The request body');
        if (isGraphQLBody(value)) assertSafeGraphQLText(value.query);
      } catch (hazard) {
        return done(hazard as Error, undefined);
      }
      done(null, value);
    });
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    const hazard = urlHazard(request.url);
    if (hazard) throw new AppError(400, 'invalid_characters', hazard);
    const graphqlGet = (request.query as { query?: unknown } | undefined)?.query;
    if (request.method === 'GET' && typeof graphqlGet === 'string') assertSafeGraphQLText(graphqlGet);
    if (request.routeOptions.config?.public || options.isPublicRequest?.(request)) return;
    request.auth = await (options.authenticate ? options.authenticate(request) : authenticate(options.verifier, request.headers));
    scopeTenant(request, request.auth.tenant);
    // Who may call comes before what they sent: a refused role is 403 even when the body would not parse.
    const roles = request.routeOptions.config?.roles;
    if (roles) requireRole(request.auth, ...roles);
    // A checkout token reaches REST routes of its own order only (GraphQL resolvers check the ids they are given).
    if (request.auth?.principal.role === 'shopper' && request.routeOptions.url !== '/graphql') {
      requireOrderAccess(request.auth, (request.params as { orderId?: string } | undefined)?.orderId);
    }
  });

  // Graceful close: answers sent while closing end their connection, and whatever is still
  // open a moment later is cut, so a keep-alive socket never holds a shutdown for its timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    app.server.closeIdleConnections();
    setTimeout(() => app.server.closeAllConnections(), options.closeGraceMs ?? CLOSE_GRACE_MS).unref();
  });
  // One synchronous hook on every answer (no promise per request): the closing header, and the
  // platform's error shape beside GraphQL's.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, withPlatformErrorShape(reply.statusCode, payload));
  });

  const discardLimit = discardLimitFor(options.bodyLimitBytes);
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const { status, body } = toErrorResponse(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, status }, 'request refused');
    // Refused before GraphQL ran (auth, tenant, body): GraphQL clients still find `errors`.
    const graphql = request.url.split('?')[0] === '/graphql';
    const sent = graphql ? { ...body, errors: [{ message: body.message, extensions: { code: body.code.toUpperCase(), status } }] } : body;
    const answer = () => reply.status(status).type('application/json').send(sent);
    // A body refused while it is still arriving (over the limit: 413) is answered with the
    // connection closed (fastify's choice). Answering at once would close it under the client's
    // upload, and Node's fetch reports EPIPE, not the 413: read the rest and throw it away first,
    // within bounds (platform/http/body-discard.ts). Other refusals keep the connection, and
    // Node's server drains what the client still sends by itself.
    if (reply.getHeader('connection') === 'close' && !request.raw.complete) {
      return discardBody(request.raw, discardLimit).then((drained) => {
        if (!drained) request.log.info({ status }, 'refused body not read to its end: the connection closes under it');
        void answer();
      });
    }
    void answer();
  });

  // A path that exists under other methods answers 405 with `Allow`; any other, 404.
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const allowed = ROUTE_METHODS.filter((method) => app.findRoute({ method, url: path }) !== null);
    if (allowed.length > 0) {
      void reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send({ code: 'method_not_allowed', message: `${path} does not take ${request.method}; it takes ${allowed.join(', ')}.`, details: { allowed } });
      return;
    }
    void reply.status(404).send({ code: 'route_not_found', message: `No route ${request.method} ${path}.` });
  });

  mountMetrics(app, options.name);
  app.get('/healthz', { config: { public: true } }, async () => ({ status: 'ok', service: options.name }));
  // A stopping process says so at once, on every service, while it still serves what is in flight.
  let stopping = false;
  app.decorate('stopReadiness', () => void (stopping = true));
  app.get('/readyz', { config: { public: true } }, async (request, reply) => {
    if (stopping || closing) return reply.status(503).send({ code: 'shutting_down', message: `${options.name} is shutting down.` });
    try {
      await Promise.all((options.readiness ?? []).map((check) => check()));
      return { status: 'ready', service: options.name };
    } catch (error) {
      // A check that names its cause for the caller (the signing key's kids) logged it itself.
      if (error instanceof AppError && error.status === 503) return reply.status(503).send(error.toBody());
      // /readyz is public: the reason (addresses included) goes to the log, not to the caller.
      request.log.warn({ err: error }, 'not ready');
      return reply.status(503).send({ code: 'not_ready', message: `${options.name} is not ready: it is still starting, or something it depends on does not answer.` });
    }
  });

  return app;
}

/** A platform service's app: the platform's logger, verifier and body limit, ready when its database answers (and `readiness` passes). */
export function createServiceApp(name: string, deps: ServiceDeps, options: Pick<AppOptions, 'isPublicRequest' | 'readiness'> = {}): FastifyInstance {
  const app = createApp({
    name,
    logger: deps.logger,
    verifier: deps.verifier,
    bodyLimitBytes: deps.config.bodyLimitBytes,
    closeGraceMs: deps.config.shutdownGraceMs,
    ...options,
    readiness: [deps.db.ping, ...(deps.readiness ?? []), ...(options.readiness ?? [])],
  });
  // The platform's public keys, so receivers can verify its calls without a shared secret (docs/auth.md).
  app.get('/.well-known/jwks.json', { config: { public: true } }, async (_request, reply) => {
    const key = await platformSigningKey({ signingKey: deps.config.auth.signingKey, dataDir: deps.config.dataDir });
    return reply.header('cache-control', 'public, max-age=300').send(key.jwks);
  });
  return app;
}

/**
 * GraphQL answers its 4xx/5xx as {errors: [...]}; the platform's {code, message} go beside them
 * so every error body has the same shape while GraphQL clients still read `errors`.
 */
function withPlatformErrorShape(status: number, payload: unknown): unknown {
  if (status < 400 || typeof payload !== 'string' || !payload.startsWith('{"errors"')) return payload;
  try {
    const body = JSON.parse(payload) as { errors?: Array<{ message?: string; extensions?: { code?: unknown } }> };
    const first = body.errors?.[0];
    if (!first) return payload;
    const code = typeof first.extensions?.code === 'string' ? first.extensions.code.toLowerCase() : 'bad_request';
    return JSON.stringify({ code, message: first.message ?? 'The GraphQL request failed.', ...body });
  } catch {
    return payload;
  }
}

const isGraphQLBody = (value: unknown): value is { query: string } =>
  typeof value === 'object' && value !== null && typeof (value as { query?: unknown }).query === 'string';

function assertSafeGraphQLText(query: string): void {
  const hazard = graphqlTextHazard(query);
  if (hazard) throw new AppError(400, 'invalid_characters', hazard);
}

/** Maps any error to the status and JSON body the platform answers with. */
export function toErrorResponse(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof AppError) return { status: error.status, body: error.toBody() };
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    return {
      status: 400,
      body: {
        code: 'invalid_request',
        message: `The request is invalid: ${fastifyError.message}`,
        details: fastifyError.validation.map((v) => ({
          pointer: `${fastifyError.validationContext === 'body' ? '' : `/${fastifyError.validationContext ?? ''}`}${v.instancePath}`,
          message: v.message,
          keyword: v.keyword,
        })),
      },
    };
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code =
      status === 413 ? 'payload_too_large'
      : status === 415 ? 'unsupported_media_type'
      : fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError ? 'invalid_json'
      : 'bad_request';
    return { status, body: { code, message: fastifyError.message } };
  }
  return { status: 500, body: { code: 'internal_error', message: 'An unexpected error occurred; it has been logged.' } };
}
