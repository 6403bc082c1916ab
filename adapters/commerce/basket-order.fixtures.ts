import type { CommerceAdapterConfiguration } from './commerce-adapter.config.js';
import type { Basket, Buyer } from './commerce-platform.types.js';

/** Test data shaped like the commerce sandbox's answers (the acceptance basket of 249.9). */
export const configuration = (overrides: Partial<CommerceAdapterConfiguration> = {}): CommerceAdapterConfiguration => ({
  id: 'commerce_adapter',
  settings: { clientId: 1001, applicationId: 1 },
  api: { identityAddress: 'http://commerce.test/connect/token', identityClientId: 'checkout', identityClientSecret: 'checkout-secret', identityScope: 'commerce' },
  application: { productUrlPattern: 'https://shop.example/products/{productId}', imageBaseUrl: 'https://cdn.example/{clientId}/images/' },
  country: { defaultCountry: 'SE' },
  features: { shippingChangedHookEnabled: false },
  ...overrides,
});

export const basket = (overrides: Partial<Basket> = {}): Basket => ({
  id: 'basket-1',
  clientId: 1001,
  currency: 'SEK',
  currencyId: 1,
  status: 'open',
  version: 1,
  items: [
    {
      id: '1',
      sku: 'SHOE-1',
      productId: 'SHOE-1',
      name: 'Running shoe',
      quantity: 2,
      unitPrice: { includingVat: 99.95, excludingVat: 79.96 },
      vatRate: 0.25,
      total: { includingVat: 199.9, excludingVat: 159.92, vat: 39.98 },
      image: 'products/shoe-1.jpg',
    },
    {
      id: '2',
      sku: 'SOCK-1',
      productId: 'SOCK-1',
      name: 'Socks',
      quantity: 1,
      unitPrice: { includingVat: 50, excludingVat: 40 },
      vatRate: 0.25,
      total: { includingVat: 50, excludingVat: 40, vat: 10 },
      image: null,
    },
  ],
  itemsTotal: { includingVat: 249.9, excludingVat: 199.92, vat: 49.98 },
  delivery: null,
  total: { includingVat: 249.9, excludingVat: 199.92, vat: 49.98 },
  hasBuyer: true,
  orderId: null,
  ...overrides,
});

export const standardParcel = { deliveryMethodId: 1, name: 'Standard parcel', price: { includingVat: 49, excludingVat: 39.2 }, vatRate: 0.25, reference: null };

export const buyer = (overrides: Partial<Buyer> = {}): Buyer => ({
  type: 'person',
  givenName: 'Ada',
  familyName: 'Lovelace',
  email: 'ada@example.com',
  phone: '+46700000000',
  billing: { streetAddress: 'Storgatan 1', postalCode: '11122', city: 'Stockholm', country: 'NO' },
  shipping: null,
  ...overrides,
});
