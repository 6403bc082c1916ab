import { describe, expect, it } from '@jest/globals';
import { cartLineOf, orderAmountsOf } from './storefront-view.js';

describe('the order as a storefront shows it', () => {
  it('types a cart item, deriving what the mapping left out', () => {
    expect(cartLineOf({ id: '1', name: 'Shoe', quantity: 2, unitPrice: { includingVat: 99.95, excludingVat: 79.96 }, vatRate: 0.25, total: { includingVat: 199.9, excludingVat: 159.92 } }, 'NOK')).toMatchObject({
      quantity: 2,
      unitPrice: { amount: 99.95, currency: 'NOK' },
      total: { amount: 199.9, currency: 'NOK' },
      vat: { amount: 39.98, currency: 'NOK' },
      imageUrl: null,
    });
    expect(cartLineOf({ id: '2', sku: 'SKU', quantity: 3, unitPrice: { includingVat: 10, excludingVat: 8 } }, 'SEK')).toMatchObject({ name: 'SKU', total: { amount: 30 }, totalExcludingVat: { amount: 24 }, vatRate: 0 });
  });

  it('counts only active payments as covered, and what is due never goes below zero', () => {
    const base = { currency: 'NOK', cart: { items: [], total: { includingVat: 100, excludingVat: 80 } }, shippings: [{ id: 's', total: { includingVat: 49, excludingVat: 39.2 } }], total: { includingVat: 149, excludingVat: 119.2 } };
    const pay = (amount: number, state: string) => ({ id: `${amount}-${state}`, adapterId: 'a', state, amount }) as never;
    expect(orderAmountsOf({ ...base, payments: [pay(100, 'reserved'), pay(40, 'removed')] })).toMatchObject({ shipping: { amount: 49 }, vat: { amount: 29.8 }, covered: { amount: 100 }, paid: { amount: 100 }, due: { amount: 49, currency: 'NOK' } });
    expect(orderAmountsOf({ ...base, payments: [pay(200, 'reserved')] }).due.amount).toBe(0);
  });

  it('what is still to pay: a payment only started at a provider does not lower it, a gift card and a reservation do', () => {
    const base = { currency: 'NOK', cart: { items: [], total: { includingVat: 249.9, excludingVat: 199.92 } }, shippings: [], total: { includingVat: 249.9, excludingVat: 199.92 } };
    const provider = (state: string, amount = 249.9) => ({ id: `p-${state}`, adapterId: 'provider_b_checkout_adapter', state, amount, upperLimitAmount: 2147483647 }) as never;
    const giftCard = { id: 'g', adapterId: 'giftcard_adapter', state: 'intent', amount: 100, upperLimitAmount: 100 } as never;
    for (const state of ['intent', 'processing']) {
      expect(orderAmountsOf({ ...base, payments: [provider(state)] })).toMatchObject({ covered: { amount: 249.9 }, paid: { amount: 0 }, due: { amount: 249.9 } });
    }
    expect(orderAmountsOf({ ...base, payments: [giftCard, provider('intent', 149.9)] })).toMatchObject({ covered: { amount: 249.9 }, paid: { amount: 100 }, due: { amount: 149.9 } });
    expect(orderAmountsOf({ ...base, payments: [giftCard, provider('reserved', 149.9)] })).toMatchObject({ paid: { amount: 249.9 }, due: { amount: 0 } });
    expect(orderAmountsOf({ ...base, payments: [provider('captured')] })).toMatchObject({ paid: { amount: 249.9 }, due: { amount: 0 } });
  });
});
