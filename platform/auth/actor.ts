import type { AuthContext, Role } from './principal.js';

/**
 * Who makes a change to an order or a payment: the verified caller's role and subject, and for an
 * adapter token its adapter (an adapter's own hooks are skipped for its changes). The order and
 * payment subgraphs both act for it, so it lives beside the principal it is read from.
 */
export interface Actor {
  role: Role;
  subject: string;
  adapterId?: string;
}

/** The actor of a verified request. */
export const actorOf = (auth: AuthContext): Actor => ({
  role: auth.principal.role,
  subject: auth.principal.subject,
  ...(auth.principal.adapterId ? { adapterId: auth.principal.adapterId } : {}),
});
