import { describe, expect, it } from '@jest/globals';
import {
  countryOf,
  imageUrlOf,
  mapBuyerToCustomer,
  mapCart,
  mapCustomerToBuyer,
  mapDeliveryToShippings,
  mapShippingsToDelivery,
  mergeCustomer,
  shippingOwnerOf,
  productUrlOf,
} from './basket-order.mapper.js';
import { basket, buyer, configuration, standardParcel } from './basket-order.fixtures.js';

describe('basket → cart', () => {
  it('maps every line with prices, VAT, line totals, image and product URLs, and the exact items total', () => {
    const cart = mapCart(basket(), configuration());
    expect(cart).toEqual({
      reference: 'basket-1',
      items: [
        {
          id: '1',
          sku: 'SHOE-1',
          productId: 'SHOE-1',
          name: 'Running shoe',
          quantity: 2,
          unitPrice: { includingVat: 99.95, excludingVat: 79.96 },
          vatRate: 0.25,
          total: { includingVat: 199.9, excludingVat: 159.92 },
          imageUrl: 'https://cdn.example/1001/images/products/shoe-1.jpg',
          productUrl: 'https://shop.example/products/SHOE-1',
        },
        {
          id: '2',
          sku: 'SOCK-1',
          productId: 'SOCK-1',
          name: 'Socks',
          quantity: 1,
          unitPrice: { includingVat: 50, excludingVat: 40 },
          vatRate: 0.25,
          total: { includingVat: 50, excludingVat: 40 },
          productUrl: 'https://shop.example/products/SOCK-1',
        },
      ],
      total: { includingVat: 249.9, excludingVat: 199.92 },
      attributes: { currencyId: 1, commerceClientId: 1001 },
    });
  });

  it('leaves the cart total without the delivery (a delivery is a shipping)', () => {
    const withDelivery = basket({ delivery: standardParcel, total: { includingVat: 298.9, excludingVat: 239.12 } });
    expect(mapCart(withDelivery, configuration()).total).toEqual({ includingVat: 249.9, excludingVat: 199.92 });
  });

  it('never writes undefined members, so a cart read back compares equal', () => {
    const cart = mapCart(basket(), configuration({ application: {} }));
    expect(JSON.parse(JSON.stringify(cart))).toEqual(cart);
    expect(Object.keys(cart.items[0]!)).not.toContain('imageUrl');
  });

  it('builds image URLs from the base (client id placeholder, slashes) and keeps absolute ones', () => {
    const config = configuration({ application: { imageBaseUrl: 'https://img.example/c/{clientId}' } });
    expect(imageUrlOf('/a/b.jpg', config, 7)).toBe('https://img.example/c/1001/a/b.jpg');
    expect(imageUrlOf('https://other.example/x.png', config, 7)).toBe('https://other.example/x.png');
    expect(imageUrlOf(null, config, 7)).toBeUndefined();
    expect(productUrlOf('A B/1', configuration())).toBe('https://shop.example/products/A%20B%2F1');
  });
});

describe('delivery ↔ shippings', () => {
  const owner = shippingOwnerOf({ id: 'o-1', merchant: 'm-1', channel: 'web' });

  it('full control: the platform delivery is the order shipping', () => {
    expect(mapDeliveryToShippings(standardParcel, owner)).toEqual([
      {
        id: 'commerce-delivery-1',
        merchant: 'm-1',
        channel: 'web',
        orderId: 'o-1',
        adapterId: 'commerce_adapter',
        state: 'intent',
        reference: '1',
        name: 'Standard parcel',
        total: { includingVat: 49, excludingVat: 39.2 },
        vatRate: 0.25,
        attributes: { deliveryMethodId: 1 },
      },
    ]);
  });

  it('no delivery, or the external method 128 (set by the checkout), is no shipping', () => {
    expect(mapDeliveryToShippings(null, owner)).toEqual([]);
    expect(mapDeliveryToShippings({ ...standardParcel, deliveryMethodId: 128 }, owner)).toEqual([]);
  });

  it('managed: the checkout shipping becomes the external delivery; several are summed exactly; none is price 0', () => {
    const home = { id: 's-1', name: 'Home delivery', total: { includingVat: 59.9, excludingVat: 47.92 }, vatRate: 0.25 };
    expect(mapShippingsToDelivery([home])).toEqual({ name: 'Home delivery', priceIncVat: 59.9, vatRate: 0.25, reference: 's-1' });
    expect(mapShippingsToDelivery([home, { id: 's-2', name: 'Gift wrap', total: { includingVat: 0.2, excludingVat: 0.16 } }])).toEqual({
      name: 'Home delivery + Gift wrap',
      priceIncVat: 60.1,
      vatRate: 0.25,
    });
    expect(mapShippingsToDelivery([])).toEqual({ priceIncVat: 0 });
  });
});

