import type { SandboxManifest } from '../shared/sandbox-manifest.js';
import { createGiftCardSandbox, GIFTCARD_SANDBOX_PORT } from './gift-card-sandbox.app.js';

/** The gift card system's sandbox as the catalogue and the sandbox runner see it (sandboxes/shared/sandbox-manifest.ts). */
export const giftCardSandboxManifest: SandboxManifest = {
  name: 'giftcard_sandbox',
  port: GIFTCARD_SANDBOX_PORT,
  create: ({ logger }) => createGiftCardSandbox({ logger }),
};
