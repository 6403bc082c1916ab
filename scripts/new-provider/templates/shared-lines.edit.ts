import type { TemplateContext } from './template-context.js';

/** The provider's row and imports in app/service.catalogue.ts. */
export function catalogueEdit(text: string, { names }: TemplateContext): string {
  const { folder, camel } = names;
  const imports = `import { ${camel}Manifest } from '../adapters/${folder}/${folder}.manifest.js';\nimport { ${camel}SandboxManifest } from '../sandboxes/${folder}/${folder}-sandbox.manifest.js';\n`;
  const rowsImport = text.indexOf("import { providerRows");
  const list = /export const PROVIDERS: readonly ProviderEntry\[\] = \[\n[\s\S]*?\n\];/.exec(text);
  if (rowsImport < 0 || !list) throw new Error('app/service.catalogue.ts: the PROVIDERS list or the providerRows import was not found.');
  const end = list.index + list[0].length - 2;
  const withRow = `${text.slice(0, end)}  { adapter: ${camel}Manifest, sandbox: ${camel}SandboxManifest },\n${text.slice(end)}`;
  return `${withRow.slice(0, rowsImport)}${imports}${withRow.slice(rowsImport)}`;
}

/** Inserts `lines` after the last line `match` finds (it must find one). */
function insertAfterLast(text: string, match: RegExp, lines: string, what: string): string {
  const all = [...text.matchAll(new RegExp(match.source, 'gm'))];
  const last = all.at(-1);
  if (!last) throw new Error(`${what}: no line matching ${match} to insert after.`);
  const at = text.indexOf('\n', last.index) + 1;
  return `${text.slice(0, at)}${lines}${text.slice(at)}`;
}

/** README.md: its Ports rows, its port variables and its setting under "Environment". */
export function readmeEdit(text: string, { names, adapterPort, sandboxPort, apiTimeoutMs, kind, flow }: TemplateContext): string {
  const { folder, title, constant } = names;
  const page = `docs/adapters/${folder}.md`;
  const ports =
    `| ${title} adapter | ${adapterPort} | \`/api/checkout/v1/orders/{id}/payments...\`${kind === 'giftcard' ? '' : `, \`/api/checkout/v1/webhook\`${flow === 'redirect' ? ', \`/api/checkout/v1/return\`' : ''}`} ([${page}](${page})) |\n` +
    `| ${title} sandbox | ${sandboxPort} | ${kind === 'giftcard' ? "the gift card system's stand-in, its cards and reservations" : `the ${flow} provider's stand-in, its ${flow === 'redirect' ? 'page' : 'component'} at \`/pay/{id}\``} ([docs/sandboxes.md](docs/sandboxes.md)) |\n`;
  let out = insertAfterLast(text, /^\| [^|]*sandbox[^|]* \| \d+(?:–\d+)? \|.*$/, ports, 'README.md Ports');
  const portList = /^(\| `<SERVICE>_PORT` \| see Ports \| .*?)(, `ADMIN_PORT`)/m;
  if (!portList.test(out)) throw new Error('README.md: the `<SERVICE>_PORT` row was not found.');
  out = out.replace(portList, `$1, \`${constant}_ADAPTER_PORT\`, \`${constant}_SANDBOX_PORT\`$2`);
  const setting = `| \`${constant}_API_TIMEOUT_MS\` | ${apiTimeoutMs} | ${title}'s adapter calling its API ([${page}](${page})) |\n`;
  return insertAfterLast(out, /^\| `[A-Z0-9_]*_API_TIMEOUT_MS`.*\|$/, setting, 'README.md Environment');
}

/** .env.example: its ports, its addresses and its setting, with their defaults. */
export function envExampleEdit(text: string, { names, adapterPort, sandboxPort, apiTimeoutMs }: TemplateContext): string {
  const { constant } = names;
  const ports =
    `# ${constant}_ADAPTER_PORT=${adapterPort}\n# ${constant}_SANDBOX_PORT=${sandboxPort}\n` +
    `#   (${constant}_ADAPTER_URL=http://127.0.0.1:${adapterPort}, ${constant}_SANDBOX_URL=http://127.0.0.1:${sandboxPort})\n`;
  const out = insertAfterLast(text, /^# [A-Z0-9_]+_PORT=\d+$/, ports, '.env.example ports');
  return insertAfterLast(out, /^# [A-Z0-9_]+_API_TIMEOUT_MS=\d+.*$/, `# ${constant}_API_TIMEOUT_MS=${apiTimeoutMs}\n`, '.env.example settings');
}
