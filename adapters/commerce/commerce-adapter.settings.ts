import type { ServiceSetting } from '../kit/provider-manifest.js';

/** The adapter's calls to the commerce platform's API. */
export const PLATFORM_TIMEOUT: ServiceSetting = { env: 'COMMERCE_PLATFORM_TIMEOUT_MS', key: 'platformTimeoutMs', kind: 'timeout', default: 8_000, description: "The commerce adapter calling the commerce platform's API" };
/** The adapter's token requests to the commerce platform's identity service. */
export const IDENTITY_TIMEOUT: ServiceSetting = { env: 'COMMERCE_IDENTITY_TIMEOUT_MS', key: 'identityTimeoutMs', kind: 'timeout', default: 5_000, description: "The commerce adapter calling the commerce platform's identity service" };
