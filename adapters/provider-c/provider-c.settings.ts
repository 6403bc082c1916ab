import type { ServiceSetting } from '../kit/provider-manifest.js';

/** The adapter's calls to provider C's merchant API. */
export const API_TIMEOUT: ServiceSetting = { env: 'PROVIDER_C_API_TIMEOUT_MS', key: 'apiTimeoutMs', kind: 'timeout', default: 5_000, description: "Provider C's adapter calling the provider's API" };
