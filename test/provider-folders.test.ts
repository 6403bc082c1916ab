import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { PROVIDERS } from '../app/service.catalogue.js';
import type { ProviderEntry } from '../app/provider.rows.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const read = (file: string) => readFileSync(`${ROOT}/${file}`, 'utf8');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A provider as its catalogue row makes it: its folders (the adapter's is where its manifest's schema is; the sandbox's has the same name), its service names and settings. */
interface Provider {
  folder: string;
  adapterFolder: string;
  sandboxFolder: string | undefined;
  entry: ProviderEntry;
  serviceNames: string[];
}

const providers: Provider[] = PROVIDERS.map((entry) => {
  const adapterFolder = relative(ROOT, dirname(fileURLToPath(entry.adapter.schemaFile))).split('\\').join('/');
  const folder = basename(adapterFolder);
  return {
    folder,
    adapterFolder,
    sandboxFolder: entry.sandbox ? `sandboxes/${folder}` : undefined,
    entry,
    serviceNames: [entry.adapter.id, ...(entry.sandbox ? [entry.sandbox.name] : [])],
  };
});

/**
 * How a provider's folder name (`provider-a`, `acme-pay`) is spelled in code and prose: its words
 * joined by `-`, `_`, a space or nothing (`provider-a`, `PROVIDER_A`, `Provider A`), or in camel
 * case (`providerA`, `ProviderAAdapter`) — never as the start of a longer word (`provider-error`,
 * `ProviderAddress`, `ProviderCall`): no letter or digit may follow the last word, nor (camel case)
 * a lower-case letter.
 */
export function spellingsOf(folder: string): RegExp[] {
  const words = folder.split('-');
  const camel = words.map((word, index) => (index === 0 ? `[${word[0]!.toLowerCase()}${word[0]!.toUpperCase()}]${escape(word.slice(1))}` : `${escape(word[0]!.toUpperCase())}${escape(word.slice(1))}`)).join('');
  return [new RegExp(`(?<![a-z0-9])${words.map(escape).join('[-_ ]?')}(?![a-z0-9])`, 'i'), new RegExp(`(?<![A-Za-z0-9])${camel}(?![a-z0-9])`)];
}

