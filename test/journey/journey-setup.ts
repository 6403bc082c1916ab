import { demoConfigurations } from '../../app/demo/demo-data.js';
import { rest } from '../harness/http.js';
import type { TestSystem } from '../harness/test-system.js';

export interface Shop {
  tenant: { merchant: string; channel: string };
  adminToken: string;
  storefrontToken: string;
  basketId: string;
  cardId: string;
}

/** A tenant with every adapter configured against the sandboxes (provider D's webhooks reaching its adapter), a basket of 249.9 and a gift card of 100. */
/** A shop on the demo configurations; `overrides` replaces top-level members of an adapter's document (e.g. the commerce delivery mode). */
export async function openShop(system: TestSystem, merchant: string, overrides: Record<string, Record<string, unknown>> = {}): Promise<Shop> {
  const tenant = { merchant, channel: 'web' };
  const adminToken = await system.token({ merchant, channels: ['web'], role: 'admin' });
  const storefrontToken = await system.token({ merchant, channels: ['web'], role: 'storefront' });
  for (const [id, document] of Object.entries(demoConfigurations(system.config))) {
    const put = await rest(system.urls.configuration!, 'PUT', `/api/v1/configuration/merchants/${merchant}/channels/web/configurations/${id}`, { token: adminToken, ...tenant, body: { ...document, ...overrides[id] } });
    if (put.status >= 300) throw new Error(`configuration ${id}: ${JSON.stringify(put.body)}`);
  }
  // Provider D sends its webhooks where its merchant account says (the demo data sets the same under npm start).
  if (system.urls.provider_d_sandbox && system.urls.provider_d_dropin_adapter) {
    const account = await rest(system.urls.provider_d_sandbox, 'PUT', '/api/sandbox/merchant-accounts/SandboxMerchantECOM', { body: { webhookUrl: `${system.urls.provider_d_dropin_adapter}/api/checkout/v1/callback/provider-d/webhooks` } });
    if (account.status >= 300) throw new Error(`provider D account: ${JSON.stringify(account.body)}`);
  }
  const basketId = await newBasket(system);
  const cardId = `CARD-${merchant}`;
  const card = await rest(system.urls.giftcard_sandbox!, 'POST', '/api/sandbox/cards', { body: { cardId, balance: 100, currency: 'NOK' } });
  if (card.status !== 201) throw new Error(`card: ${JSON.stringify(card.body)}`);
  return { tenant, adminToken, storefrontToken, basketId, cardId };
}

/** A basket of 249.9 in the commerce sandbox (two shoes, socks) for one more order: a basket makes one order. */
export async function newBasket(system: TestSystem): Promise<string> {
  const basket = await rest(system.urls.commerce_sandbox!, 'POST', '/api/sandbox/baskets', {
    body: {
      currency: 'NOK',
      items: [
        { sku: 'SHOE-42', name: 'Running shoes', quantity: 2, unitPrice: 99.95, vatRate: 0.25 },
        { sku: 'SOCK-3P', name: 'Socks', quantity: 1, unitPrice: 50, vatRate: 0.25 },
      ],
      buyer: { givenName: 'Kari', familyName: 'Nordmann', email: 'kari@example.com', phone: '+4791234567' },
    },
  });
  if (basket.status !== 201) throw new Error(`basket: ${JSON.stringify(basket.body)}`);
  return basket.body.id;
}

export const BILLING = {
  givenName: 'Kari',
  familyName: 'Nordmann',
  streetAddress: 'Storgata 1',
  postalCode: '0155',
  city: 'Oslo',
  country: 'NO',
  email: 'kari@example.com',
  phone: '+4791234567',
};
