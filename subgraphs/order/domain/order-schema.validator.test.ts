import { describe, expect, it } from '@jest/globals';
import { orderSchemaViolations, orderSchemaViolationsOfMembers } from './order-schema.validator.js';

type Draft = Record<string, any>;

const valid = (): Draft => ({
  id: 'o1', merchant: 'm', channel: 'web', currency: 'NOK',
  state: { currentStatus: 'checkout', transitions: [{ status: 'checkout', timeStamp: new Date().toISOString() }] },
  cart: { items: [{ id: 'i1' }], total: { includingVat: 10, excludingVat: 8 } },
  customer: {}, shippings: [], payments: [], hooks: [], notifications: [], validations: [],
  total: { includingVat: 10, excludingVat: 8 },
});

describe('the order schema on the changed members only', () => {
  it('starts from a valid order', () => {
    expect(orderSchemaViolations(valid())).toEqual([]);
  });

  const changes: Array<[string, string, (draft: Draft) => void]> = [
    ['a wrong type deep inside', 'cart', (d) => { d.cart.total.includingVat = 'x'; }],
    ['a required member removed', 'cart', (d) => { delete d.cart; }],
    ['an invalid payment', 'payments', (d) => { d.payments = [{ id: 3 }]; }],
    ['an invalid hook', 'hooks', (d) => { d.hooks = [{ subscribeTo: '/nope', invoke: 'x' }]; }],
    ['an unknown status', 'state', (d) => { d.state.currentStatus = 'bogus'; }],
    ['a wrong type in the customer', 'customer', (d) => { d.customer = { billing: { email: 5 } }; }],
    ['an optional member of the wrong type', 'reference', (d) => { d.reference = 7; }],
    ['a member the schema does not name', 'extra', (d) => { d.extra = 1; }],
    ['a valid change', 'cart', (d) => { d.cart.items.push({ id: 'i2' }); }],
  ];
  it.each(changes)('says what the whole-document check says: %s', (_name, member, change) => {
    const draft = valid();
    change(draft);
    expect(orderSchemaViolationsOfMembers(draft, [member])).toEqual(orderSchemaViolations(draft));
  });

  it('checks the whole document when the document itself was replaced', () => {
    expect(orderSchemaViolationsOfMembers([], [''])).toEqual(orderSchemaViolations([]));
    expect(orderSchemaViolationsOfMembers({}, [''])).toEqual(orderSchemaViolations({}));
  });
});
