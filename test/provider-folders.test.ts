import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

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

  it('provider C is named outside its folders, docs and tests by the service catalogue at most', () => {
    // `providerC…` spelled as a word (ProviderCall, ProviderChoice are not provider C).
    const named = namedOutside('provider[ _-]?c\\b|provider[_-]c|providerc(adapter|sandbox|frontend|api|checkout|manifest)', ['adapters/provider-c', 'sandboxes/provider-c']);
    expect(named.filter((file) => file !== 'app/service.catalogue.ts')).toEqual([]);
  });

  it('the check sees a provider named elsewhere (it can fail)', () => {
    // Provider A is not on a manifest yet: it is named in the shared modules.
    expect(namedOutside('provider[ _-]?a\\b|provider[_-]?a', ['adapters/provider-a', 'sandboxes/provider-a']).length).toBeGreaterThan(1);
  });
});
