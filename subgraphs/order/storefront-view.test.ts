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
    expect(orderAmountsOf({ ...base, payments: [pay(100, 'reserved'), pay(40, 'removed')] })).toMatchObject({ shipping: { amount: 49 }, vat: { amount: 29.8 }, covered: { amount: 100 }, due: { amount: 49, currency: 'NOK' } });
    expect(orderAmountsOf({ ...base, payments: [pay(200, 'reserved')] }).due.amount).toBe(0);
  });
});
