import type { ServiceSetting } from '../kit/provider-manifest.js';

/** The adapter's calls to provider D's API. */
export const API_TIMEOUT: ServiceSetting = { env: 'PROVIDER_D_API_TIMEOUT_MS', key: 'apiTimeoutMs', kind: 'timeout', default: 10_000, description: "Provider D's adapter calling the provider's API" };
