import type { SandboxManifest } from '../shared/sandbox-manifest.js';
import { createProviderASandbox, PROVIDER_A_SANDBOX_PORT } from './provider-a-sandbox.app.js';

/** Provider A's sandbox as the catalogue and the sandbox runner see it (sandboxes/shared/sandbox-manifest.ts). */
export const providerASandboxManifest: SandboxManifest = {
  name: 'provider_a_sandbox',
  port: PROVIDER_A_SANDBOX_PORT,
  create: ({ logger }) => createProviderASandbox({ logger }),
};
