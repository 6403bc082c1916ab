/** Who is calling, as proven by a verified token. */
export const ROLES = ['storefront', 'shopper', 'adapter', 'admin', 'service'] as const;
export type Role = (typeof ROLES)[number];

export interface Principal {
  subject: string;
  merchant: string;
  /** Channels of the merchant the caller may act in; `*` means every channel. */
  channels: string[];
  role: Role;
  /** Set for role `adapter`: the adapter id the token was issued to. */
  adapterId?: string;
  /** Set for role `shopper` (a checkout token): the one order it may read, change and subscribe to. */
  orderId?: string;
}

/** The merchant + channel a request acts in; every read and write is scoped by it. */
export interface Tenant {
  merchant: string;
  channel: string;
}

/** A tenant as one string (a map key): merchant and channel, which hold no NUL. */
export const tenantKey = (tenant: Tenant): string => `${tenant.merchant}\u0000${tenant.channel}`;

export interface AuthContext {
  principal: Principal;
  tenant: Tenant;
  /** Set at receivers (adapters) when the request carries the platform's call token: what it was signed for. */
  call?: VerifiedCall;
}

/** The claims of a verified call token (docs/auth.md, "Calls to receivers"). */
export interface VerifiedCall {
  purpose: string;
  orderId: string;
  url: string;
  htm: string;
  bodySha256: string;
  jti: string;
}

/** Claims carried in the JWT payload besides the registered ones (sub, iss, aud, exp). */
export interface TokenClaims {
  merchant: string;
  channels: string[];
  role: Role;
  adapterId?: string;
  orderId?: string;
}