/** Files git tracks, outside `excluded` folders, the docs and the tests (README.md and .env.example are docs): the code. */
function codeFiles(excluded: readonly string[]): string[] {
  const outside = [...excluded, 'docs', 'test'].map((folder) => `:(exclude)${folder}`);
  return execFileSync('git', ['ls-files', '--', '.', ...outside, ':(exclude)*.test.ts', ':(exclude)README.md', ':(exclude).env.example', ':(exclude)*.json', ':(exclude)*.md'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file && existsSync(`${ROOT}/${file}`));
}

/** The code files that name one of `patterns`. */
function namedIn(files: readonly string[], patterns: readonly RegExp[]): string[] {
  return files.filter((file) => {
    const text = read(file);
    return patterns.some((pattern) => pattern.test(text));
  });
}

/**
 * Providers whose folder names are the platform's own vocabulary ("commerce", "gift card", the
 * non-PSP payments) are looked for by their service names only (`commerce_adapter`, …); besides
 * the catalogue, only the places listed here may name those, each for a reason of its own. Every
 * other provider, a new one included, is named by nothing outside its folders but the catalogue.
 */
const PLATFORM_CONTRACTS: Readonly<Record<string, readonly string[]>> = {
  // The storefront API's createOrderFromBasket, updateCartItem, refreshOrder and shipping go to the commerce adapter
  // (public contracts); the platform's start-up seeds a demo basket in its sandbox (app/main.ts, the demo data, the
  // storefront's demo basket); its API document's title; an example variable name.
  commerce: ['app/demo/demo-data.ts', 'app/main.ts', 'platform/env/env.config.ts', 'platform/http/api-docs.plugin.ts', 'subgraphs/adapter/adapter-actions.usecase.ts', 'subgraphs/adapter/storefront-options.usecase.ts', 'web/storefront/server/storefront.service.ts'],
  // addGiftCard goes to the gift card adapter (a public contract); the start-up seeds a demo card in its sandbox; its API document's title.
  giftcard: ['app/demo/demo-data.ts', 'app/main.ts', 'platform/http/api-docs.plugin.ts', 'subgraphs/adapter/adapter-actions.usecase.ts', 'web/storefront/server/storefront.service.ts'],
  // The demo's instructions pay with it; its API document's title.
  nonpsp: ['app/demo/demo-data.ts', 'platform/http/api-docs.plugin.ts'],
};

const CATALOGUE = 'app/service.catalogue.ts';
const servicePatterns = (names: readonly string[]) => names.map((name) => new RegExp(`(?<![A-Za-z0-9_])${escape(name)}(?![A-Za-z0-9_])`, 'i'));

describe('the providers are the catalogue’s PROVIDERS', () => {
  it('every provider of PROVIDERS is checked here, each with its own adapter folder and (when it has a sandbox) sandbox folder', () => {
    expect(providers.length).toBe(PROVIDERS.length);
    expect(new Set(providers.map((provider) => provider.folder)).size).toBe(providers.length);
    for (const provider of providers) {
      expect(provider.adapterFolder).toBe(`adapters/${provider.folder}`);
      if (provider.sandboxFolder) expect({ folder: provider.sandboxFolder, exists: existsSync(`${ROOT}/${provider.sandboxFolder}`) }).toEqual({ folder: provider.sandboxFolder, exists: true });
    }
  });
});

describe('a provider is its folders plus one catalogue row (docs/adapter-kit.md, "The provider manifest")', () => {
  for (const provider of providers) {
    const folders = [provider.adapterFolder, ...(provider.sandboxFolder ? [provider.sandboxFolder] : [])];
    const allowed = PLATFORM_CONTRACTS[provider.folder];
    // Benchmarks drive a journey through the platform's adapters' public routes, as the tests do.
    const excluded = allowed ? [...folders, 'bench'] : folders;
    const patterns = allowed ? servicePatterns(provider.serviceNames) : [...spellingsOf(provider.folder), ...servicePatterns(provider.serviceNames)];
    it(`${provider.folder} (${provider.serviceNames.join(', ')}) is named outside its folders, docs and tests by the service catalogue${allowed ? ' and the listed places' : ''} at most`, () => {
      const named = namedIn(codeFiles(excluded), patterns);
      expect(named.filter((file) => file !== CATALOGUE && !(allowed ?? []).includes(file))).toEqual([]);
    });
  }

  it('the spelling matches the provider and nothing that only starts like it', () => {
    const [separated, camel] = spellingsOf('provider-e');
    const matches = (text: string) => separated!.test(text) || camel!.test(text);
    for (const text of ['provider-e', 'PROVIDER_E_API_TIMEOUT_MS', 'provider_e_checkout_adapter', 'Provider E', 'providerEManifest', 'ProviderEAdapter', "'./provider-e/x.js'"]) expect({ text, matches: matches(text) }).toEqual({ text, matches: true });
    for (const text of ['provider-error.ts', 'ProviderError', 'providerEvents', 'provider_errors', 'provider-e2', 'myprovider-e', 'ProviderEntry']) expect({ text, matches: matches(text) }).toEqual({ text, matches: false });
  });

  it('the check sees a provider named elsewhere (it can fail)', () => {
    // Provider A's sandbox names it: left out of the folders, its files are found.
    expect(namedIn(codeFiles(['adapters/provider-a']), spellingsOf('provider-a'))).toContain('sandboxes/provider-a/provider-a-sandbox.app.ts');
  });
});

/** The lines a provider needs in README.md, .env.example and the docs: what each says of it, derived from its manifests. */
function missingLines(provider: Provider, files: { readme: string; envExample: string; sandboxesDoc: string }): string[] {
  const { adapter, sandbox } = provider.entry;
  const missing: string[] = [];
  const need = (found: boolean, what: string) => void (found || missing.push(what));
  const page = `docs/adapters/${provider.folder}.md`;
  const settings = [...(adapter.settings ?? []), ...(sandbox?.settings ?? [])];
  const adapterEnv = adapter.env ?? adapter.id.toUpperCase();

  need(existsSync(`${ROOT}/${page}`), `${page} (its page)`);
  // README.md: its row in "Ports" (port and page), its port variable, its settings under "Environment".
  need(new RegExp(`^\\|[^|]*\\| ${adapter.port} \\|.*\\(${escape(page)}\\)`, 'm').test(files.readme), `README.md: a Ports row with ${adapter.port} linking ${page}`);
  need(files.readme.includes(`\`${adapter.id.toUpperCase()}_PORT\``), `README.md: \`${adapter.id.toUpperCase()}_PORT\``);
  if (sandbox) need(files.readme.includes(`\`${sandbox.name.toUpperCase()}_PORT\``), `README.md: \`${sandbox.name.toUpperCase()}_PORT\``);
  for (const setting of settings) need(files.readme.includes(`\`${setting.env}\``), `README.md: \`${setting.env}\``);
  // .env.example: its ports with their defaults, its address variables, its settings with their defaults.
  need(new RegExp(`^# ${adapter.id.toUpperCase()}_PORT=${adapter.port}$`, 'm').test(files.envExample), `.env.example: # ${adapter.id.toUpperCase()}_PORT=${adapter.port}`);
  need(new RegExp(`(?<![A-Z_])${adapterEnv}_URL(?![A-Z_])`).test(files.envExample), `.env.example: ${adapterEnv}_URL`);
  if (sandbox) {
    need(new RegExp(`^# ${sandbox.name.toUpperCase()}_PORT=${sandbox.port}$`, 'm').test(files.envExample), `.env.example: # ${sandbox.name.toUpperCase()}_PORT=${sandbox.port}`);
    need(new RegExp(`(?<![A-Z_])${sandbox.name.toUpperCase()}_URL(?![A-Z_])`).test(files.envExample), `.env.example: ${sandbox.name.toUpperCase()}_URL`);
    // docs/sandboxes.md: its section.
    need(new RegExp(`^## .*\\(port ${sandbox.port}\\)`, 'm').test(files.sandboxesDoc), `docs/sandboxes.md: a "## … (port ${sandbox.port})" section`);
  }
  for (const setting of settings) need(new RegExp(`^# ${setting.env}=${setting.default ?? ''}(\\s|$)`, 'm').test(files.envExample), `.env.example: # ${setting.env}=${setting.default ?? ''}`);
  return missing;
}

describe("every provider's README, .env.example and docs lines are there (derived from its manifests)", () => {
  const files = { readme: read('README.md'), envExample: read('.env.example'), sandboxesDoc: read('docs/sandboxes.md') };
  for (const provider of providers) {
    it(`${provider.folder}: its page, its README rows and variables, its .env.example lines${provider.entry.sandbox ? ', its sandbox section' : ''}`, () => {
      expect(missingLines(provider, files)).toEqual([]);
    });
  }

  it('a provider whose lines are missing fails (the check can fail)', () => {
    const [first] = providers.filter((provider) => provider.entry.sandbox && (provider.entry.adapter.settings ?? []).length > 0);
    const blank = missingLines(first!, { readme: '', envExample: '', sandboxesDoc: '' });
    expect(blank).toEqual(expect.arrayContaining([expect.stringMatching(/^README\.md: a Ports row/), expect.stringMatching(/^\.env\.example: # .*_PORT=/), expect.stringMatching(/^docs\/sandboxes\.md/)]));
    const renamed = { ...first!, folder: 'no-such-provider' };
    expect(missingLines(renamed, files)).toContain('docs/adapters/no-such-provider.md (its page)');
  });
});
