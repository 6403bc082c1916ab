import type { ProviderNames } from '../provider-names.js';
import { sandboxSetupLines } from './adapter-parts.template.js';
import type { ScaffoldFile, TemplateContext } from './template-context.js';

/**
 * The sandbox folder of a payment provider (docs/adapter-kit.md, "Writing a sandbox"): its API
 * (sessions, by API key), a shopper page that pays or cancels (the hosted page a redirect
 * provider sends the shopper to, or the component an embedded provider's frontend mounts), the
 * signed webhook it sends when a session is paid or cancelled, failures and the clock.
 */
export function sandboxFiles({ names, sandboxPort, flow }: TemplateContext): ScaffoldFile[] {
  const { folder, title, pascal, constant } = names;
  const redirect = flow === 'redirect';
  const dir = `sandboxes/${folder}`;
  return [
    {
      path: `${dir}/${folder}.store.ts`,
      text: `import { randomUUID } from 'node:crypto';
import { AppError } from '../../platform/errors/app-error.js';
import { forgetOldest } from '../shared/kept-records.js';

export type SessionStatus = 'open' | 'paid' | 'cancelled';

/** What the merchant asks to be echoed in the session and its webhooks (its order and payment). */
export type SessionMetadata = Record<string, string>;

/** A checkout session as ${title}'s API answers it. */
export interface ${pascal}SessionRecord {
  id: string;
  url: string;
  status: SessionStatus;
  amount: number;
  currency: string;
  reference: string;
  webhookUrl: string;
  metadata: SessionMetadata;
  /** A redirect session's: where the shopper goes after paying or cancelling (absent: the page stays, as a component does). */
  returnUrl?: string;
  cancelUrl?: string;
  createdAt: string;
}

export interface NewSession {
  amount: number;
  currency: string;
  reference: string;
  webhookUrl: string;
  metadata: SessionMetadata;
  returnUrl?: string;
  cancelUrl?: string;
}

/** ${title}'s sessions in memory: one per merchant reference (a repeated create answers the same session). */
export class ${pascal}Store {
  private readonly sessions = new Map<string, ${pascal}SessionRecord>();
  private readonly byReference = new Map<string, string>();

  constructor(private readonly now: () => Date) {}

  create(input: NewSession, pageBase: string): ${pascal}SessionRecord {
    const known = this.byReference.get(input.reference);
    if (known) return this.get(known);
    const id = randomUUID();
    const session: ${pascal}SessionRecord = { id, url: \`\${pageBase}/pay/\${id}\`, status: 'open', ...input, createdAt: this.now().toISOString() };
    this.sessions.set(id, session);
    this.byReference.set(input.reference, id);
    forgetOldest(this.sessions, undefined, (_id, forgotten) => this.byReference.delete(forgotten.reference));
    return session;
  }

  get(id: string): ${pascal}SessionRecord {
    const session = this.sessions.get(id);
    if (!session) throw new AppError(404, 'session_not_found', 'No such session.');
    return session;
  }

  /** The amount follows the merchant's order while the shopper has not paid. */
  update(id: string, amount: number): ${pascal}SessionRecord {
    const session = this.get(id);
    if (session.status !== 'open') throw new AppError(409, 'session_closed', \`The session is already \${session.status}.\`);
    session.amount = amount;
    return session;
  }

  /** The shopper pays (an open session only) or cancels. */
  settle(id: string, outcome: 'paid' | 'cancelled'): ${pascal}SessionRecord {
    const session = this.get(id);
    if (session.status !== 'open') throw new AppError(409, 'session_closed', \`The session is already \${session.status}.\`);
    session.status = outcome;
    return session;
  }
}
`,
    },
    {
      path: `${dir}/${folder}-shopper.page.ts`,
      text: `import type { ${pascal}SessionRecord } from './${folder}.store.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => \`&#\${c.charCodeAt(0)};\`);

/**
 * The page the shopper pays on: the amount, Pay and Cancel (each a form post). ${redirect ? 'The hosted page a redirect session sends the shopper to.' : "The component an embedded session's frontend mounts (an iframe): once paid it tells the checkout's window (`postMessage`)."}
 */
export function shopperPage(session: ${pascal}SessionRecord): string {
  const action = (what: string) => \`/pay/\${encodeURIComponent(session.id)}/\${what}\`;
  const closed = session.status !== 'open';
  // Set by this page's own code, not by the merchant: the message the mounted frontend waits for.
  const paidScript = session.status === 'paid' ? \`<script>window.parent.postMessage({ type: '${folder}:paid', sessionId: \${JSON.stringify(session.id)} }, '*');</script>\` : '';
  return \`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} (sandbox)</title></head>
<body>
  <main>
    <h1>${title} (sandbox)</h1>
    <p data-testid="amount">\${escapeHtml(session.amount.toFixed(2))} \${escapeHtml(session.currency)}</p>
    \${
      closed
        ? \`<p data-testid="status">This payment is \${escapeHtml(session.status)}.</p>\`
        : \`<form method="post" action="\${action('pay')}"><button type="submit" data-testid="pay">Pay</button></form>
    <form method="post" action="\${action('cancel')}"><button type="submit" data-testid="cancel">Cancel</button></form>\`
    }
  </main>
  \${paidScript}
</body>
</html>\`;
}
`,
    },
    {
      path: `${dir}/${folder}-sandbox.app.ts`,
      text: `import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors/app-error.js';
import type { Logger } from '../../platform/logging/logger.js';
import { ExchangeJournal } from '../shared/exchange.journal.js';
import { FailureInjector } from '../shared/failure.injector.js';
import { registerSandboxAdminRoutes } from '../shared/sandbox-admin.routes.js';
import { createSandboxApp } from '../shared/sandbox-app.factory.js';
import { SandboxClock } from '../shared/sandbox.clock.js';
import { SignedWebhookSender, WEBHOOK_DELAYS_MS } from '../shared/signed-webhook.sender.js';
import { shopperPage } from './${folder}-shopper.page.js';
import { ${pascal}Store, type ${pascal}SessionRecord, type NewSession } from './${folder}.store.js';

export const ${constant}_SANDBOX_PORT = ${sandboxPort};
/** The API key every instance accepts unless told otherwise. */
export const DEFAULT_${constant}_API_KEY = '${folder}-sandbox-key';
/** Operations that failures can be injected into (\`POST /api/sandbox/failures {operation}\`). */
export const ${constant}_OPERATIONS = ['createSession', 'updateSession', 'getSession'] as const;

export interface ${pascal}SandboxOptions {
  logger: Logger;
  apiKey?: string;
  /** Base address of the shopper page; default the address the merchant called. */
  publicUrl?: string;
  now?: () => Date;
  /** Waits before a webhook's first delivery and each retry (default WEBHOOK_DELAYS_MS). */
  webhookDelaysMs?: readonly number[];
}

const SESSION_BODY = {
  type: 'object',
  required: ['amount', 'currency', 'reference', 'webhookUrl', 'metadata'],
  additionalProperties: false,
  properties: {
    amount: { type: 'number', exclusiveMinimum: 0 },
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    reference: { type: 'string', minLength: 1, maxLength: 128 },
    webhookUrl: { type: 'string', format: 'uri', pattern: '^https?://' },
    metadata: { type: 'object', maxProperties: 20, additionalProperties: { type: 'string', maxLength: 256 } },
    returnUrl: { type: 'string', format: 'uri', pattern: '^https?://' },
    cancelUrl: { type: 'string', format: 'uri', pattern: '^https?://' },
  },
} as const;
const AMOUNT_BODY = { type: 'object', required: ['amount'], additionalProperties: false, properties: { amount: { type: 'number', exclusiveMinimum: 0 } } } as const;
const ID_PARAMS = { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 64 } } } as const;
type IdRoute = { Params: { id: string } };

/**
 * ${title}'s sandbox: its API (\`X-API-Key\`: create, update and read a checkout session), the ${redirect ? 'hosted page' : 'component page'}
 * the shopper pays or cancels on (then sent to the session's return or cancel address when it has one), the
 * session's signed webhook (\`session.paid\` / \`session.cancelled\`, HMAC under the API key), failures
 * and the clock. See docs/sandboxes.md.
 */
export function create${pascal}Sandbox(options: ${pascal}SandboxOptions): { app: FastifyInstance; state: { store: ${pascal}Store; failures: FailureInjector; clock: SandboxClock; webhooks: SignedWebhookSender } } {
${sandboxSetupLines(names)}  const base = (request: FastifyRequest) => options.publicUrl ?? \`\${request.protocol}://\${request.host}\`;
  const webhooks = new SignedWebhookSender(journal, options.logger, options.webhookDelaysMs ?? WEBHOOK_DELAYS_MS);
  app.addHook('onClose', async () => webhooks.close());
  registerSandboxAdminRoutes(app, failures, clock);
  /** The shopper paid or cancelled: the session's webhook goes out, then the shopper is sent on (or the page shows the outcome). */
  const settled = (session: ${pascal}SessionRecord, reply: FastifyReply) => {
    webhooks.send(session.webhookUrl, { type: \`session.\${session.status}\`, session }, apiKey);
    const next = session.status === 'paid' ? session.returnUrl : session.cancelUrl;
    return reply.redirect(next ?? \`/pay/\${encodeURIComponent(session.id)}\`, 303);
  };

  void app.register(async (api) => {
    api.addHook('onRequest', async (request) => {
      if (request.headers['x-api-key'] !== apiKey) throw new AppError(401, 'unauthorized', 'A valid X-API-Key header is required.');
    });
    api.post<{ Body: NewSession }>('/v1/sessions', { schema: { body: SESSION_BODY }, config: { operation: 'createSession' } }, async (request, reply) => reply.status(201).send(store.create(request.body, base(request))));
    api.patch<IdRoute & { Body: { amount: number } }>('/v1/sessions/:id', { schema: { params: ID_PARAMS, body: AMOUNT_BODY }, config: { operation: 'updateSession' } }, async (request) => store.update(request.params.id, request.body.amount));
    api.get<IdRoute>('/v1/sessions/:id', { schema: { params: ID_PARAMS }, config: { operation: 'getSession' } }, async (request) => store.get(request.params.id));
  });

  // The shopper's side: public, no operation (what the page posts, a test may post directly).
  app.get<IdRoute>('/pay/:id', { schema: { params: ID_PARAMS } }, async (request, reply) => reply.type('text/html; charset=utf-8').send(shopperPage(store.get(request.params.id))));
  app.post<IdRoute>('/pay/:id/pay', { schema: { params: ID_PARAMS } }, async (request, reply) => settled(store.settle(request.params.id, 'paid'), reply));
  app.post<IdRoute>('/pay/:id/cancel', { schema: { params: ID_PARAMS } }, async (request, reply) => settled(store.settle(request.params.id, 'cancelled'), reply));
  // What a webhook delivery test reads: each webhook sent and its attempts.
  app.get('/api/sandbox/webhooks', async () => ({ webhooks: webhooks.sent }));

  return { app, state: { store, failures, clock, webhooks } };
}
`,
    },
    sandboxManifestFile(names),
  ];
}

/** The sandbox's manifest (every kind's the same): its service name, port and factory. */
export function sandboxManifestFile(names: ProviderNames): ScaffoldFile {
  const { folder, title, camel, pascal, constant, sandboxName } = names;
  const dir = `sandboxes/${folder}`;
  return {
    path: `${dir}/${folder}-sandbox.manifest.ts`,
    text: `import type { SandboxManifest } from '../shared/sandbox-manifest.js';
import { create${pascal}Sandbox, ${constant}_SANDBOX_PORT } from './${folder}-sandbox.app.js';

/** ${title}'s sandbox as the catalogue and the sandbox runner see it (sandboxes/shared/sandbox-manifest.ts). */
export const ${camel}SandboxManifest: SandboxManifest = {
  name: '${sandboxName}',
  port: ${constant}_SANDBOX_PORT,
  create: ({ logger }) => create${pascal}Sandbox({ logger }),
};
`,
  };
}
