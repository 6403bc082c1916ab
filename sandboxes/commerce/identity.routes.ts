import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../../platform/errors/app-error.js';
import { tokenSchema } from './commerce.schemas.js';
import type { IdentityStore, IssuedToken } from './identity.store.js';
import { answers } from './commerce.openapi.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The commerce sandbox's own bearer token, set on `/api/v1` routes. */
    commerceToken?: IssuedToken;
  }
}

interface TokenBody {
  grant_type: string;
  client_id?: string;
  client_secret?: string;
  scope?: string;
}

/** An OAuth error answer that also carries the platform's `{code, message}`. */
function oauthError(reply: FastifyReply, status: number, error: string, description: string) {
  if (status === 401) void reply.header('www-authenticate', 'Basic realm="commerce-identity"');
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .send({ error, error_description: description, code: error, message: description });
}

/** Client credentials from `Authorization: Basic` (client_secret_basic) or the body (client_secret_post). */
function clientCredentials(request: FastifyRequest<{ Body: TokenBody }>): { id?: string; secret?: string } {
  const match = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (match?.[1]) {
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
  }
  return { id: request.body.client_id, secret: request.body.client_secret };
}

/**
 * `POST /connect/token`: OAuth 2.0 client credentials grant, form-urlencoded or JSON →
 * `{access_token, token_type: 'Bearer', expires_in, scope}`.
 */
export function registerIdentityRoutes(app: FastifyInstance, identity: IdentityStore): void {
  app.post<{ Body: TokenBody }>(
    '/connect/token',
    { schema: { body: tokenSchema, summary: 'OAuth 2.0 client credentials (form or JSON; client_secret_basic or _post)', security: [{ basic: [] }, {}], response: answers.token }, attachValidation: true, config: { operation: 'token' } },
    async (request, reply) => {
      if (request.validationError) return oauthError(reply, 400, 'invalid_request', request.validationError.message);
      if (request.body.grant_type !== 'client_credentials') {
        return oauthError(reply, 400, 'unsupported_grant_type', 'Only grant_type=client_credentials is supported.');
      }
      const { id, secret } = clientCredentials(request);
      if (!id || !secret) return oauthError(reply, 401, 'invalid_client', 'client_id and client_secret are required.');
      const issued = identity.issue(id, secret, request.body.scope);
      if (issued === 'invalid_client') return oauthError(reply, 401, 'invalid_client', 'The client credentials are not valid.');
      if (issued === 'invalid_scope') return oauthError(reply, 400, 'invalid_scope', `Scope "${request.body.scope}" is not allowed for this client.`);
      return reply.header('cache-control', 'no-store').send({
        access_token: issued.accessToken,
        token_type: 'Bearer',
        expires_in: identity.ttlSeconds,
        scope: issued.scope,
      });
    },
  );
}

/** onRequest hook: a valid, unexpired bearer token from `/connect/token`, or 401 `unauthorized`. */
export function requireBearer(identity: IdentityStore): onRequestAsyncHookHandler {
  return async (request, reply) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    const token = match?.[1] ? identity.verify(match[1]) : undefined;
    if (!token) {
      void reply.header('www-authenticate', match ? 'Bearer error="invalid_token"' : 'Bearer');
      throw new AppError(401, 'unauthorized', match ? 'The access token is unknown or expired.' : 'An Authorization: Bearer token is required.');
    }
    request.commerceToken = token;
  };
}
