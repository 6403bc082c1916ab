import type { ServiceSetting } from '../kit/provider-manifest.js';

/** The adapter's calls to the gift card system. */
export const SYSTEM_TIMEOUT: ServiceSetting = { env: 'GIFT_CARD_SYSTEM_TIMEOUT_MS', key: 'systemTimeoutMs', kind: 'timeout', default: 3_000, description: 'The gift card adapter calling the gift card system' };
