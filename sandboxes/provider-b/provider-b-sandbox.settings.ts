import type { ServiceSetting } from '../../platform/env/env.config.js';

/** How long the purchase callback to the merchant waits for its answer. */
export const CALLBACK_TIMEOUT_MS = 5_000;
export const CALLBACK_TIMEOUT: ServiceSetting = { env: 'PROVIDER_B_SANDBOX_CALLBACK_TIMEOUT_MS', key: 'callbackTimeoutMs', kind: 'timeout', default: CALLBACK_TIMEOUT_MS, description: "Provider B's sandbox calling the merchant (the purchase callback)" };
