import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdapterCredentials } from '../../platform/auth/adapter-credentials.repository.js';
import { ADAPTER_TOKEN_LIFETIME_S, signAdapterToken } from '../../platform/auth/platform-tokens.js';
import type { PlatformSigningKey } from '../../platform/auth/signing-key.js';
import { AppError, badRequest } from '../../platform/errors/app-error.js';
import { assertSafeJson } from '../../platform/http/json-guard.js';
import { errors, json } from '../../platform/http/api-docs.schemas.js';

interface TokenRequest {
  grant_type: string;
  client_id: string;
  client_secret: string;
  merchant: string;
  channel: string;
}

const text = (max: number) => ({ type: 'string', minLength: 1, maxLength: max }) as const;
const tokenBody = {
  type: 'object',
  required: ['grant_type', 'client_id', 'client_secret', 'merchant', 'channel'],
  properties: { grant_type: text(64), client_id: text(200), client_secret: text(200), merchant: text(128), channel: text(128) },
} as const;

export interface TokenRouteOptions {
  credentials: AdapterCredentials;
  key: () => Promise<PlatformSigningKey>;
  issuer: string;
  audience: string;
}

const tokenAnswers = {
  200: json('An adapter token (Cache-Control: no-store)', { type: 'object', required: ['access_token', 'token_type', 'expires_in'], properties: { access_token: { type: 'string' }, token_type: { const: 'Bearer' }, expires_in: { type: 'integer' } } }),
  ...errors(401),
};

/**
 * `POST /api/v1/auth/token` (OAuth 2.0 client credentials, JSON or form body): an adapter's
 * credentials for a short-lived `adapter` token for one merchant and channel, signed with the
 * platform's private key. Public: the credentials are the authentication. docs/auth.md.
 */
export async function registerTokenRoutes(app: FastifyInstance, options: TokenRouteOptions): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      try {
        const fields = Object.fromEntries(new URLSearchParams(String(body)));
        assertSafeJson(fields, 'The request body');
        done(null, fields);
      } catch (error) {
        done(error as Error, undefined);
      }
    });

    scope.post('/api/v1/auth/token', { config: { public: true }, schema: { body: tokenBody, summary: "An adapter's client credentials for a short-lived adapter token", response: tokenAnswers } }, async (request: FastifyRequest<{ Body: TokenRequest }>, reply) => {
      const body = request.body;
      if (body.grant_type !== 'client_credentials') throw badRequest('unsupported_grant_type', 'grant_type must be client_credentials.');
      const adapterId = await options.credentials.verify(body.client_id, body.client_secret);
      if (!adapterId) throw new AppError(401, 'invalid_client', 'The client credentials are unknown, wrong or revoked.');
      const token = await signAdapterToken(
        await options.key(),
        { adapterId, merchant: body.merchant, channel: body.channel, clientId: body.client_id },
        { issuer: options.issuer, audience: options.audience, lifetimeS: ADAPTER_TOKEN_LIFETIME_S },
      );
      return reply.header('cache-control', 'no-store').send({ access_token: token, token_type: 'Bearer', expires_in: ADAPTER_TOKEN_LIFETIME_S });
    });
  });
}
