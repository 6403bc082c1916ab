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
    ['a cart item id used twice', 'cart', (d) => { d.cart.items.push({ id: 'i1' }); }],
    ['a payment id used twice', 'payments', (d) => { d.payments = [{ id: 'p', adapterId: 'a', amount: 1 }, { id: 'p', adapterId: 'a', amount: 2 }]; }],
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

  it('refuses an id used twice in a list addressed by id, naming the second', () => {
    const draft = valid();
    draft.shippings = [{ id: 's1', total: { includingVat: 1, excludingVat: 1 } }, { id: 's1', total: { includingVat: 2, excludingVat: 2 } }];
    draft.hooks = [{ id: 'h', adapterId: 'a', subscribeTo: '/cart', invoke: 'http://x/1' }, { id: 'h2', adapterId: 'a', subscribeTo: '/cart', invoke: 'http://x/2' }];
    expect(orderSchemaViolations(draft)).toEqual([{ pointer: '/shippings/1/id', message: 'must be unique in the list (s1 is used before)', keyword: 'uniqueId' }]);
  });
});
