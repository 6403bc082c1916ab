import type { SandboxManifest } from '../shared/sandbox-manifest.js';
import { settingValue } from '../../platform/env/env.config.js';
import { createProviderASandbox, PROVIDER_A_SANDBOX_PORT } from './provider-a-sandbox.app.js';
import { CALL_TIMEOUT } from './provider-a-sandbox.settings.js';

const NAME = 'provider_a_sandbox';

/** Provider A's sandbox as the catalogue and the sandbox runner see it (sandboxes/shared/sandbox-manifest.ts). */
export const providerASandboxManifest: SandboxManifest = {
  name: NAME,
  port: PROVIDER_A_SANDBOX_PORT,
  settings: [CALL_TIMEOUT],
  create: ({ logger, settings }) => createProviderASandbox({ logger, merchantCalls: { callTimeoutMs: settingValue({ settings }, NAME, CALL_TIMEOUT)! } }),
};
