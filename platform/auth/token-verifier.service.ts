import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { unauthorized } from '../errors/app-error.js';
import { ROLES, type Principal, type Role } from './principal.js';

export type ResolvedAuthConfig =
  | { kind: 'hs256'; secret: string; issuer: string; audience: string }
  | { kind: 'jwks'; jwksUrl: string; issuer: string; audience: string };

export interface TokenVerifier {
  /** Resolves the principal of a valid token; rejects with a 401 AppError otherwise. */
  verify(token: string): Promise<Principal>;
}

export function createTokenVerifier(config: ResolvedAuthConfig): TokenVerifier {
  const options = { issuer: config.issuer, audience: config.audience };
  const verifyJwt =
    config.kind === 'hs256'
      ? (() => {
          const key = new TextEncoder().encode(config.secret);
          return (token: string) => jwtVerify(token, key, { ...options, algorithms: ['HS256'] });
        })()
      : (() => {
          const jwks = createRemoteJWKSet(new URL(config.jwksUrl));
          return (token: string) => jwtVerify(token, jwks, options);
        })();

  return {
    async verify(token) {
      let payload: JWTPayload;
      try {
        ({ payload } = await verifyJwt(token));
      } catch (error) {
        throw unauthorized(describeJoseError(error));
      }
      return principalFromPayload(payload);
    },
  };
}

function describeJoseError(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'The token has expired.';
  if (error instanceof joseErrors.JWTClaimValidationFailed) return `The token was refused: ${error.reason} claim invalid.`;
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'The token signature is invalid.';
  return 'The token is malformed or cannot be verified.';
}

function principalFromPayload(payload: JWTPayload): Principal {
  const { merchant, channels, role, adapterId } = payload as Record<string, unknown>;
  if (typeof merchant !== 'string' || merchant === '') throw unauthorized('The token carries no merchant claim.');
  if (!Array.isArray(channels) || channels.length === 0 || !channels.every((c) => typeof c === 'string' && c !== '')) {
    throw unauthorized('The token carries no channels claim.');
  }
  if (typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) {
    throw unauthorized(`The token's role must be one of ${ROLES.join(', ')}.`);
  }
  if (role === 'adapter' && (typeof adapterId !== 'string' || adapterId === '')) {
    throw unauthorized('An adapter token must carry its adapterId claim.');
  }
  return {
    subject: typeof payload.sub === 'string' ? payload.sub : `${role}:${merchant}`,
    merchant,
    channels: channels as string[],
    role: role as Role,
    ...(typeof adapterId === 'string' && adapterId !== '' ? { adapterId } : {}),
  };
}
