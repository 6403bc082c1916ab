import { describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
// @ts-expect-error -- a plain ES module without types (the lint's own code, eslint.config.js imports it)
import { parseLayering, projectLayering, rowOf, violation } from '../../scripts/lint/layering.js';
// @ts-expect-error -- as above
import { folderCycles, isException, relativeImports, sourceFiles } from '../../scripts/lint/folder-cycles.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Row { pattern: string; allowed: string[]; never: string[] }
interface Exception { since: string; file: string; target: string; why: string }
interface Layering { rows: Row[]; exceptions: Exception[] }
interface Import { file: string; specifier: string; target: string }

const layering = projectLayering() as Layering;

// The fixtures exist in no tsconfig: the type-aware rules (not under test here) are turned off.
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off', '@typescript-eslint/await-thenable': 'off' },
  },
});

/** The layering messages `npm run lint` gives for `code` placed (virtually) at `filePath`. */
async function layeringMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  expect(result!.messages.filter((message) => message.fatal)).toEqual([]);
  return result!.messages.filter((message) => message.ruleId === 'layering/allowed-imports').map((message) => message.message);
}

const staticImport = (specifier: string) => `import * as imported from '${specifier}';\nexport const used = imported;\n`;

/** A relative specifier from `filePath` to the repo path `target`. */
function relative(filePath: string, target: string): string {
  const up = filePath.split('/').length - 1;
  return `${'../'.repeat(up)}${target}`;
}

/** A concrete file inside a row's folder (first `*` → a real folder name), for planting. */
function fileIn(pattern: string): string {
  const concrete = pattern.replace('adapters/*/', 'adapters/nonpsp/').replace('subgraphs/*/', 'subgraphs/order/');
  return concrete.endsWith('/') ? `${concrete}planted/fixture.ts` : concrete;
}

/** A concrete target inside a "never" entry (not the planting file's own folder). */
function targetIn(entry: string, from: string): string {
  let concrete = entry.replace('adapters/*/', from.startsWith('adapters/giftcard/') ? 'adapters/nonpsp/' : 'adapters/giftcard/');
  concrete = concrete.replace('subgraphs/*/', 'subgraphs/order/');
  if (concrete === 'adapters/') concrete = 'adapters/giftcard/';
  if (concrete === 'subgraphs/') concrete = from.startsWith('subgraphs/payment/') ? 'subgraphs/configuration/' : 'subgraphs/payment/';
  return concrete.endsWith('/') ? `${concrete}planted.module.js` : concrete.replace(/\.ts$/, '.js');
}

describe('the layering table (docs/layering.md)', () => {
  it('parses: every row has a folder, every exception a date, a file and one target file', () => {
    expect(layering.rows.length).toBeGreaterThan(20);
    for (const exception of layering.exceptions) {
      expect(exception.since).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(exception.target).toMatch(/\.tsx?$/); // a file, never a folder
      expect(exception.why.length).toBeGreaterThan(3);
    }
    expect(() => parseLayering('## Layers\n\n| folder | may import | never |\n|---|---|---|\n| `a/` | — | — |\n')).toThrow(/Known exceptions/);
  });

  it('gives every linted source file outside the repo root a row', () => {
    const uncovered = (sourceFiles() as string[]).filter((file) => file.includes('/') && rowOf(layering.rows, file) === null);
    expect(uncovered).toEqual([]);
  });

  it('names only imports that exist (a row whose import is gone must be deleted)', () => {
    const imports = relativeImports() as Import[];
    const stale = layering.exceptions.filter((exception) => !imports.some((i) => isException({ ...layering, exceptions: [exception] }, i)));
    expect(stale).toEqual([]);
  });
});

describe('lint enforces the layering: every "never" of the table, planted', () => {
  const planted = layering.rows.flatMap((row) =>
    row.never.map((entry) => {
      const filePath = fileIn(row.pattern);
      const specifier = entry.startsWith('package:') ? (entry === 'package:*' ? 'node:fs' : entry.slice('package:'.length)) : relative(filePath, targetIn(entry, filePath));
      return [row.pattern, entry, filePath, specifier] as const;
    }),
  );

  it('plants at least one import per "never" entry', () => {
    expect(planted.length).toBeGreaterThanOrEqual(60);
  });

  it.each(planted)('%s never imports %s (%s → %s)', async (_row, _entry, filePath, specifier) => {
    expect(await layeringMessages(filePath, staticImport(specifier))).toHaveLength(1);
  });
});

