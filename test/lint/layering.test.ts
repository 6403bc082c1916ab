import { describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The layering is the project's lint config, run as `npm run lint` runs it, on fixture sources
 * placed (virtually) in each folder: a forbidden import fails, an allowed one passes.
 */
async function restrictedImports(filePath: string, specifier: string): Promise<string[]> {
  // The fixtures exist in no tsconfig: the type-aware rules (not under test here) are turned off.
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false } },
      rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off', '@typescript-eslint/await-thenable': 'off' },
    },
  });
  const [result] = await eslint.lintText(`import * as imported from '${specifier}';\nexport const used = imported;\n`, { filePath });
  expect(result!.messages.filter((message) => message.fatal)).toEqual([]);
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('lint enforces the layering', () => {
  it.each([
    ['platform/env/fixture.ts', '../../subgraphs/order/order.service.js', /platform\/ is the bottom layer/],
    ['platform/fixture.ts', '../app/service.catalogue.js', /platform\/ is the bottom layer/],
    ['platform/http/fixture.ts', '../../adapters/kit/index.js', /platform\/ is the bottom layer/],
    ['adapters/nonpsp/fixture.ts', '../../subgraphs/order/order.service.js', /An adapter imports only the kit/],
    ['adapters/nonpsp/fixture.ts', '../../platform/errors/app-error.js', /from adapters\/kit\/platform.ts/],
    ['adapters/nonpsp/fixture.ts', '../giftcard/gift-card.domain.js', /does not import another adapter/],
    ['sandboxes/giftcard/fixture.ts', '../../adapters/giftcard/gift-card.domain.js', /Sandboxes stand in/],
    ['sandboxes/fixture.ts', '../subgraphs/order/order.service.js', /Sandboxes stand in/],
    ['subgraphs/order/fixture.ts', '../../gateway/gateway.service.js', /never import the gateway/],
  ])('%s may not import %s', async (filePath, specifier, message) => {
    const messages = await restrictedImports(filePath, specifier);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(message);
  });

  it.each([
    ['adapters/nonpsp/fixture.ts', '../kit/index.js'],
    ['adapters/nonpsp/fixture.ts', '../../contracts/order.types.js'],
    ['adapters/nonpsp/fixture.ts', '../../platform/http-client/http-client.js'],
    ['adapters/kit/fixture.ts', '../../platform/errors/app-error.js'],
    ['subgraphs/order/fixture.ts', '../../platform/errors/app-error.js'],
    ['app/fixture.ts', '../subgraphs/order/order.service.js'],
    ['adapters/nonpsp/fixture.test.ts', '../../sandboxes/commerce/commerce-sandbox.app.js'],
  ])('%s may import %s', async (filePath, specifier) => {
    expect(await restrictedImports(filePath, specifier)).toEqual([]);
  });
});
