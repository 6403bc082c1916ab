import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors/app-error.js';

export type ExplorerMode = 'auto' | 'graphiql' | 'sandbox';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));
const WEB_DIR = fileURLToPath(new URL('../../web/explorer/', import.meta.url));

/**
 * Everything the offline explorer loads, from installed packages (no CDN): React 18's UMD builds
 * (GraphiQL 3 takes React from globals), GraphiQL's UMD bundle and stylesheet (fonts inlined),
 * graphql-ws's browser client, and our page script.
 */
const ASSETS: Record<string, { file: () => string; type: string }> = {
  'react.js': { file: () => join(packageDir('react'), 'umd/react.production.min.js'), type: 'text/javascript' },
  'react-dom.js': { file: () => join(packageDir('react-dom'), 'umd/react-dom.production.min.js'), type: 'text/javascript' },
  'graphiql.js': { file: () => join(packageDir('graphiql'), 'dist/index.umd.js'), type: 'text/javascript' },
  'graphiql.css': { file: () => join(packageDir('graphiql'), 'dist/style.css'), type: 'text/css' },
  'graphql-ws.js': { file: () => join(packageDir('graphql-ws'), 'umd/graphql-ws.min.js'), type: 'text/javascript' },
  'explorer.js': { file: () => join(WEB_DIR, 'explorer.js'), type: 'text/javascript' },
  'explorer.css': { file: () => join(WEB_DIR, 'explorer.css'), type: 'text/css' },
};
const ASSET_PREFIX = '/explorer/';
/** Apollo's hosted Sandbox; only ever loaded by the browser, and only in `auto` and `sandbox` modes. */
const SANDBOX_SCRIPT = 'https://embeddable-sandbox.cdn.apollographql.com/_latest/embeddable-sandbox.umd.production.min.js';
/** How long `auto` waits for Sandbox's script before it settles for the bundled GraphiQL. */
const SANDBOX_TIMEOUT_MS = 4_000;

/** A browser opening /graphql (no operation in the URL) gets the explorer; every operation needs a token. */
export const isExplorerRequest = (request: FastifyRequest): boolean =>
  request.method === 'GET' &&
  request.url.split('?')[0] === '/graphql' &&
  !(request.query as Record<string, unknown> | undefined)?.query &&
  (request.headers.accept ?? '').includes('text/html');

export interface ExplorerOptions {
  mode: ExplorerMode;
  /** Pre-fill X-Merchant/X-Channel with the demo tenant `npm start` seeds. */
  demoTenant: boolean;
}

/**
 * The explorer page on GET /graphql (Accept: text/html) and its assets under /explorer/. The page
 * is public and holds nothing secret: the token is the visitor's, typed in or passed in the URL
 * fragment (never sent to the server). `?explorer=graphiql|sandbox|auto` overrides EXPLORER.
 */
export function registerExplorer(app: FastifyInstance, options: ExplorerOptions): void {
  const cache = new Map<string, Promise<Buffer>>();
  const page = explorerPage(options);

  app.addHook('onRequest', async (request, reply) => {
    if (!isExplorerRequest(request)) return;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
  });

  app.get<{ Params: { file: string } }>(`${ASSET_PREFIX}:file`, { config: { public: true } }, async (request, reply) => {
    const asset = Object.hasOwn(ASSETS, request.params.file) ? ASSETS[request.params.file] : undefined;
    if (!asset) throw new AppError(404, 'route_not_found', `No explorer asset ${request.params.file.slice(0, 100)}.`);
    let content = cache.get(request.params.file);
    if (!content) {
      content = readFile(asset.file());
      cache.set(request.params.file, content);
      content.catch(() => cache.delete(request.params.file));
    }
    return reply.type(`${asset.type}; charset=utf-8`).header('cache-control', 'public, max-age=3600').send(await content);
  });
}

function explorerPage(options: ExplorerOptions): string {
  const config = {
    mode: options.mode,
    endpoint: '/graphql',
    sandboxScript: SANDBOX_SCRIPT,
    sandboxTimeoutMs: SANDBOX_TIMEOUT_MS,
    assets: Object.fromEntries(Object.keys(ASSETS).map((name) => [name, `${ASSET_PREFIX}${name}`])),
    defaultHeaders: {
      Authorization: 'Bearer <token: npm run token -- --merchant … --channel … --role admin>',
      'X-Merchant': options.demoTenant ? 'demo' : '<merchant>',
      'X-Channel': options.demoTenant ? 'demo' : '<channel>',
    },
  };
  // JSON in a non-executed script element; `<` escaped so no value can close the element.
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout platform · GraphQL explorer</title>
<link rel="stylesheet" href="${ASSET_PREFIX}explorer.css">
</head>
<body>
<div id="explorer-status">Loading the GraphQL explorer…</div>
<div id="explorer"></div>
<script type="application/json" id="explorer-config">${json}</script>
<script src="${ASSET_PREFIX}explorer.js"></script>
</body>
</html>
`;
}
