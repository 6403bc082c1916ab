import { resolveAuthConfig } from '../../platform/auth/auth-config.js';
import { issueToken } from '../../platform/auth/token-issuer.js';
import type { PlatformConfig } from '../../platform/env/env.config.js';
import type { Logger } from '../../platform/logging/logger.js';
import { adapterSchemaUrl } from '../../subgraphs/configuration/local-schemas.js';

export const DEMO_TENANT = { merchant: 'demo', channel: 'demo' } as const;
export const DEMO_GIFT_CARD = { cardId: 'DEMO-GIFT-100', balance: 100, currency: 'NOK' } as const;

/** The demo channel's configuration of each adapter, pointing at the local sandboxes. */
export function demoConfigurations(config: PlatformConfig): Record<string, Record<string, unknown>> {
  const { urls } = config;
  const base = (id: 'commerce_adapter' | 'giftcard_adapter' | 'nonpsp_adapter') => {
    const url = config.adapterUrls[id] ?? urls[id] ?? '';
    return { $schema: adapterSchemaUrl(url, id), id, active: true, adapter: { publicUrl: url } };
  };
  return {
    commerce_adapter: {
      ...base('commerce_adapter'),
      settings: { clientId: 1001, applicationId: 1 },
      api: { identityAddress: `${urls.commerce_sandbox}/connect/token`, identityClientId: 'checkout', identityClientSecret: 'checkout-secret', identityScope: 'commerce' },
      application: { productUrlPattern: 'https://shop.example/products/{productId}', imageBaseUrl: 'https://images.example/{clientId}/' },
      country: { defaultCountry: 'NO' },
      features: { shippingChangedHookEnabled: false },
    },
    giftcard_adapter: {
      ...base('giftcard_adapter'),
      api: { baseUrl: urls.giftcard_sandbox, username: 'giftcard', password: 'giftcard-secret', shopId: 'demo' },
    },
    nonpsp_adapter: {
      ...base('nonpsp_adapter'),
      paymentMethods: [
        { identifier: 'invoice', name: 'Invoice' },
        { identifier: 'pay-in-store', name: 'Pay in store' },
      ],
    },
  };
}

async function send(url: string, method: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  const response = await fetch(url, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
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
  const auth = resolveAuthConfig(config);
  const token = await issueToken({ merchant: DEMO_TENANT.merchant, channels: [DEMO_TENANT.channel], role: 'service' }, { secret: auth.secret, issuer: auth.issuer, audience: auth.audience, expiresIn: 60 });
  const headers = { authorization: `Bearer ${token}`, 'x-merchant': DEMO_TENANT.merchant, 'x-channel': DEMO_TENANT.channel };

  for (const [id, document] of Object.entries(demoConfigurations(config))) {
    const put = await send(`${config.urls.configuration}/api/v1/configuration/merchants/demo/channels/demo/configurations/${id}`, 'PUT', document, headers);
    if (put.status >= 300) logger.warn({ configuration: id, status: put.status, error: put.body }, 'demo configuration refused');
  }

  const basket = await send(`${config.urls.commerce_sandbox}/api/sandbox/baskets`, 'POST', {
    currency: 'NOK',
    items: [
      { sku: 'SHOE-42', name: 'Running shoes', quantity: 2, unitPrice: 99.95, vatRate: 0.25 },
      { sku: 'SOCK-3P', name: 'Socks, 3 pairs', quantity: 1, unitPrice: 50, vatRate: 0.25 },
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
  if (card.status >= 300 && card.body?.code !== 'card_exists') logger.warn({ status: card.status, error: card.body }, 'demo gift card not seeded');
  const basketId = basket.status < 300 ? (basket.body?.id as string | undefined) : undefined;
  if (!basketId) logger.warn({ status: basket.status, error: basket.body }, 'demo basket not seeded');
  return basketId ? { basketId } : {};
}

/** What a person types to try a checkout in the explorer (docs/explorer.md). */
export function demoInstructions(gatewayUrl: string, basketId: string | undefined): string {
  return [
    '',
    'Try a checkout (merchant "demo", channel "demo"):',
    '  1. token:   npm run --silent token -- --merchant demo --channel demo --role storefront',
    `  2. open ${gatewayUrl}/graphql#merchant=demo&channel=demo&token=<token>  (the explorer fills in the three headers)`,
    `  3. mutation { createOrderFromBasket(input: { cartReference: "${basketId ?? '<basket id>'}", culture: "nb-NO", currency: "NOK" }) { id total { includingVat } } }`,
    `     then addGiftCard(orderId, cardId: "${DEMO_GIFT_CARD.cardId}"), startPayment(orderId, adapterId: "nonpsp_adapter"), completePayment(orderId, paymentId)`,
    '  More baskets: POST <commerce sandbox>/api/sandbox/baskets (docs/sandboxes.md).',
    '',
  ].join('\n');
}