describe('lint enforces the layering: the kinds of wrong import of issue 33', () => {
  // [what, file, code]
  it.each([
    ['an order subgraph file importing a concrete adapter', 'subgraphs/order/engine/planted.ts', staticImport('../../../adapters/giftcard/gift-card.domain.js')],
    ['the kit importing a concrete adapter', 'adapters/kit/planted.ts', staticImport('../provider-a/provider-a.client.js')],
    ['the storefront importing a subgraph', 'web/storefront/src/planted.ts', staticImport('../../../subgraphs/order/order.service.js')],
    ['the admin importing a subgraph', 'web/admin/src/planted.tsx', staticImport('../../../subgraphs/order/order.service.js')],
    ['the checkout client importing a subgraph', 'web/checkout-client/core/planted.ts', staticImport('../../../subgraphs/order/order.service.js')],
    ['a nested adapter reaching another with ../../', 'adapters/provider-c/nested/planted.ts', staticImport('../../provider-d/provider-d-api.client.js')],
    ['an adapter reaching another through the kit folder path', 'adapters/nonpsp/planted.ts', staticImport('../kit/../giftcard/gift-card.domain.js')],
    ['a dynamic import() of a subgraph from an adapter', 'adapters/giftcard/planted.ts', 'export async function load() { return import("../../subgraphs/order/order.service.js"); }\n'],
    ['a dynamic import() with a template literal', 'adapters/giftcard/planted.ts', 'export async function load() { return import(`../../subgraphs/payment/payment.service.js`); }\n'],
    ['a require() of a subgraph from an adapter', 'adapters/giftcard/planted.ts', 'declare const require: (id: string) => unknown;\nexport const order = require("../../subgraphs/order/order.service.js");\n'],
    ['a re-export of a subgraph from the kit', 'adapters/kit/planted.ts', "export { actorOf } from '../../subgraphs/order/rest/order.routes.js';\n"],
    ['an export * of a subgraph from the kit', 'adapters/kit/planted.ts', "export * from '../../subgraphs/payment/payment.rules.js';\n"],
    ['a type-only import of a subgraph from an adapter', 'adapters/giftcard/planted.ts', "import type { OrderService } from '../../subgraphs/order/order.service.js';\nexport type S = OrderService;\n"],
    ['the kit importing the order engine', 'adapters/kit/planted.ts', staticImport('../../subgraphs/order/engine/order-engine.js')],
    ['the kit importing platform/db', 'adapters/kit/planted.ts', staticImport('../../platform/db/prisma.client.js')],
    ['an adapter importing platform/db', 'adapters/provider-b/planted.ts', staticImport('../../platform/db/prisma.client.js')],
    ['the gateway importing app/', 'gateway/planted.ts', staticImport('../app/service.catalogue.js')],
    ['a subgraph importing a sandbox', 'subgraphs/payment/planted.ts', staticImport('../../sandboxes/provider-a/provider-a-sandbox.app.js')],
    ['a sandbox importing notifications', 'sandboxes/giftcard/planted.ts', staticImport('../../notifications/notification.worker.js')],
    ['the platform importing a subgraph', 'platform/env/planted.ts', staticImport('../../subgraphs/order/order.service.js')],
    ['the platform importing the kit', 'platform/http/planted.ts', staticImport('../../adapters/kit/index.js')],
    ['notifications importing the order engine (a new pair, not an exception)', 'notifications/planted.ts', staticImport('../subgraphs/order/engine/payment-callback.caller.js')],
    ['payment importing the order REST routes (a new file)', 'subgraphs/payment/planted.ts', staticImport('../order/rest/order.routes.js')],
    ['order importing payment (a new file)', 'subgraphs/order/planted.ts', staticImport('../payment/payment.rules.js')],
    ['contracts importing a package', 'contracts/planted.ts', staticImport('zod')],
    ['contracts importing the platform', 'contracts/planted.ts', staticImport('../platform/errors/app-error.js')],
    ["the checkout client's core importing React", 'web/checkout-client/core/planted.ts', staticImport('react')],
    ["the checkout client's core importing its React bindings", 'web/checkout-client/core/planted.ts', staticImport('../react/index.js')],
    ['the checkout client importing an app', 'web/checkout-client/react/planted.ts', staticImport('../../storefront/src/main.js')],
    ['a storefront talking GraphQL past the client', 'web/storefront/src/planted.ts', staticImport('@apollo/client')],
    ['the example storefront talking GraphQL past the client', 'web/checkout-example/src/planted.tsx', staticImport('graphql-ws')],
    ['the storefront importing the checkout client by path, not by its package name', 'web/storefront/src/planted.ts', staticImport('../../checkout-client/core/index.js')],
    ['the example app importing the client\'s React bindings by path', 'web/checkout-example/src/planted.tsx', staticImport('../../checkout-client/react/index.js')],
    ['a storefront page importing the platform', 'web/storefront/src/planted.ts', staticImport('../../../platform/errors/app-error.js')],
    ['a subgraph importing the gateway', 'subgraphs/order/planted.ts', staticImport('../../gateway/gateway.service.js')],
    ['a subgraph importing another subgraph it may not', 'subgraphs/configuration/planted.ts', staticImport('../payment/payment.service.js')],
    ['the composition root importing a test', 'app/planted.ts', staticImport('../test/harness/test-system.js')],
    ['an import leaving the repository', 'app/planted.ts', staticImport('../../elsewhere/x.js')],
  ])('%s', async (_what, filePath, code) => {
    expect(await layeringMessages(filePath, code)).toHaveLength(1);
  });

  it('the project has no known exception left (a new one needs a dated row, and this test changed on purpose)', () => {
    expect(layering.exceptions).toEqual([]);
  });

  it('an exception row lets through only its exact file → target pair', () => {
    const table = '| folder | may import | never |\n|---|---|---|\n| `gateway/` | `platform/` | `app/` |\n| `app/` | `*` | — |\n';
    const rows = '| since | file | imports | why |\n|---|---|---|---|\n| 2026-11-27 | `gateway/compose.cli.ts` | `app/service.catalogue.ts` | planted |\n';
    const planted = parseLayering(`## Layers\n\n${table}\n## Known exceptions\n\n${rows}`);
    expect(violation(planted, 'gateway/compose.cli.ts', '../app/service.catalogue.js')).toBeNull();
    expect(violation(planted, 'gateway/compose.cli.ts', '../app/system.js')).toMatch(/never imports app\//);
    expect(violation(planted, 'gateway/gateway.service.ts', '../app/service.catalogue.js')).toMatch(/never imports app\//);
  });
});

describe('lint enforces the layering: allowed imports pass', () => {
  it.each([
    ['adapters/nonpsp/fixture.ts', '../kit/index.js'],
    ['adapters/nonpsp/nested/fixture.ts', '../helper.js'],
    ['adapters/nonpsp/fixture.ts', '../../contracts/order.types.js'],
    ['adapters/nonpsp/fixture.ts', '../../platform/http-client/http-client.js'],
    ['adapters/nonpsp/fixture.ts', 'zod'],
    ['adapters/kit/fixture.ts', '../../platform/errors/app-error.js'],
    ['subgraphs/order/fixture.ts', '../../platform/errors/app-error.js'],
    ['subgraphs/order/fixture.ts', '../subgraph.catalog.js'],
    ['subgraphs/payment/fixture.ts', '../order/order-commands.usecase.js'],
    ['app/fixture.ts', '../subgraphs/order/order.service.js'],
    ['contracts/fixture.ts', './order.types.js'],
    ['web/storefront/src/fixture.ts', '@checkout-platform/checkout-client/react'],
    ['web/checkout-example/src/fixture.tsx', '@checkout-platform/checkout-client'],
    ['web/storefront/server/fixture.ts', '../../../platform/http/app.factory.js'],
    ['web/checkout-client/react/fixture.ts', '../core/index.js'],
    ['web/checkout-client/react/fixture.ts', 'react'],
    ['adapters/nonpsp/fixture.test.ts', '../../sandboxes/commerce/commerce-sandbox.app.js'],
    ['test/fixture.ts', '../subgraphs/order/order.service.js'],
  ])('%s may import %s', async (filePath, specifier) => {
    expect(await layeringMessages(filePath, staticImport(specifier))).toEqual([]);
  });
});

describe('folder-level cycles', () => {
  const imports = relativeImports() as Import[];

  it('none, counting every import (an exception row excuses no cycle; a new cycle fails here)', () => {
    expect(folderCycles(imports, layering)).toEqual([]);
  });

  it('finds a planted cycle', () => {
    const planted = [
      { file: 'sandboxes/a.ts', specifier: '../notifications/b.js', target: 'notifications/b.js' },
      { file: 'notifications/b.ts', specifier: '../sandboxes/a.js', target: 'sandboxes/a.js' },
    ];
    expect(folderCycles(planted, layering)).toEqual([['notifications/', 'sandboxes/']]);
  });
});
