import { describe, expect, it } from '@jest/globals';
import { configuredOptions, platformOptions, shippingOf } from './shipping-options.usecase.js';

describe('shipping options', () => {
  it('full control: the platform methods, active ones only, never the external delivery (128)', () => {
    const methods = [
      { id: 128, name: 'External delivery (checkout)', type: 'external', priceIncVat: 0, vatRate: 0.25, active: true },
      { id: 1, name: 'Standard parcel', type: 'postal', priceIncVat: 49, vatRate: 0.25, active: true },
      { id: 3, name: 'Retired', type: 'postal', priceIncVat: 10, vatRate: 0.25, active: false },
    ];
    expect(platformOptions(methods, 1)).toEqual([{ id: '1', name: 'Standard parcel', price: { includingVat: 49, excludingVat: 39.2 }, vatRate: 0.25, selected: true }]);
  });

  it('managed: the configured options, minor units and hundredths of a percent in the order terms', () => {
    const options = configuredOptions([{ id: 'home', name: 'Home', price: 9999, taxRate: 1200 }, { id: 'locker', name: 'Locker', description: 'Nearest', price: 0 }], 'locker');
    expect(options).toEqual([
      { id: 'home', name: 'Home', price: { includingVat: 99.99, excludingVat: 89.28 }, vatRate: 0.12, selected: false },
      { id: 'locker', name: 'Locker', description: 'Nearest', price: { includingVat: 0, excludingVat: 0 }, vatRate: 0.25, selected: true },
    ]);
    expect(shippingOf(options[1]!, { id: 'o1', merchant: 'm', channel: 'c' })).toMatchObject({ id: 'locker', orderId: 'o1', merchant: 'm', channel: 'c', state: 'intent', name: 'Locker', total: { includingVat: 0, excludingVat: 0 } });
  });
});
