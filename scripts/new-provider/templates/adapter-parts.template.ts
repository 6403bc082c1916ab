import type { ScaffoldFile, TemplateContext } from './template-context.js';

/**
 * The adapter files every kind writes alike, filled with what differs (what the provider is, its
 * calls, how it mounts): the settings, the API client on the kit's ProviderHttpClient, the app and
 * the manifest.
 */

/** `<folder>.settings.ts`: the timeout of the adapter's calls to the provider (`<PROVIDER>_API_TIMEOUT_MS`). */
export function settingsFile({ names, apiTimeoutMs }: TemplateContext): ScaffoldFile {
  const { folder, title, constant } = names;
  return {
    path: `adapters/${folder}/${folder}.settings.ts`,
    text: `import type { ServiceSetting } from '../kit/provider-manifest.js';

/** The adapter's calls to ${title}'s API. */
export const API_TIMEOUT: ServiceSetting = { env: '${constant}_API_TIMEOUT_MS', key: 'apiTimeoutMs', kind: 'timeout', default: ${apiTimeoutMs}, description: "${title}'s adapter calling the provider's API" };
`,
  };
}

/** `<folder>-api.client.ts`: the provider's error class, its `types` (text), the client with its `methods` (text), the clients factory. */
export function apiClientFile({ names }: TemplateContext, parts: { types: string; about: string; methods: string }): ScaffoldFile {
  const { folder, title, camel, pascal } = names;
  return {
    path: `adapters/${folder}/${folder}-api.client.ts`,
    text: `import { ProviderError, ProviderHttpClient, type ProviderAnswer, type ProviderRefusal } from '../kit/index.js';
import type { ${pascal}Configuration } from './${folder}.types.js';

export class ${pascal}Error extends ProviderError {
  override name = '${pascal}Error';
}

${parts.types}
/** ${title}'s API as the adapter calls it, through the kit's one provider client. ${parts.about} */
export class ${pascal}Client {
  private readonly http: ProviderHttpClient;

  constructor(settings: ${pascal}Configuration['apiSettings'], timeoutMs: number) {
    this.http = new ProviderHttpClient({
      name: '${title}',
      baseUrl: settings.apiUrl,
      timeoutMs,
      headers: { 'X-API-Key': settings.apiKey },
      error: ${pascal}Error,
      refusal: (answer: ProviderAnswer): ProviderRefusal => {
        const body = answer.body as { code?: string; message?: string } | undefined;
        return { code: body?.code, message: body?.message };
      },
    });
  }

${parts.methods}}

/** The client for a configuration (its API address and key), with the adapter's timeout. */
export type ${pascal}Clients = (configuration: ${pascal}Configuration) => ${pascal}Client;

export const ${camel}Clients =
  (timeoutMs: number): ${pascal}Clients =>
  (configuration) =>
    new ${pascal}Client(configuration.apiSettings, timeoutMs);
`,
  };
}

/** `<folder>-adapter.app.ts`: the kit (its manifest's `kind`), the clients, then `mount` (text: the runtime mounted, routes of its own). */
export function adapterAppFile({ names, adapterPort }: TemplateContext, parts: { kind: 'payment' | 'giftcard'; what: string; imports: string; mount: string }): ScaffoldFile {
  const { folder, title, camel, pascal, constant } = names;
  return {
    path: `adapters/${folder}/${folder}-adapter.app.ts`,
    text: `import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../kit/platform.js';
import { createAdapterKit, mountPaymentProvider } from '../kit/index.js';
import { settingValue } from '../kit/provider-manifest.js';
import { ${camel}Clients } from './${folder}-api.client.js';
import { ${camel}Provider } from './${folder}.provider.js';
${parts.imports}import { API_TIMEOUT } from './${folder}.settings.js';
import { ${constant}_ADAPTER_ID, ${constant}_PAYMENT_NAME, ADAPTER_BASE, type ${pascal}Configuration } from './${folder}.types.js';

/**
 * ${title}'s adapter (port ${adapterPort}): ${parts.what} See docs/adapters/${folder}.md.
 */
export async function create${pascal}Adapter(deps: ServiceDeps): Promise<FastifyInstance> {
  const kit = createAdapterKit<${pascal}Configuration>({
    adapterId: ${constant}_ADAPTER_ID,
    config: deps.config,
    logger: deps.logger,
    verifier: deps.verifier,
    manifest: { kind: '${parts.kind}', name: ${constant}_PAYMENT_NAME, routes: {} },
  });
  const clients = ${camel}Clients(settingValue(deps.config, ${constant}_ADAPTER_ID, API_TIMEOUT)!);
${parts.mount}
  return kit.app;
}
`,
  };
}

