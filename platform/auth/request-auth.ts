import { forbidden, notFound, unauthorized, badRequest } from '../errors/app-error.js';
import type { AuthContext, Principal, Role, Tenant } from './principal.js';
import type { TokenVerifier } from './token.verifier.js';

type HeaderBag = Record<string, string | string[] | undefined>;

const header = (headers: HeaderBag, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * The one authentication rule of every service, REST and GraphQL alike: a valid bearer token,
 * and `X-Merchant` / `X-Channel` within what the token allows. A header left out defaults to
 * the token's merchant, or to its channel when the token names exactly one.
 */
export async function authenticate(verifier: TokenVerifier, headers: HeaderBag): Promise<AuthContext> {
  const authorization = header(headers, 'authorization');
  if (!authorization) throw unauthorized('An Authorization: Bearer token is required.');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match?.[1]) throw unauthorized('The Authorization header must be "Bearer <token>".');
  const principal = await verifier.verify(match[1]);
  return { principal, tenant: resolveTenant(principal, headers) };
}

function resolveTenant(principal: Principal, headers: HeaderBag): Tenant {
  const merchant = header(headers, 'x-merchant')?.trim() || principal.merchant;
  if (merchant !== principal.merchant) {
    throw forbidden(`The token does not allow merchant "${merchant}".`, 'tenant_mismatch');
  }
  const requested = header(headers, 'x-channel')?.trim();
  const single = principal.channels.length === 1 && principal.channels[0] !== '*' ? principal.channels[0] : undefined;
  const channel = requested || single;
  if (!channel) throw badRequest('channel_required', 'The X-Channel header is required for this token.');
  if (!principal.channels.includes('*') && !principal.channels.includes(channel)) {
    throw forbidden(`The token does not allow channel "${channel}".`, 'tenant_mismatch');
  }
  return { merchant, channel };
}

/** Refuses the call unless the caller has one of the roles. */
export function requireRole(auth: AuthContext, ...roles: Role[]): void {
  if (!roles.includes(auth.principal.role)) {
    throw forbidden(`This operation needs the role ${roles.join(' or ')}.`);
  }
}

/** Whether the caller may see this order at all: a checkout token (role `shopper`) its own order only. */
export const mayAccessOrder = (auth: AuthContext, orderId: string | undefined): boolean =>
  auth.principal.role !== 'shopper' || (orderId !== undefined && orderId === auth.principal.orderId);

/**
 * The one check of a checkout token's scope: every operation on an order calls it with that
 * order's id. Another order is "not found", as another tenant's is; an operation that names no
 * order (listings, configuration, creating orders) is 403 for a checkout token. Other roles pass.
 */
export function requireOrderAccess(auth: AuthContext, orderId: string | undefined): void {
  if (auth.principal.role !== 'shopper') return;
  if (orderId === undefined) throw forbidden('A checkout token acts on its own order only.');
  if (!mayAccessOrder(auth, orderId)) throw notFound(`Order ${orderId} was not found.`, 'order_not_found');
}
