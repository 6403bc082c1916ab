import type { SandboxManifest } from '../shared/sandbox-manifest.js';
import { COMMERCE_SANDBOX_PORT, createCommerceSandbox } from './commerce-sandbox.app.js';

/** The commerce platform's sandbox as the catalogue and the sandbox runner see it (sandboxes/shared/sandbox-manifest.ts). */
export const commerceSandboxManifest: SandboxManifest = {
  name: 'commerce_sandbox',
  port: COMMERCE_SANDBOX_PORT,
  create: ({ logger }) => createCommerceSandbox({ logger }),
};
