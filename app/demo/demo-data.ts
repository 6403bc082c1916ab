import { operatorToken } from '../../platform/auth/operator-token.js';
import type { PlatformConfig } from '../../platform/env/env.config.js';
import type { Logger } from '../../platform/logging/logger.js';
import { adapterSchemaUrl } from '../../subgraphs/configuration/local-schemas.js';
import type { AdapterDemoContext } from '../../adapters/kit/provider-manifest.js';
import { PROVIDERS } from '../service.catalogue.js';

export const DEMO_TENANT = { merchant: 'demo', channel: 'demo' } as const;
/** PUTs of one demo configuration after a 409 (processes seeding at once: each retry loses only to another seeder's write). */
const DEMO_PUT_RETRIES = 4;
export const DEMO_GIFT_CARD = { cardId: 'DEMO-GIFT-100', balance: 100, currency: 'NOK' } as const;

/** The demo channel's configuration of each adapter, pointing at the local sandboxes. */
/** Where an adapter is reached (its `<ENV>_URL`, else this process's), '' when nowhere. */
const adapterUrlOf = (config: PlatformConfig, id: string): string => config.adapterUrls[id] ?? config.urls[id] ?? '';

/** The context a provider's demo (its manifest's `demo`) is given, for the adapter `id`. */
function demoContext(config: PlatformConfig, id: string, logger: Logger): AdapterDemoContext {
  const url = adapterUrlOf(config, id);
  const { urls } = config;
  // Where a provider sends the shopper back: the storefront's own pages when it runs (its routes
  // /checkout/{orderId} and /confirmation/{orderId}, docs/storefront-app.md), else a shop of the merchant's.
  const shopPages = urls.storefront
    ? { checkout: `${urls.storefront}/checkout/{orderId}`, confirmation: `${urls.storefront}/confirmation/{orderId}` }
    : { checkout: 'https://shop.example/{merchant}/{channel}/checkout/{orderId}', confirmation: 'https://shop.example/{merchant}/{channel}/confirmation/{orderId}' };
  return { urls, adapterUrl: url, base: { $schema: adapterSchemaUrl(url, id), id, active: true, adapter: { publicUrl: url } }, shopPages, send, logger };
}

/** The demo channel's configuration of each adapter, pointing at the local sandboxes. */
export function demoConfigurations(config: PlatformConfig, logger?: Logger): Record<string, Record<string, unknown>> {
  const quiet = logger ?? ({ warn: () => undefined } as unknown as Logger);
  // The providers with a manifest seed themselves (its `demo`), when it runs here (its adapter has an address).
  return Object.fromEntries(
    PROVIDERS.flatMap(({ adapter }) => {
      const document = adapterUrlOf(config, adapter.id) ? adapter.demo?.configuration(demoContext(config, adapter.id, quiet)) : undefined;
      return document ? [[adapter.id, document]] : [];
    }),
  );
}

/**
 * One seeding call. A connection reset or refused before any answer (a kept-alive socket the
 * server closed meanwhile, a service still binding) is tried once more: every seeding call may
 * arrive twice (configurations are PUT whole, the demo card answers `card_exists`, a second demo
 * basket harms nothing).
 */
