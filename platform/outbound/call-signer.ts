import type { Tenant } from '../auth/principal.js';
import { CALL_TOKEN_LIFETIME_S, sha256Hex, signCallToken, type CallPurpose } from '../auth/platform-tokens.js';
import { platformSigningKey, type PlatformSigningKey } from '../auth/signing-key.js';
import type { PlatformConfig } from '../env/env.config.js';

/** One outgoing call to a receiver, as it will be sent. */
export interface OutgoingCall {
  tenant: Tenant;
  /** The adapter the hook, validation, notification or payment belongs to; none for other receivers. */
  receiver: string | undefined;
  orderId: string;
  purpose: CallPurpose;
  method: string;
  url: string;
  /** The exact body text sent ('' when none). */
  body: string;
}

/** Notifications of a channel's `static_notifications` configuration belong to no adapter. */
const NOT_AN_ADAPTER = new Set(['static_notifications']);

/**
 * Signs every call the platform makes to a receiver (hooks, validations, notifications,
 * amountChanged, payment lifecycle callbacks) with a fresh call token: audience = that receiver,
 * bound to the order, the purpose, the URL, the method and the body, valid for seconds. A
 * receiver that captures one holds nothing it can use elsewhere (docs/auth.md).
 */
export class CallSigner {
  /** The last body hashed and its hash: the hooks of one change (and an order's validations) are sent one body text. */
  private lastBody: string | undefined;
  private lastBodySha256 = '';

  constructor(
    private readonly key: () => Promise<PlatformSigningKey>,
    private readonly lifetimeS = CALL_TOKEN_LIFETIME_S,
  ) {}

  /** The headers of one call: a call token, and the tenant it acts in. */
  async headersFor(call: OutgoingCall): Promise<Record<string, string>> {
    if (call.body !== this.lastBody) {
      this.lastBodySha256 = sha256Hex(call.body);
      this.lastBody = call.body;
    }
    const bodySha256 = this.lastBodySha256;
    const token = await signCallToken(
      await this.key(),
      {
        aud: call.receiver && !NOT_AN_ADAPTER.has(call.receiver) ? call.receiver : new URL(call.url).origin,
        merchant: call.tenant.merchant,
        channel: call.tenant.channel,
        orderId: call.orderId,
        purpose: call.purpose,
        url: call.url,
        htm: call.method.toUpperCase(),
        bodySha256,
      },
      this.lifetimeS,
    );
    return { authorization: `Bearer ${token}`, 'x-merchant': call.tenant.merchant, 'x-channel': call.tenant.channel };
  }
}

/** The signer of a platform service: its configured (or local) key pair. */
export function callSignerFor(config: Pick<PlatformConfig, 'auth' | 'dataDir'>): CallSigner {
  let key: Promise<PlatformSigningKey> | undefined;
  return new CallSigner(() => (key ??= platformSigningKey({ signingKey: config.auth.signingKey, dataDir: config.dataDir })));
}
