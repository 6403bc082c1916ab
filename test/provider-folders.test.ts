import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { PROVIDERS } from '../app/service.catalogue.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The files outside a provider's folders, the docs and the tests that name it (`git grep -l`,
 * case-insensitive): README.md and .env.example are docs (they document the variables' names).
 */
function namedOutside(pattern: string, folders: readonly string[]): string[] {
  const outside = [...folders.map((folder) => `:(exclude)${folder}`), ':(exclude)docs', ':(exclude)test', ':(exclude)*.test.ts', ':(exclude)README.md', ':(exclude).env.example'];
  try {
    return execFileSync('git', ['grep', '-l', '-i', '-E', pattern, '--', '.', ...outside], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean).sort();
  } catch (error) {
    // git grep exits 1 when nothing matches.
    if ((error as { status?: number }).status === 1) return [];
    throw error;
  }
}

describe('a provider is its folders plus one catalogue row (docs/adapter-kit.md, "The manifest")', () => {
  it('provider D is named outside its folders, docs and tests by the service catalogue at most', () => {
    const named = namedOutside('provider[ _-]?d\\b|provider[_-]?d', ['adapters/provider-d', 'sandboxes/provider-d']);
    expect(named.filter((file) => file !== 'app/service.catalogue.ts')).toEqual([]);
  });

  it('provider A is named outside its folders, docs and tests by the service catalogue at most', () => {
    // `providerA…` spelled as a word (ProviderAddress, ProviderAnswer are not provider A).
    const named = namedOutside('provider[ _-]?a\\b|provider[_-]a|providera(adapter|sandbox|frontend|api|checkout|manifest)', ['adapters/provider-a', 'sandboxes/provider-a']);
    expect(named.filter((file) => file !== 'app/service.catalogue.ts')).toEqual([]);
  });

  it('provider B is named outside its folders, docs and tests by the service catalogue at most', () => {
    const named = namedOutside('provider[ _-]?b\\b|provider[_-]?b', ['adapters/provider-b', 'sandboxes/provider-b']);
    expect(named.filter((file) => file !== 'app/service.catalogue.ts')).toEqual([]);
  });

  it('provider C is named outside its folders, docs and tests by the service catalogue at most', () => {
    // `providerC…` spelled as a word (ProviderCall, ProviderChoice are not provider C).
    const named = namedOutside('provider[ _-]?c\\b|provider[_-]c|providerc(adapter|sandbox|frontend|api|checkout|manifest)', ['adapters/provider-c', 'sandboxes/provider-c']);
    expect(named.filter((file) => file !== 'app/service.catalogue.ts')).toEqual([]);
  });

  /**
   * The adapters that are not payment providers' (commerce, gift card) and the non-PSP adapter: by
   * their service names from the catalogue (`commerce_adapter`, `commerce_sandbox`, …; the words
   * "gift card" and "commerce" are the platform's own vocabulary). Besides the catalogue, only the
   * places listed here may name them, each for a reason of its own; a new place fails.
   */
  const PLATFORM_CONTRACTS: ReadonlyArray<{ id: string; folders: readonly string[]; allowed: readonly string[] }> = [
    // The storefront API's createOrderFromBasket, updateCartItem, refreshOrder and shipping go to the commerce adapter
    // (public contracts); the platform's start-up seeds a demo basket in its sandbox (app/main.ts, the demo data, the
    // storefront's demo basket); its API document's title; an example variable name.
    {
      id: 'commerce_adapter',
      folders: ['adapters/commerce', 'sandboxes/commerce'],
      allowed: ['app/demo/demo-data.ts', 'app/main.ts', 'platform/env/env.config.ts', 'platform/http/api-docs.plugin.ts', 'subgraphs/adapter/adapter-actions.usecase.ts', 'subgraphs/adapter/storefront-options.usecase.ts', 'web/storefront/server/storefront.service.ts'],
    },
    // addGiftCard goes to the gift card adapter (a public contract); the start-up seeds a demo card in its sandbox; its API document's title.
    {
      id: 'giftcard_adapter',
      folders: ['adapters/giftcard', 'sandboxes/giftcard'],
      allowed: ['app/demo/demo-data.ts', 'app/main.ts', 'platform/http/api-docs.plugin.ts', 'subgraphs/adapter/adapter-actions.usecase.ts', 'web/storefront/server/storefront.service.ts'],
    },
    // The demo's instructions pay with it; its API document's title.
    { id: 'nonpsp_adapter', folders: ['adapters/nonpsp'], allowed: ['app/demo/demo-data.ts', 'platform/http/api-docs.plugin.ts'] },
  ];

  for (const { id, folders, allowed } of PLATFORM_CONTRACTS) {
    // Its service names as the catalogue has them.
    const { adapter, sandbox } = PROVIDERS.find((provider) => provider.adapter.id === id)!;
    const names = [adapter.id, ...(sandbox ? [sandbox.name] : [])];
    it(`${names.join(' and ')}: named outside their folders, docs, tests and benchmarks by the service catalogue and the listed places at most`, () => {
      // Benchmarks drive a journey through the adapters' public routes, as the tests do.
      const named = namedOutside(names.join('|'), [...folders, 'bench']);
      expect(named.filter((file) => file !== 'app/service.catalogue.ts' && !allowed.includes(file))).toEqual([]);
    });
  }

  it('the check sees a provider named elsewhere (it can fail)', () => {
    // Provider A's sandbox names it: left out of the folders, its files are found.
    expect(namedOutside('provider[ _-]?a\\b|provider[_-]a|providera(adapter|sandbox|frontend|api|checkout|manifest)', ['adapters/provider-a'])).toContain('sandboxes/provider-a/provider-a-sandbox.app.ts');
  });
});
