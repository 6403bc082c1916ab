import type { ServiceSetting } from '../../platform/env/env.config.js';

/** How long a call to the merchant (the validation callback, the checkout push) waits for its answer. */
export const CALLBACK_TIMEOUT_MS = 5_000;
export const CALLBACK_TIMEOUT: ServiceSetting = { env: 'PROVIDER_C_SANDBOX_CALLBACK_TIMEOUT_MS', key: 'callbackTimeoutMs', kind: 'timeout', default: CALLBACK_TIMEOUT_MS, description: "Provider C's sandbox calling the merchant (validation and pushes)" };
