import type { SandboxManifest } from '../shared/sandbox-manifest.js';
import { settingValue } from '../../platform/env/env.config.js';
import { createProviderBSandbox, PROVIDER_B_SANDBOX_PORT } from './provider-b-sandbox.app.js';
import { CALLBACK_TIMEOUT } from './provider-b-sandbox.settings.js';

const NAME = 'provider_b_sandbox';

/** Provider B's sandbox as the catalogue and the sandbox runner see it (sandboxes/shared/sandbox-manifest.ts). */
export const providerBSandboxManifest: SandboxManifest = {
  name: NAME,
  port: PROVIDER_B_SANDBOX_PORT,
  settings: [CALLBACK_TIMEOUT],
  create: ({ logger, settings }) => createProviderBSandbox({ logger, callbackTimeoutMs: settingValue({ settings }, NAME, CALLBACK_TIMEOUT) }),
};