async function send(url: string, method: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  const init = { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
  const response = await fetch(url, init).catch(async (error: unknown) => {
    if (!(error instanceof TypeError)) throw error;
    return fetch(url, init);
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/**
 * Makes sure (idempotently) that merchant `demo`, channel `demo` has every adapter configured
 * against the local sandboxes, seeds a basket and a gift card in the sandboxes, and says how to
 * try a checkout. Runs at `npm start` when the configuration service and the sandboxes run in
 * this process; a failure is reported, never fatal.
 */
export async function ensureDemoData(config: PlatformConfig, logger: Logger): Promise<{ basketId?: string }> {
  const token = await operatorToken(config, { merchant: DEMO_TENANT.merchant, channels: [DEMO_TENANT.channel], role: 'service' }, { expiresIn: 60 });
  const headers = { authorization: `Bearer ${token}`, 'x-merchant': DEMO_TENANT.merchant, 'x-channel': DEMO_TENANT.channel };

  for (const [id, document] of Object.entries(demoConfigurations(config, logger))) {
    const url = `${config.urls.configuration}/api/v1/configuration/merchants/demo/channels/demo/configurations/${id}`;
    let put = await send(url, 'PUT', document, headers);
    // 409: another process seeding at the same moment wrote it between our read and write; again, over theirs.
    for (let retry = 0; put.status === 409 && retry < DEMO_PUT_RETRIES; retry++) put = await send(url, 'PUT', document, headers);
    if (put.status >= 300) logger.warn({ configuration: id, status: put.status, error: put.body }, 'demo configuration refused');
  }

  const basket = await send(`${config.urls.commerce_sandbox}/api/sandbox/baskets`, 'POST', {
    currency: 'NOK',
    items: [
      { sku: 'SHOE-42', name: 'Running shoes', quantity: 2, unitPrice: 99.95, vatRate: 0.25, image: 'products/shoe.svg' },
      { sku: 'SOCK-3P', name: 'Socks, 3 pairs', quantity: 1, unitPrice: 50, vatRate: 0.25, image: 'products/socks.svg' },
    ],
    buyer: {
      givenName: 'Kari',
      familyName: 'Nordmann',
      email: 'kari@example.com',
      phone: '+4791234567',
      billing: { streetAddress: 'Storgata 1', postalCode: '0155', city: 'Oslo', country: 'NO' },
    },
  });
  const card = await send(`${config.urls.giftcard_sandbox}/api/sandbox/cards`, 'POST', DEMO_GIFT_CARD);
  for (const { adapter } of PROVIDERS) {
    if (adapter.demo?.seed && adapterUrlOf(config, adapter.id)) await adapter.demo.seed(demoContext(config, adapter.id, logger));
  }
  if (card.status >= 300 && card.body?.code !== 'card_exists') logger.warn({ status: card.status, error: card.body }, 'demo gift card not seeded');
  const basketId = basket.status < 300 ? (basket.body?.id as string | undefined) : undefined;
  if (!basketId) logger.warn({ status: basket.status, error: basket.body }, 'demo basket not seeded');
  return basketId ? { basketId } : {};
}

/** What a person types to try a checkout in the explorer (docs/explorer.md). */
export function demoInstructions(gatewayUrl: string, basketId: string | undefined, storefrontUrl?: string): string {
  return [
    '',
    'Try a checkout (merchant "demo", channel "demo"):',
    '  1. token:   npm run --silent token -- --merchant demo --channel demo --role storefront',
    `  2. open ${gatewayUrl}/graphql#merchant=demo&channel=demo&token=<token>  (the explorer fills in the three headers)`,
    `  3. mutation { createOrderFromBasket(input: { cartReference: "${basketId ?? '<basket id>'}", culture: "nb-NO", currency: "NOK" }) { id total { includingVat } } }`,
    `     then addGiftCard(orderId, cardId: "${DEMO_GIFT_CARD.cardId}"), startPayment(orderId, adapterId: "nonpsp_adapter"), completePayment(orderId, paymentId)`,
    '     or a provider: startPayment(orderId, adapterId: "<adapter id>") { htmlSnippet redirectUrl }; each provider\'s flow is in docs/adapters/ (test cards in docs/sandboxes.md).',
    '  More baskets: POST <commerce sandbox>/api/sandbox/baskets (docs/sandboxes.md).',
    `  Or in a browser: the storefront (${storefrontUrl ? `${storefrontUrl}/` : 'port 4300'}) seeds a basket and a gift card and runs the whole checkout (docs/storefront-app.md).`,
    '',
  ].join('\n');
}
