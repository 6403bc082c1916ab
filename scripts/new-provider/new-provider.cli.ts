/**
 * `npm run new-provider -- <name> [--kind payment|giftcard] [--flow redirect|embedded]`: writes a
 * new provider's folders (adapter and sandbox), its docs page, its catalogue row and its README /
 * .env.example / docs/sandboxes.md lines, so that it passes typecheck, lint, the structure test
 * and conformance as written. Refuses (exit 2, nothing written) a name that is not kebab-case or
 * already taken, an unknown kind or flow, and a flow for a gift card system (it has none).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { KEBAB_CASE, providerNames } from './provider-names.js';
import { adapterFiles } from './templates/adapter.template.js';
import { docsPage, giftcardDocsPage, giftcardSandboxSection, sandboxSection } from './templates/docs.template.js';
import { giftcardAdapterFiles } from './templates/giftcard-adapter.template.js';
import { giftcardSandboxFiles } from './templates/giftcard-sandbox.template.js';
import { sandboxFiles } from './templates/sandbox.template.js';
import { catalogueEdit, envExampleEdit, readmeEdit } from './templates/shared-lines.edit.js';
import type { ScaffoldFile, TemplateContext } from './templates/template-context.js';

const USAGE = 'usage: npm run new-provider -- <name> [--kind payment|giftcard] [--flow redirect|embedded]';
/** Folder names the kit and the sandboxes' shared code hold. */
const RESERVED = new Set(['kit', 'shared']);
const DEFAULT_API_TIMEOUT_MS = 10_000;

class Refusal extends Error {}

/** The files to write and the files to change, all computed before anything is written. */
async function plan(root: string, argv: string[]): Promise<{ context: TemplateContext; files: ScaffoldFile[] }> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { kind: { type: 'string', default: 'payment' }, flow: { type: 'string', default: 'redirect' } } });
  } catch (error) {
    throw new Refusal(`${(error as Error).message}\n${USAGE}`);
  }
  const [name, ...extra] = parsed.positionals;
  if (!name || extra.length > 0) throw new Refusal(USAGE);
  if (!KEBAB_CASE.test(name)) throw new Refusal(`"${name}" is not kebab-case: lower-case letters and digits in words joined by single hyphens, starting with a letter (e.g. acme-pay).`);
  const { kind, flow } = parsed.values;
  const flowGiven = argv.some((arg) => arg === '--flow' || arg.startsWith('--flow='));
  if (kind !== 'payment' && kind !== 'giftcard') throw new Refusal(`--kind must be payment or giftcard, not "${kind}".`);
  if (flow !== 'redirect' && flow !== 'embedded') throw new Refusal(`--flow must be redirect or embedded, not "${flow}".`);
  if (kind === 'giftcard' && flowGiven) throw new Refusal('--flow is for payment providers only: a gift card system has no shopper flow of its own (the shopper types the card into the checkout; the adapter checks, reserves, commits and releases it). Leave --flow out with --kind giftcard.');

  const names = providerNames(name);
  const taken = [`adapters/${name}`, `sandboxes/${name}`, `docs/adapters/${name}.md`].filter((path) => existsSync(join(root, path)));
  if (RESERVED.has(name)) taken.push(`${name} (reserved)`);
  if (taken.length > 0) throw new Refusal(`A provider named "${name}" exists already: ${taken.join(', ')}.`);
  // The catalogue is read only now: loading it loads every service's code (seconds), and a refusal above needs none of it.
  const { CATALOGUE } = await import('../../app/service.catalogue.js');
  const services = CATALOGUE.map((entry) => entry.name);
  for (const service of [names.adapterId, names.sandboxName]) if (services.includes(service)) taken.push(`service ${service}`);
  if (taken.length > 0) throw new Refusal(`A provider named "${name}" exists already: ${taken.join(', ')}.`);

  const portsOf = (kinds: string[]) => CATALOGUE.filter((entry) => kinds.includes(entry.kind)).map((entry) => entry.port);
  const context: TemplateContext = {
    names,
    kind,
    flow,
    adapterPort: Math.max(...portsOf(['adapter'])) + 1,
    sandboxPort: Math.max(...portsOf(['sandbox'])) + 1,
    apiTimeoutMs: DEFAULT_API_TIMEOUT_MS,
  };
  const used = new Set(CATALOGUE.map((entry) => entry.port));
  if (used.has(context.adapterPort) || used.has(context.sandboxPort)) throw new Refusal(`Ports ${context.adapterPort} / ${context.sandboxPort} are taken; edit the manifests' ports by hand.`);

  const read = (path: string) => readFileSync(join(root, path), 'utf8');
  const sandboxesDoc = read('docs/sandboxes.md');
  const giftcard = kind === 'giftcard';
  return {
    context,
    files: [
      ...(giftcard ? giftcardAdapterFiles(context) : adapterFiles(context)),
      ...(giftcard ? giftcardSandboxFiles(context) : sandboxFiles(context)),
      giftcard ? giftcardDocsPage(context) : docsPage(context),
      { path: 'app/service.catalogue.ts', text: catalogueEdit(read('app/service.catalogue.ts'), context) },
      { path: 'README.md', text: readmeEdit(read('README.md'), context) },
      { path: '.env.example', text: envExampleEdit(read('.env.example'), context) },
      { path: 'docs/sandboxes.md', text: `${sandboxesDoc.replace(/\n*$/, '\n')}\n${giftcard ? giftcardSandboxSection(context) : sandboxSection(context)}` },
    ],
  };
}

async function main(): Promise<number> {
  const root = process.cwd();
  try {
    const { context, files } = await plan(root, process.argv.slice(2));
    for (const file of files) {
      mkdirSync(dirname(join(root, file.path)), { recursive: true });
      writeFileSync(join(root, file.path), file.text);
      console.log(`wrote ${file.path}`);
    }
    console.log(`\n${context.names.title}: adapter ${context.names.adapterId} (port ${context.adapterPort}), sandbox ${context.names.sandboxName} (port ${context.sandboxPort}).`);
    console.log(`Next: fill in the provider's real API (adapters/${context.names.folder}/${context.names.folder}-api.client.ts) and its sandbox; docs/adapters/${context.names.folder}.md.`);
    return 0;
  } catch (error) {
    if (error instanceof Refusal) {
      console.error(`new-provider: ${error.message}`);
      return 2;
    }
    throw error;
  }
}

process.exitCode = await main();
