import type { AuthContext, Principal, Role } from '../../platform/auth/principal.js';
import { requireRole } from '../../platform/auth/request-auth.js';
import { forbidden } from '../../platform/errors/app-error.js';

/**
 * Who may do what with configurations (docs/configuration.md):
 * - write (REST PUT, GraphQL putConfiguration): admin, service;
 * - read masked (REST admin reads, every GraphQL read): admin, service;
 * - the adapters' read: service and admin (any configuration), an adapter (its own only).
 * Secrets are in clear only on the adapters' read, for service tokens and for the adapter the
 * configuration belongs to; never for admins, never on GraphQL.
 */
export const CONFIGURATION_WRITERS: Role[] = ['admin', 'service'];
export const CONFIGURATION_READERS: Role[] = ['admin', 'service'];
const ADAPTER_READ_ROLES: Role[] = ['adapter', 'service', 'admin'];

/** Refuses a path naming another merchant or channel than the authenticated one. */
export function requirePathTenant(auth: AuthContext, merchant: string, channel: string): void {
  if (merchant !== auth.tenant.merchant || channel !== auth.tenant.channel) {
    throw forbidden(
      `The path names merchant "${merchant}" and channel "${channel}", but the request acts for merchant "${auth.tenant.merchant}" and channel "${auth.tenant.channel}".`,
      'tenant_mismatch',
    );
  }
}

/** The adapters' read: an adapter token reads only its own configuration. */
export function requireAdapterRead(auth: AuthContext, configurationId: string): void {
  requireRole(auth, ...ADAPTER_READ_ROLES);
  if (auth.principal.role === 'adapter' && auth.principal.adapterId !== configurationId) {
    throw forbidden(`An adapter token for "${auth.principal.adapterId ?? ''}" may read only its own configuration.`);
  }
}

/** Whether this caller sees the secrets of `configurationId` in clear (on the adapters' read only). */
export const mayReveal = (principal: Principal, configurationId: string): boolean =>
  principal.role === 'service' || (principal.role === 'adapter' && principal.adapterId === configurationId);
