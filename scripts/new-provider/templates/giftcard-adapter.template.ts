import { adapterAppFile, apiClientFile, apiSettingsSchema, identityLines, manifestFile, settingsFile } from './adapter-parts.template.js';
import type { ScaffoldFile, TemplateContext } from './template-context.js';

/**
 * The adapter folder of a gift card system (`--kind giftcard`; docs/adapter-kit.md, "A gift card
 * system"): a card is a payment on the kit's runtime — its balance checked when it is added,
 * reserved when the order goes to processing, released on abort, committed when the order
 * completes. Every call after the balance check names the reservation (the payment's id), so a
 * retried call changes nothing.
 */
export function giftcardAdapterFiles(context: TemplateContext): ScaffoldFile[] {
  const { folder, title, camel, pascal, constant, adapterId } = context.names;
  const dir = `adapters/${folder}`;
  return [
    {
      path: `${dir}/${folder}.types.ts`,
      text: `${identityLines(context)}
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
    settingsFile(context),
    apiClientFile(context, {
      types: `/** A card as ${title} answers it: what can still be reserved of it. */
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

`,
      about: "A reservation is addressed by its id (the payment's): reserving is a PUT of it, committing and releasing name it, so any call may be repeated and changes nothing the second time.",
      methods: `  card = (cardId: string) => this.http.send<${pascal}Card>({ method: 'GET', path: \`/v1/cards/\${encodeURIComponent(cardId)}\`, route: '/v1/cards/{cardId}' });

  reserve = (id: string, body: { cardId: string; amount: number; currency: string }) =>
    this.http.send<${pascal}Reservation>({ method: 'PUT', path: \`/v1/reservations/\${encodeURIComponent(id)}\`, body, route: '/v1/reservations/{id}' });

  commit = (id: string) => this.http.send<${pascal}Reservation>({ method: 'POST', path: \`/v1/reservations/\${encodeURIComponent(id)}/commit\`, route: '/v1/reservations/{id}/commit' });

  release = (id: string) => this.http.send<${pascal}Reservation>({ method: 'DELETE', path: \`/v1/reservations/\${encodeURIComponent(id)}\`, route: '/v1/reservations/{id}' });
`,
    }),
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
    adapterAppFile(context, {
      kind: 'giftcard',
      what: "a gift card system on the kit's provider runtime (`{adapter_url}` is `/api/checkout/v1`).",
      imports: '',
      mount: `  mountPaymentProvider(kit, ${camel}Provider(clients), { basePath: ADAPTER_BASE });`,
    }),
    manifestFile(context, {
      what: `${title} (a gift card system, kind \`giftcard\`)`,
      kindLine: "  kind: 'giftcard',\n",
      demo: `({ urls, base }) => (urls[SANDBOX] ? { ...base, apiSettings: { apiUrl: urls[SANDBOX], apiKey: '${folder}-sandbox-key' } } : undefined)`,
    }),
    { path: `${dir}/${adapterId}.schema.json`, text: `${JSON.stringify(configurationSchema(context.names), null, 2)}\n` },
  ];
}

/** The configuration schema: every property with a title and a description (the admin's labels and help). */
function configurationSchema(names: TemplateContext['names']): object {
  const { title, adapterId } = names;
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: `${title} adapter configuration`,
    description: `Configuration of ${adapterId} (a gift card system: cards are checked, reserved, committed and released at ${title}).`,
    allOf: [{ $ref: 'https://schemas.checkout-platform.example/configuration/v1/basic-configuration.json' }],
    type: 'object',
    required: ['apiSettings'],
    properties: {
      apiSettings: apiSettingsSchema(names),
    },
  };
}
