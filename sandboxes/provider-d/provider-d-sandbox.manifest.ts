import type { SandboxManifest } from '../shared/sandbox-manifest.js';
import { settingValue } from '../../platform/env/env.config.js';
import { createProviderDSandbox, PROVIDER_D_SANDBOX_PORT } from './provider-d-sandbox.app.js';
import { PENDING_SETTLE, WEBHOOK_TIMEOUT } from './provider-d-sandbox.settings.js';

const NAME = 'provider_d_sandbox';

/** Provider D's sandbox as the catalogue and the sandbox runner see it (sandboxes/shared/sandbox-manifest.ts). */
export const providerDSandboxManifest: SandboxManifest = {
  name: NAME,
  port: PROVIDER_D_SANDBOX_PORT,
  settings: [WEBHOOK_TIMEOUT, PENDING_SETTLE],
  create: ({ logger, settings }) => {
    const pendingSettleMs = settingValue({ settings }, NAME, PENDING_SETTLE);
    return createProviderDSandbox({ logger, webhookTimeoutMs: settingValue({ settings }, NAME, WEBHOOK_TIMEOUT), ...(pendingSettleMs === undefined ? {} : { pendingSettleMs }) });
  },
};
