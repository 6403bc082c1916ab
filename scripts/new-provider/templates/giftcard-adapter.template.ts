import type { ScaffoldFile, TemplateContext } from './template-context.js';

/**
 * The adapter folder of a gift card system (`--kind giftcard`; docs/adapter-kit.md, "A gift card
 * system"): a card is a payment on the kit's runtime — its balance checked when it is added,
 * reserved when the order goes to processing, released on abort, committed when the order
 * completes. Every call after the balance check names the reservation (the payment's id), so a
 * retried call changes nothing.
 */
export function giftcardAdapterFiles({ names, adapterPort, apiTimeoutMs }: TemplateContext): ScaffoldFile[] {
  const { folder, title, camel, pascal, constant, adapterId, sandboxName } = names;
  const dir = `adapters/${folder}`;
  return [
    {
      path: `${dir}/${folder}.types.ts`,
      text: `/** ${title}'s adapter id: its service name, configuration id and \`adapterId\` in the storefront API. */
export const ${constant}_ADAPTER_ID = '${adapterId}';
/** The payment's name as the order shows it. */
export const ${constant}_PAYMENT_NAME = '${title}';
/** \`{adapter_url}\` at the adapter's origin. */
export const ADAPTER_BASE = '/api/checkout/v1';

/** The adapter's configuration in a channel (${adapterId}.schema.json). */
export interface ${pascal}Configuration {
  apiSettings: { apiUrl: string; apiKey: string };
}

/** What the storefront is answered for a card: the payment, the card and what it covers of its balance. */
export interface ${pascal}Payment {
  paymentId: string;
  cardId: string;
  amount: number;
  balance?: number;
}
`,
    },
    {
      path: `${dir}/${folder}.settings.ts`,
      text: `import type { ServiceSetting } from '../kit/provider-manifest.js';

/** The adapter's calls to ${title}'s API. */
export const API_TIMEOUT: ServiceSetting = { env: '${constant}_API_TIMEOUT_MS', key: 'apiTimeoutMs', kind: 'timeout', default: ${apiTimeoutMs}, description: "${title}'s adapter calling the gift card system's API" };
`,
    },
    {
      path: `${dir}/${folder}-api.client.ts`,
      text: `import { ProviderError, ProviderHttpClient, type ProviderAnswer, type ProviderRefusal } from '../kit/index.js';
import type { ${pascal}Configuration } from './${folder}.types.js';

export class ${pascal}Error extends ProviderError {
  override name = '${pascal}Error';
}

/** A card as ${title} answers it: what can still be reserved of it. */
export interface ${pascal}Card {
  cardId: string;
  currency: string;
  available: number;
}

/** A reservation: an amount of a card held for one payment (its id is the payment's). */
export interface ${pascal}Reservation {
  id: string;
  cardId: string;
  amount: number;
  currency: string;
  status: 'held' | 'committed' | 'released';
}

const enc = encodeURIComponent;

/**
 * ${title}'s API as the adapter calls it, through the kit's one provider client. A reservation is
 * addressed by its id (the payment's): reserving is a PUT of it, committing and releasing name it,
 * so any call may be repeated and changes nothing the second time.
 */
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

  card = (cardId: string) => this.http.send<${pascal}Card>({ method: 'GET', path: \`/v1/cards/\${enc(cardId)}\`, route: '/v1/cards/{cardId}' });

  reserve = (id: string, body: { cardId: string; amount: number; currency: string }) =>
    this.http.send<${pascal}Reservation>({ method: 'PUT', path: \`/v1/reservations/\${enc(id)}\`, body, route: '/v1/reservations/{id}' });

  commit = (id: string) => this.http.send<${pascal}Reservation>({ method: 'POST', path: \`/v1/reservations/\${enc(id)}/commit\`, route: '/v1/reservations/{id}/commit' });

  release = (id: string) => this.http.send<${pascal}Reservation>({ method: 'DELETE', path: \`/v1/reservations/\${enc(id)}\`, route: '/v1/reservations/{id}' });
}

/** The client for a configuration (its API address and key), with the adapter's timeout. */
export type ${pascal}Clients = (configuration: ${pascal}Configuration) => ${pascal}Client;

export const ${camel}Clients =
  (timeoutMs: number): ${pascal}Clients =>
  (configuration) =>
    new ${pascal}Client(configuration.apiSettings, timeoutMs);
`,
    },
    {
      path: `${dir}/${folder}.provider.ts`,
      text: `import { withTransaction, type LifecycleCall, type PaymentProvider, type ProviderResult } from '../kit/index.js';
import { AppError, badRequest } from '../kit/platform.js';
import { ${pascal}Error, type ${pascal}Clients } from './${folder}-api.client.js';
import { ${constant}_PAYMENT_NAME, type ${pascal}Configuration, type ${pascal}Payment } from './${folder}.types.js';

type Call = LifecycleCall<${pascal}Configuration>;

/** The card the storefront names: \`{cardId}\`. */
const cardIdOf = (body: unknown): string => {
  const cardId = (body as { cardId?: unknown } | null)?.cardId;
  if (typeof cardId !== 'string' || cardId.length === 0 || cardId.length > 128) throw badRequest('invalid_request', 'A gift card payment needs {cardId}.');
  return cardId;
};

/** A refusal of the gift card system as the shopper reads it (400, vetoes the move it came in). */
const refusedCard = (error: unknown) => badRequest('gift_card_refused', error instanceof ${pascal}Error && error.status !== undefined ? error.message : 'The gift card could not be used right now.');

/**
 * ${title} as the kit's payment provider. Create checks the card (unknown, empty or in another
 * currency: 400 before anything is written) and covers what its balance allows of the order
 * (\`upperLimitAmount\` the balance). The lifecycle holds the money: \`process\` reserves the
 * payment's amount (the order goes to processing; refused: 400 vetoes the move), \`abort\` releases
 * it (the payment back to \`intent\`), \`confirm\` commits it (\`captured\`; retried by the platform
 * until 2xx). Each names the reservation by the payment's id, so a retry changes nothing.
 */
export function ${camel}Provider(clients: ${pascal}Clients): PaymentProvider<${pascal}Configuration, ${pascal}Payment> {
  return {
    name: ${constant}_PAYMENT_NAME,

    async checkCreate({ configuration, order, body }) {
      const card = await clients(configuration)
        .card(cardIdOf(body))
        .catch((error: unknown) => {
          if (error instanceof ${pascal}Error && error.status === 404) throw badRequest('gift_card_not_found', 'The gift card was not found.');
          throw error;
        });
      if (card.currency !== order.currency) throw badRequest('gift_card_refused', \`The gift card is in \${card.currency}, the order in \${order.currency}.\`);
      if (card.available <= 0) throw badRequest('gift_card_refused', 'The gift card has no balance left.');
    },

    async createSession({ configuration, payment, body }) {
      const card = await clients(configuration).card(cardIdOf(body));
      const amount = Math.min(payment.amount, card.available);
      return {
        reference: card.cardId,
        payment: { amount, upperLimitAmount: card.available, attributes: { cardId: card.cardId } },
        response: { paymentId: payment.id, cardId: card.cardId, amount, balance: card.available },
        pspStatus: 'balance_checked',
        requestJson: { cardId: card.cardId },
        responseJson: card,
      };
    },

    readSession: async ({ payment }) => ({ paymentId: payment.id, cardId: payment.reference ?? '', amount: payment.amount }),

    async process({ configuration, payment, request }: Call): Promise<ProviderResult> {
      if (!(payment.state === 'intent' || payment.state === 'reserved') || payment.amount <= 0) return {};
      const asked = { cardId: payment.reference ?? '', amount: payment.amount, currency: request.currency };
      const reservation = await clients(configuration)
        .reserve(payment.id, asked)
        .catch((error: unknown) => {
          throw withTransaction(refusedCard(error), { event: 'reserve', pspEvent: 'reserve', amount: payment.amount, isSuccess: false, pspStatus: (error as { code?: string }).code ?? 'error', requestJson: asked, errorDetail: (error as Error).message });
        });
      return { state: 'reserved', pspStatus: reservation.status, transaction: { event: 'reserve', pspEvent: 'reserve', amount: reservation.amount, isSuccess: true, pspStatus: reservation.status, requestJson: asked, responseJson: reservation } };
    },

    /** A reservation never made (404) holds nothing: released all the same. */
    async abort({ configuration, payment }: Call): Promise<ProviderResult> {
      const released = await clients(configuration)
        .release(payment.id)
        .catch((error: unknown) => {
          if (error instanceof ${pascal}Error && error.status === 404) return undefined;
          throw withTransaction(new AppError(502, 'gift_card_system_unavailable', (error as Error).message), { event: 'release', pspEvent: 'cancel', amount: payment.amount, isSuccess: false, errorDetail: (error as Error).message });
        });
      const transaction = released ? { event: 'release', pspEvent: 'cancel', amount: payment.amount, isSuccess: true, pspStatus: released.status, responseJson: released } : undefined;
      return { ...(payment.state === 'reserved' ? { state: 'intent' as const } : {}), ...(transaction ? { transaction } : {}) };
    },

    async confirm({ configuration, payment }: Call): Promise<ProviderResult> {
      if (payment.state !== 'reserved') return {};
      const committed = await clients(configuration).commit(payment.id);
      return { state: 'captured', pspStatus: committed.status, transaction: { event: 'capture', pspEvent: 'commit', amount: committed.amount, isSuccess: true, pspStatus: committed.status, responseJson: committed } };
    },
  };
}
`,
    },
    {
      path: `${dir}/${folder}-adapter.app.ts`,
      text: `import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../kit/platform.js';
import { createAdapterKit, mountPaymentProvider } from '../kit/index.js';
import { settingValue } from '../kit/provider-manifest.js';
import { ${camel}Clients } from './${folder}-api.client.js';
import { ${camel}Provider } from './${folder}.provider.js';
import { API_TIMEOUT } from './${folder}.settings.js';
import { ${constant}_ADAPTER_ID, ${constant}_PAYMENT_NAME, ADAPTER_BASE, type ${pascal}Configuration } from './${folder}.types.js';

/**
 * ${title}'s adapter (port ${adapterPort}): a gift card system on the kit's provider runtime
 * (\`{adapter_url}\` is ${'`'}/api/checkout/v1${'`'}). See docs/adapters/${folder}.md.
 */
export async function create${pascal}Adapter(deps: ServiceDeps): Promise<FastifyInstance> {
  const kit = createAdapterKit<${pascal}Configuration>({
    adapterId: ${constant}_ADAPTER_ID,
    config: deps.config,
    logger: deps.logger,
    verifier: deps.verifier,
    manifest: { kind: 'giftcard', name: ${constant}_PAYMENT_NAME, routes: {} },
  });
  mountPaymentProvider(kit, ${camel}Provider(${camel}Clients(settingValue(deps.config, ${constant}_ADAPTER_ID, API_TIMEOUT)!)), { basePath: ADAPTER_BASE });
  return kit.app;
}
`,
    },
    {
      path: `${dir}/${folder}.manifest.ts`,
      text: `import type { AdapterProviderManifest } from '../kit/provider-manifest.js';
import { create${pascal}Adapter } from './${folder}-adapter.app.js';
import { API_TIMEOUT } from './${folder}.settings.js';
import { ${constant}_ADAPTER_ID } from './${folder}.types.js';

/** Its sandbox's service name (sandboxes/${folder}): the demo uses it when it runs here. */
const SANDBOX = '${sandboxName}';

/**
 * ${title} (a gift card system, kind \`giftcard\`) as the platform and the demo data see it
 * (adapters/kit/provider-manifest.ts); app/service.catalogue.ts's row reads it.
 */
export const ${camel}Manifest: AdapterProviderManifest = {
  id: ${constant}_ADAPTER_ID,
  kind: 'giftcard',
  port: ${adapterPort},
  settings: [API_TIMEOUT],
  factory: create${pascal}Adapter,
  schemaFile: new URL('./${adapterId}.schema.json', import.meta.url),
  demo: {
    // Against its sandbox when it runs here; the sandbox's default API key (docs/sandboxes.md).
    configuration: ({ urls, base }) => (urls[SANDBOX] ? { ...base, apiSettings: { apiUrl: urls[SANDBOX], apiKey: '${folder}-sandbox-key' } } : undefined),
  },
};
`,
    },
    { path: `${dir}/${adapterId}.schema.json`, text: `${JSON.stringify(configurationSchema(title, adapterId, folder), null, 2)}\n` },
  ];
}

/** The configuration schema: every property with a title and a description (the admin's labels and help). */
function configurationSchema(title: string, adapterId: string, folder: string): object {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: `${title} adapter configuration`,
    description: `Configuration of ${adapterId} (a gift card system: cards are checked, reserved, committed and released at ${title}).`,
    allOf: [{ $ref: 'https://schemas.checkout-platform.example/configuration/v1/basic-configuration.json' }],
    type: 'object',
    required: ['apiSettings'],
    properties: {
      apiSettings: {
        type: 'object',
        title: 'API',
        description: `How the adapter reaches ${title}'s API.`,
        required: ['apiUrl', 'apiKey'],
        properties: {
          apiUrl: { type: 'string', format: 'uri', pattern: '^https?://', title: 'API address', description: `${title}'s API address (the local sandbox: see docs/adapters/${folder}.md).` },
          apiKey: { type: 'string', minLength: 1, writeOnly: true, title: 'API key', description: `The shop's ${title} API key (a secret: stored encrypted, never returned).` },
        },
      },
    },
  };
}
