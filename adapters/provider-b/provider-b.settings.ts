import type { ServiceSetting } from '../kit/provider-manifest.js';

/** The adapter's calls to provider B's partner API. */
export const API_TIMEOUT: ServiceSetting = { env: 'PROVIDER_B_API_TIMEOUT_MS', key: 'apiTimeoutMs', kind: 'timeout', default: 5_000, description: "Provider B's adapter calling the provider's API" };
