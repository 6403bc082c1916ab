import type { ServiceSetting } from '../../platform/env/env.config.js';

/** How long a webhook delivery waits for the merchant's answer. */
export const WEBHOOK_TIMEOUT_MS = 5_000;
export const WEBHOOK_TIMEOUT: ServiceSetting = { env: 'PROVIDER_D_SANDBOX_WEBHOOK_TIMEOUT_MS', key: 'webhookTimeoutMs', kind: 'timeout', default: WEBHOOK_TIMEOUT_MS, description: "Provider D's sandbox delivering a webhook to the merchant" };
/** A pending payment is authorised by itself after this long (unset: the sandbox's 10 s; 0 = only when told, `…/settle`). */
export const PENDING_SETTLE: ServiceSetting = { env: 'PROVIDER_D_SANDBOX_PENDING_SETTLE_MS', key: 'pendingSettleMs', kind: 'milliseconds', description: "Provider D's sandbox authorising a pending payment by itself (0: only when told)" };