describe('buyer ↔ customer', () => {
  it('maps the buyer to billing (with name, email and phone) and shipping addresses', () => {
    const customer = mapBuyerToCustomer(buyer({ shipping: { streetAddress: 'Lillgatan 2', postalCode: '22233', city: 'Lund', country: 'SE' } }));
    expect(customer).toEqual({
      type: 'person',
      billing: { type: 'person', givenName: 'Ada', familyName: 'Lovelace', email: 'ada@example.com', phone: '+46700000000', streetAddress: 'Storgatan 1', postalCode: '11122', city: 'Stockholm', country: 'NO' },
      shipping: { type: 'person', givenName: 'Ada', familyName: 'Lovelace', streetAddress: 'Lillgatan 2', postalCode: '22233', city: 'Lund', country: 'SE' },
    });
  });

  it('a buyer without addresses still gives the billing person (email for the receipt); no buyer gives nothing', () => {
    expect(mapBuyerToCustomer(buyer({ billing: null, phone: undefined }))).toEqual({
      type: 'person',
      billing: { type: 'person', givenName: 'Ada', familyName: 'Lovelace', email: 'ada@example.com' },
    });
    expect(mapBuyerToCustomer(null)).toEqual({});
  });

  it('maps the customer back to a buyer; incomplete addresses become null', () => {
    const customer = {
      billing: { type: 'person', givenName: 'Ada', familyName: 'Lovelace', email: 'ada@example.com', streetAddress: 'Storgatan 1', postalCode: '11122', city: 'Stockholm', country: 'SE', attributes: { x: 1 } },
      shipping: { givenName: 'Bo', city: 'Lund' },
    };
    expect(mapCustomerToBuyer(customer)).toEqual({
      type: 'person',
      givenName: 'Ada',
      familyName: 'Lovelace',
      email: 'ada@example.com',
      billing: { givenName: 'Ada', familyName: 'Lovelace', email: 'ada@example.com', streetAddress: 'Storgatan 1', postalCode: '11122', city: 'Stockholm', country: 'SE' },
      shipping: null,
    });
    expect(mapCustomerToBuyer(undefined)).toEqual({ type: 'person', billing: null, shipping: null });
  });

  it('merging a re-read buyer keeps attributes and addresses the buyer lacks', () => {
    const current = { type: 'person', billing: { city: 'Old', attributes: { dateOfBirth: '1815-12-10' } }, shipping: { city: 'Kept' } };
    const merged = mergeCustomer(current, { type: 'person', billing: { type: 'person', city: 'New', email: 'a@b.se' } });
    expect(merged).toEqual({ type: 'person', billing: { type: 'person', city: 'New', email: 'a@b.se', attributes: { dateOfBirth: '1815-12-10' } }, shipping: { city: 'Kept' } });
  });

  it('takes the country from the buyer, else the configured default', () => {
    expect(countryOf(buyer(), configuration())).toBe('NO');
    expect(countryOf(null, configuration())).toBe('SE');
    expect(countryOf(null, configuration({ country: {} }))).toBeUndefined();
  });
});
