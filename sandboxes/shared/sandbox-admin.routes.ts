import type { FastifyInstance } from 'fastify';
import { notFound } from '../../platform/errors/app-error.js';
import type { FailureInjector, FailureRuleInput } from './failure.injector.js';
import type { SandboxClock } from './sandbox.clock.js';
import { adminAnswers } from './sandbox-admin.openapi.js';

/**
 * Admin paths every sandbox has (no auth, like every `/api/sandbox` path):
 * `/api/sandbox/failures` — add (POST), list (GET), clear (DELETE), delete one (DELETE /{id});
 * `/api/sandbox/clock` — read (GET) and move forward (POST `{advanceSeconds}`).
 */
export function registerSandboxAdminRoutes(app: FastifyInstance, failures: FailureInjector, clock: SandboxClock): void {
  const body = {
    type: 'object',
    additionalProperties: false,
    required: ['operation'],
    properties: {
      operation: { type: 'string', enum: ['*', ...failures.operations] },
      status: { type: 'integer', minimum: 400, maximum: 599 },
      code: { type: 'string', pattern: '^[a-z][a-z0-9_]{0,63}$' },
      message: { type: 'string', minLength: 1, maxLength: 500 },
      delayMs: { type: 'integer', minimum: 0, maximum: 120_000 },
      dropConnection: { type: 'boolean' },
      afterApplying: { type: 'boolean' },
      times: { type: 'integer', minimum: 0, maximum: 10_000 },
    },
  } as const;

  app.post<{ Body: FailureRuleInput }>('/api/sandbox/failures', { schema: { body, summary: 'Inject a failure into an operation', response: adminAnswers.added } }, async (request, reply) => {
    return reply.status(201).send(failures.add(request.body));
  });
  app.get('/api/sandbox/failures', { schema: { response: adminAnswers.list } }, async () => ({ operations: failures.operations, failures: failures.list() }));
  app.delete('/api/sandbox/failures', { schema: { response: adminAnswers.cleared } }, async () => ({ cleared: failures.clear() }));
  app.delete<{ Params: { id: string } }>('/api/sandbox/failures/:id', { schema: { response: adminAnswers.deleted } }, async (request) => {
    if (!failures.remove(request.params.id)) throw notFound(`Failure rule ${request.params.id} was not found.`, 'failure_not_found');
    return { deleted: request.params.id };
  });

  const clockView = () => ({ now: clock.now().toISOString(), offsetSeconds: clock.offsetSeconds });
  app.get('/api/sandbox/clock', { schema: { response: adminAnswers.clock } }, async () => clockView());
  app.post<{ Body: { advanceSeconds: number } }>(
    '/api/sandbox/clock',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['advanceSeconds'],
          properties: { advanceSeconds: { type: 'number', minimum: 0, maximum: 31_536_000 } },
        },
        summary: "Move the sandbox's time forward",
        response: adminAnswers.clock,
      },
    },
    async (request) => {
      clock.advance(request.body.advanceSeconds * 1000);
      return clockView();
    },
  );
}
