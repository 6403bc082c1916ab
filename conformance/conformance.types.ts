import type { TokenClaims } from '../platform/auth/principal.js';
import type { CallSigner } from '../platform/outbound/call-signer.js';

/** The adapter under test and where it is configured. */
export interface ConformanceTarget {
  /** The `{adapter_url}` of the spec's contract: payments are at `{adapterUrl}/orders/{order_id}/payments`. */
  adapterUrl: string;
  adapterId: string;
  /** A merchant and channel where the adapter is configured (and active). */
  tenant: { merchant: string; channel: string };
  /** The create request's body, when the adapter needs one (a gift card: `{cardId}`); default none. */
  createBody?: unknown;
}

/**
 * What the run needs of the platform: its addresses, tokens of each role (an operator's
 * privilege, like `npm run token`) and its call signer, to act as the platform towards the adapter.
 */
export interface PlatformAccess {
  urls: { order: string; payment: string };
  token(claims: TokenClaims): Promise<string>;
  signer: CallSigner;
}

export type CheckStatus = 'pass' | 'fail' | 'skip';

export interface CheckResult {
  name: string;
  status: CheckStatus;
  detail?: string;
}

/** A check's verdict other than a pass: thrown from inside a check. */
export class CheckFailure extends Error {}
export class CheckSkipped extends Error {}
