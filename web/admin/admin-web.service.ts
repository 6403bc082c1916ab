import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors/app-error.js';
import { createServiceApp } from '../../platform/http/app.factory.js';
import type { ServiceDeps } from '../../platform/service-deps.js';
import { viteApp } from '../vite-app.build.js';

const ROOT = fileURLToPath(new URL('./', import.meta.url));
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2', '.json': 'application/json' };
const ASSET = /^[A-Za-z0-9._-]{1,200}$/;

/**
 * The folders besides index.html and src/ the page's build reads, relative to web/admin:
 * contracts/ (the currency table, the payment state machine, the order statuses and payment states). Their files are in the build's
 * hash, so a change there rebuilds the app (test/admin-build-sources.test.ts keeps this list
 * in step with what src/ imports).
 */
export const ADMIN_BUILD_SOURCES: readonly string[] = ['../../contracts'];

/** What the page needs to know before anyone signs in (GET /admin-config.json; nothing secret). */
export interface AdminPageConfig {
  /** The gateway's GraphQL endpoint as the admin's browser reaches it. */
  graphqlUrl: string;
  /** Sign-in at the identity provider (authorization code + PKCE), when one is configured. */
  identityProvider: { issuer: string; clientId: string; audience: string } | null;
}

/**
 * The admin app (docs/admin.md) on its own port (4301): the page and its assets, built with Vite
 * from web/admin (on first request; at start-up too outside tests), and the page's settings. The
 * page talks to the gateway's GraphQL from the browser with the admin's own token (CORS_ORIGINS
 * must allow this service's origin); this service holds no token and proxies nothing.
 */
export async function createAdminWebService(deps: ServiceDeps): Promise<FastifyInstance> {
  const app = createServiceApp('admin', deps);
  const build = viteApp(ROOT, { sources: [...ADMIN_BUILD_SOURCES] });
  app.addHook('onClose', async () => build.stop());
  // Built ahead of the first visit, once the service listens (tests build on first request only).
  if (deps.config.nodeEnv !== 'test') {
    app.addHook('onListen', async () => {
      build.ready().catch((error: unknown) => deps.logger.error({ err: error }, 'admin app build failed'));
    });
  }

  const { auth, admin, urls } = deps.config;
  const pageConfig: AdminPageConfig = {
    graphqlUrl: `${(admin?.gatewayUrl ?? urls.gateway).replace(/\/$/, '')}/graphql`,
    identityProvider: auth.jwks && admin?.oidcClientId ? { issuer: auth.jwks.issuer, clientId: admin.oidcClientId, audience: auth.jwks.audience } : null,
  };

  const page = async () => readFile(join(await build.ready(), 'index.html'));
  const PUBLIC = { config: { public: true }, schema: { hide: true } } as const;
  app.get('/admin-config.json', PUBLIC, async (_request, reply) => reply.header('cache-control', 'no-store').send(pageConfig));
  for (const path of ['/', '/index.html']) {
    app.get(path, PUBLIC, async (_request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(await page()));
  }
  app.get<{ Params: { file: string } }>('/assets/:file', PUBLIC, async (request, reply) => {
    const { file } = request.params;
    if (!ASSET.test(file)) throw new AppError(404, 'route_not_found', 'No such asset.');
    const content = await readFile(join(await build.ready(), 'assets', file)).catch(() => {
      throw new AppError(404, 'route_not_found', `No asset ${file}.`);
    });
    // Vite names assets by their content's hash: a name never changes meaning.
    return reply.type(TYPES[extname(file)] ?? 'application/octet-stream').header('cache-control', 'public, max-age=31536000, immutable').send(content);
  });
  return app;
}
