import type { ServiceSetting } from '../kit/provider-manifest.js';

/** The adapter's calls to provider A's API. */
export const API_TIMEOUT: ServiceSetting = { env: 'PROVIDER_A_API_TIMEOUT_MS', key: 'apiTimeoutMs', kind: 'timeout', default: 10_000, description: "Provider A's adapter calling the provider's API" };
