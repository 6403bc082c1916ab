import type { Principal } from './principal.js';
import { REVERIFY_MS } from './token-recheck.js';

/**
 * Tokens this process verified lately, by their exact text: a storefront sends the same token
 * with every request, and over the gateway's HTTP path each request is verified at the gateway
 * and again at every subgraph it reaches. A token is remembered until its `exp` or `ttlMs` after
 * it was verified, whichever comes first (so a key withdrawn from a JWKS stops being honoured
 * within `ttlMs`: by default the 30 s a subscription trusts a signature, token-recheck.ts); only
 * accepted tokens are remembered; bounded, the oldest first out.
 */
export class VerifiedTokenCache {
  private readonly entries = new Map<string, { principal: Principal; until: number }>();

  constructor(
    private readonly max = 10_000,
    private readonly ttlMs = REVERIFY_MS,
  ) {}

  /** The principal of a token verified before and still valid now, as a fresh copy. */
  get(token: string, now = Date.now()): Principal | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (now >= entry.until) {
      this.entries.delete(token);
      return undefined;
    }
    return { ...entry.principal, channels: [...entry.principal.channels] };
  }

  /** Remembers a token just verified; `exp` is its claim (seconds since the epoch), if any. */
  set(token: string, principal: Principal, exp: number | undefined, now = Date.now()): void {
    const until = Math.min(now + this.ttlMs, exp === undefined ? Infinity : exp * 1000);
    if (until <= now) return;
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { principal: { ...principal, channels: [...principal.channels] }, until });
  }
}
