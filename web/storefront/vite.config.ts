// Inside this repository the app builds on the checkout client's TypeScript sources: the package's
// exports carry a "@checkout-platform/source" condition for that (tsconfig.json's customConditions
// says the same to tsc), so no build of the package comes first. An app outside the repository
// gets the package's built dist/ (web/checkout-client/README.md).
import { defaultClientConditions, defineConfig } from 'vite';

export default defineConfig({ resolve: { conditions: ['@checkout-platform/source', ...defaultClientConditions] } });
