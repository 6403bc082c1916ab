import type { FastifyInstance } from 'fastify';
import { createApp } from '../../platform/http/app.factory.js';
import type { DocumentInfo } from '../../platform/http/api-docs.plugin.js';
import type { TokenVerifier } from '../../platform/auth/token.verifier.js';
import { unauthorized } from '../../platform/errors/app-error.js';
import type { Logger } from '../../platform/logging/logger.js';
import { bodyValue, ExchangeJournal } from './exchange.journal.js';
import { adminAnswers } from './sandbox-admin.openapi.js';
import { loseAnswer, type FailureInjector, type FailureRule } from './failure.injector.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Name of the sandbox operation a route performs; failures are injected per operation. */
    operation?: string;
  }
  interface FastifyInstance {
    /** The sandbox's exchanges with its callers (contract tests read them at `/api/sandbox/exchanges`). */
    exchangeJournal: ExchangeJournal;
  }
}

/** Sandboxes carry their own auth; the platform's JWT verifier is never consulted. */
const UNUSED_VERIFIER: TokenVerifier = {
  verify: () => Promise.reject(unauthorized('Sandboxes do not accept platform tokens.')),
};

export interface SandboxAppOptions {
  name: string;
  logger: Logger;
  bodyLimitBytes?: number;
  failures: FailureInjector;
  /** Keep each JSON body's text as `request.rawBody` (a sandbox that checks request signatures). */
  keepRawBody?: boolean;
  /** Where the API calls it answers are recorded (default: a journal of its own); pass the one its callback senders record in. */
  journal?: ExchangeJournal;
  /** Its API document's title and description. */
  document?: DocumentInfo;
}

/**
 * The platform's fastify app (request ids, JSON errors, /healthz, /readyz) with platform auth
 * switched off — a sandbox is an external system and authenticates callers itself — plus a
 * form-urlencoded body parser, empty JSON bodies read as none, and the failure-injection hook
 * (routes name their `operation`). Every call to an operation is recorded in the exchange journal,
 * read at `GET /api/sandbox/exchanges` (`?direction=in|out&operation=…`) and cleared with `DELETE`.
 */
export function createSandboxApp(options: SandboxAppOptions): FastifyInstance {
  const app = createApp({
    name: options.name,
    logger: options.logger,
    verifier: UNUSED_VERIFIER,
    bodyLimitBytes: options.bodyLimitBytes ?? 1_048_576,
    isPublicRequest: () => true,
    ...(options.keepRawBody ? { keepRawBody: true } : {}),
    ...(options.document ? { document: options.document } : {}),
  });
  // (An empty JSON body already reads as no body: the platform's app factory does that.)
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  // preHandler runs after the sandbox's own auth (onRequest) and body validation.
  const losing = new WeakMap<object, FailureRule>();
  app.addHook('preHandler', async (request, reply) => {
    const operation = request.routeOptions.config?.operation;
    if (!operation) return;
    const outcome = await options.failures.apply(operation);
    if (outcome.kind === 'loseAnswer') losing.set(request, outcome.rule);
    if (outcome.kind === 'drop') {
      reply.hijack();
      request.raw.socket.destroy();
      return reply;
    }
  });
  // A rule `afterApplying`: the operation was done; its answer is lost on the way back (registered
  // before the sandboxes' own onSend hooks, which still see the real answer: a stored idempotent one).
  app.addHook('onSend', async (request, reply, payload) => {
    const rule = losing.get(request);
    if (!rule) return payload;
    const lost = await loseAnswer(rule);
    if (lost.drop) {
      request.raw.socket.destroy();
      return payload;
    }
    if (lost.status === undefined) return payload;
    void reply.code(lost.status).type('application/json');
    return lost.body;
  });
  const journal = options.journal ?? new ExchangeJournal();
  app.decorate('exchangeJournal', journal);
  app.addHook('onSend', async (request, reply, payload) => {
    const operation = request.routeOptions.config?.operation;
    if (operation) {
      journal.record({
        direction: 'in',
        operation,
        method: request.method,
        url: request.url,
        headers: request.headers,
        requestBody: request.body,
        status: reply.statusCode,
        responseBody: typeof payload === 'string' ? bodyValue(payload) : undefined,
      });
    }
    return payload;
  });
  app.get<{ Querystring: { direction?: 'in' | 'out'; operation?: string } }>(
    '/api/sandbox/exchanges',
    {
      schema: {
        summary: 'What the sandbox was asked and answered, and the callbacks it sent (newest last)',
        querystring: { type: 'object', additionalProperties: false, properties: { direction: { type: 'string', enum: ['in', 'out'] }, operation: { type: 'string', maxLength: 100 } } },
        response: adminAnswers.exchanges,
      },
    },
    async (request) => ({ exchanges: journal.list(request.query) }),
  );
  app.delete('/api/sandbox/exchanges', { schema: { summary: 'Forget the recorded exchanges', response: adminAnswers.exchangesCleared } }, async () => ({ cleared: journal.clear() }));
  return app;
}