/** `<folder>.manifest.ts`: the catalogue's view of the adapter; `demo` is the demo configuration's expression against its sandbox. */
export function manifestFile({ names, adapterPort }: TemplateContext, parts: { what: string; kindLine: string; demo: string }): ScaffoldFile {
  const { folder, camel, pascal, constant, adapterId, sandboxName } = names;
  return {
    path: `adapters/${folder}/${folder}.manifest.ts`,
    text: `import type { AdapterProviderManifest } from '../kit/provider-manifest.js';
import { create${pascal}Adapter } from './${folder}-adapter.app.js';
import { API_TIMEOUT } from './${folder}.settings.js';
import { ${constant}_ADAPTER_ID } from './${folder}.types.js';

/** Its sandbox's service name (sandboxes/${folder}): the demo uses it when it runs here. */
const SANDBOX = '${sandboxName}';

/**
 * ${parts.what} as the platform, the demo data and the storefront see it
 * (adapters/kit/provider-manifest.ts); app/service.catalogue.ts's row reads it.
 */
export const ${camel}Manifest: AdapterProviderManifest = {
  id: ${constant}_ADAPTER_ID,
${parts.kindLine}  port: ${adapterPort},
  settings: [API_TIMEOUT],
  factory: create${pascal}Adapter,
  schemaFile: new URL('./${adapterId}.schema.json', import.meta.url),
  demo: {
    // Against its sandbox when it runs here; the sandbox's default API key (docs/sandboxes.md).
    configuration: ${parts.demo},
  },
};
`,
  };
}

/** The first lines of `<folder>.types.ts`: the adapter's id, the payment's name, \`{adapter_url}\`. */
export function identityLines({ names }: TemplateContext): string {
  const { title, constant, adapterId } = names;
  return `/** ${title}'s adapter id: its service name, configuration id and \`adapterId\` in the storefront API. */
export const ${constant}_ADAPTER_ID = '${adapterId}';
/** The payment's name as the order shows it. */
export const ${constant}_PAYMENT_NAME = '${title}';
/** \`{adapter_url}\` at the adapter's origin. */
export const ADAPTER_BASE = '/api/checkout/v1';
`;
}

/** The configuration schema's \`apiSettings\`: the provider's API address and the shop's key (which also signs its webhooks, where it sends any). */
export function apiSettingsSchema({ title, folder }: TemplateContext['names']): object {
  return {
    type: 'object',
    title: 'API',
    description: `How the adapter reaches ${title}'s API.`,
    required: ['apiUrl', 'apiKey'],
    properties: {
      apiUrl: { type: 'string', format: 'uri', pattern: '^https?://', title: 'API address', description: `${title}'s API address (the local sandbox: see docs/adapters/${folder}.md).` },
      apiKey: { type: 'string', minLength: 1, writeOnly: true, title: 'API key', description: `The shop's ${title} API key (a secret: stored encrypted, never returned); ${title} signs the webhooks it sends with it.` },
    },
  };
}

/** The first lines of a sandbox's factory: its clock, store, failures, journal, app and API key. */
export function sandboxSetupLines({ folder, pascal, constant }: TemplateContext['names']): string {
  return `  const clock = new SandboxClock(options.now);
  const store = new ${pascal}Store(clock.now);
  const failures = new FailureInjector(${constant}_OPERATIONS);
  const journal = new ExchangeJournal();
  const app = createSandboxApp({ name: '${folder}-sandbox', logger: options.logger, failures, journal });
  const apiKey = options.apiKey ?? DEFAULT_${constant}_API_KEY;
`;
}
