import { createLocalJWKSet, createRemoteJWKSet, decodeProtectedHeader, errors as joseErrors, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import type { FastifyRequest } from 'fastify';
import type { AuthContext, VerifiedCall } from '../../platform/auth/principal.js';
import { CALL_TOKEN_TYPE, sha256Hex } from '../../platform/auth/platform-tokens.js';
import { PLATFORM_TOKEN_ISSUER } from '../../platform/env/env.config.js';
import { forbidden, unauthorized } from '../../platform/errors/app-error.js';

export interface PlatformCallVerifierOptions {
  adapterId: string;
  /** This adapter's public base URL: a call token names the exact URL it was sent to. */
  publicUrl: string;
  /** The platform's public keys: handed in (one process, tests) or its JWKS address (fetched, cached, refetched for an unknown kid). */
  keys: JSONWebKeySet | URL;
  /** Most call token ids remembered at once (each for its token's lifetime). */
  maxRemembered?: number;
}

/** Whether a bearer token is one of the platform's call tokens (by its `typ` header). */
export function isCallToken(token: string): boolean {
  try {
    return decodeProtectedHeader(token).typ === CALL_TOKEN_TYPE;
  } catch {
    return false;
  }
}

/**
 * Checks the platform's calls to this adapter (hooks, validations, notifications,
 * amountChanged, lifecycle callbacks): signed by the platform's key, audience = this adapter,
 * sent to this URL with this method for this tenant, fresh, never seen before (the token id is
 * remembered in memory until the token expires), and — once the body is read — for this body.
 */
export class PlatformCallVerifier {
  private readonly keys: ReturnType<typeof createLocalJWKSet> | ReturnType<typeof createRemoteJWKSet>;
  /** Token id → when it expires (ms); insertion order is expiry order, near enough (all live seconds). */
  private readonly seen = new Map<string, number>();
  private readonly origin: string;

  constructor(private readonly options: PlatformCallVerifierOptions) {
    this.keys = options.keys instanceof URL ? createRemoteJWKSet(options.keys) : createLocalJWKSet(options.keys);
    this.origin = new URL(options.publicUrl).origin;
  }

  /** At the start of a request: everything but the body. */
  async authenticate(token: string, request: FastifyRequest): Promise<AuthContext> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.keys, { issuer: PLATFORM_TOKEN_ISSUER, audience: this.options.adapterId, algorithms: ['ES256', 'EdDSA'], typ: CALL_TOKEN_TYPE }));
    } catch (error) {
      throw unauthorized(`The platform call token was refused: ${describe(error)}`);
    }
    const claims = payload as JWTPayload & Partial<Record<keyof VerifiedCall | 'merchant' | 'channel', unknown>>;
    const strings = ['merchant', 'channel', 'orderId', 'purpose', 'url', 'htm', 'bodySha256', 'jti'] as const;
    const missing = strings.find((name) => typeof claims[name] !== 'string' || claims[name] === '');
    if (missing || typeof claims.exp !== 'number') throw unauthorized(`The platform call token carries no ${missing ?? 'exp'} claim.`);
    const call = Object.fromEntries(strings.map((name) => [name, claims[name] as string])) as Record<(typeof strings)[number], string>;

    let signedFor: URL;
    try {
      signedFor = new URL(call.url);
    } catch {
      throw unauthorized('The platform call token names no valid URL.');
    }
    const received = new URL(request.url, this.origin);
    if (signedFor.origin !== this.origin || signedFor.pathname !== received.pathname || signedFor.search !== received.search || call.htm !== request.method) {
      throw unauthorized('The platform call token was signed for another address or method.');
    }
    const merchant = header(request, 'x-merchant');
    const channel = header(request, 'x-channel');
    if ((merchant && merchant !== call.merchant) || (channel && channel !== call.channel)) {
      throw forbidden('The platform call token was signed for another merchant or channel.', 'tenant_mismatch');
    }
    this.remember(call.jti, claims.exp * 1000);
    return {
      principal: { subject: typeof payload.sub === 'string' ? payload.sub : PLATFORM_TOKEN_ISSUER, merchant: call.merchant, channels: [call.channel], role: 'service' },
      tenant: { merchant: call.merchant, channel: call.channel },
      call: { purpose: call.purpose, orderId: call.orderId, url: call.url, htm: call.htm, bodySha256: call.bodySha256, jti: call.jti },
    };
  }

  /** Once the body is read: it is the one the token was signed for. */
  checkBody(request: FastifyRequest): void {
    const call = request.auth?.call;
    if (call && sha256Hex(request.rawBody ?? '') !== call.bodySha256) throw unauthorized('The platform call token was signed for another body.');
  }

  /** Refuses a token id seen before; forgets ids whose tokens have expired. */
  private remember(jti: string, expiresAt: number): void {
    if (this.seen.has(jti)) throw unauthorized('The platform call token was used before (a replay).');
    const now = Date.now();
    for (const [id, until] of this.seen) {
      if (until > now && this.seen.size < (this.options.maxRemembered ?? 100_000)) break;
      this.seen.delete(id);
    }
    this.seen.set(jti, expiresAt);
  }
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
};

function describe(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'it has expired.';
  if (error instanceof joseErrors.JWTClaimValidationFailed) return `${error.claim} claim invalid.`;
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'the signature is invalid.';
  if (error instanceof joseErrors.JWKSNoMatchingKey) return "no key of the platform's JWKS matches it.";
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return 'its algorithm is not accepted.';
  return 'it is malformed or cannot be verified.';
}
