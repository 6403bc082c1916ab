import type { SandboxManifest } from '../shared/sandbox-manifest.js';
import { settingValue } from '../../platform/env/env.config.js';
import { createProviderCSandbox, PROVIDER_C_SANDBOX_PORT } from './provider-c-sandbox.app.js';
import { CALLBACK_TIMEOUT } from './provider-c-sandbox.settings.js';

const NAME = 'provider_c_sandbox';

/** Provider C's sandbox as the catalogue and the sandbox runner see it (sandboxes/shared/sandbox-manifest.ts). */
export const providerCSandboxManifest: SandboxManifest = {
  name: NAME,
  port: PROVIDER_C_SANDBOX_PORT,
  settings: [CALLBACK_TIMEOUT],
  create: ({ logger, settings }) => createProviderCSandbox({ logger, callbackTimeoutMs: settingValue({ settings }, NAME, CALLBACK_TIMEOUT) }),
};
