import type { ServiceSetting } from '../../platform/env/env.config.js';
import { DEFAULT_MERCHANT_CALL_SETTINGS } from './merchant-calls.js';

/** How long each of the sandbox's calls to the merchant (validation, shipping-option update, push, fraud-risk notification) waits for its answer. */
export const CALL_TIMEOUT: ServiceSetting = {
  env: 'PROVIDER_A_SANDBOX_CALL_TIMEOUT_MS',
  key: 'callTimeoutMs',
  kind: 'timeout',
  default: DEFAULT_MERCHANT_CALL_SETTINGS.callTimeoutMs,
  description: "Provider A's sandbox calling the merchant (validation, shipping-option update, push, fraud-risk notification)",
};
