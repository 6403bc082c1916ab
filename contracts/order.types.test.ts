import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import type { Address, Amount, Hook, Notification, OrderDocument, PaymentDocument, Validation } from './order.types.js';
import { ORDER_PARTS, ORDER_STATUSES } from './order.types.js';

/**
 * The hand-written order types against schemas/order.schema.json: each table below must list
 * exactly the declared members of its type, each marked as the type declares it (the compiler
 * checks that), and the test checks the tables against the schema's properties and `required`.
 */
type Declared<T> = { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };
type Presence<T> = { [K in keyof Declared<T>]-?: object extends Pick<Declared<T>, K> ? 'optional' : 'required' };

const order: Presence<OrderDocument> = {
  id: 'required', merchant: 'required', channel: 'required', state: 'required', culture: 'optional', currency: 'required',
  country: 'optional', reference: 'optional', cart: 'required', shippings: 'required', payments: 'required', customer: 'required',
  consents: 'optional', validations: 'required', hooks: 'required', notifications: 'required', total: 'required',
};
const amount: Presence<Amount> = { includingVat: 'required', excludingVat: 'required' };
const payment: Presence<PaymentDocument> = {
  id: 'required', adapterId: 'required', state: 'required', amount: 'required', reference: 'optional', name: 'optional',
  currency: 'optional', type: 'optional', merchant: 'optional', channel: 'optional', orderId: 'optional', upperLimitAmount: 'optional',
  attributes: 'optional', actions: 'optional', recurring: 'optional', callbacks: 'optional',
};
const address: Presence<Address> = {
  type: 'optional', givenName: 'optional', familyName: 'optional', streetAddress: 'optional', streetAddress2: 'optional',
  postalCode: 'optional', city: 'optional', region: 'optional', country: 'optional', phone: 'optional', email: 'optional',
  nationalIdentificationNumber: 'optional', attributes: 'optional',
};
const hook: Presence<Hook> = { id: 'required', adapterId: 'required', subscribeTo: 'required', target: 'optional', invoke: 'required' };
const notification: Presence<Notification> = {
  id: 'required', adapterId: 'optional', reference: 'optional', description: 'optional', scope: 'required', schema: 'required', invoke: 'required',
};
const validation: Presence<Validation> = { id: 'required', adapterId: 'required', url: 'required' };

interface ObjectSchema {
  required?: string[];
  properties?: Record<string, unknown>;
  enum?: string[];
}
const schema = JSON.parse(readFileSync(new URL('../schemas/order.schema.json', import.meta.url), 'utf8')) as ObjectSchema & { $defs: Record<string, ObjectSchema> };

/** Members the payment API stores on a payment beyond the spec's schema (the tenant and the order it belongs to). */
const PLATFORM_PAYMENT_MEMBERS = ['merchant', 'channel', 'orderId'];

function compare(table: Record<string, 'required' | 'optional'>, against: ObjectSchema, extra: string[]) {
  const declared = Object.keys(table).filter((key) => !extra.includes(key));
  expect(declared.sort()).toEqual(Object.keys(against.properties ?? {}).sort());
  expect(declared.filter((key) => table[key] === 'required').sort()).toEqual([...(against.required ?? [])].sort());
}

describe('order types against schemas/order.schema.json', () => {
  it.each<[string, Record<string, 'required' | 'optional'>, () => ObjectSchema, string[]]>([
    ['order', order, () => schema, []],
    ['amount', amount, () => schema.$defs.amount!, []],
    ['payment', payment, () => schema.$defs.payment!, PLATFORM_PAYMENT_MEMBERS],
    ['address', address, () => schema.$defs.address!, []],
    ['hook', hook, () => schema.$defs.hook!, []],
    ['notification', notification, () => schema.$defs.notification!, []],
    ['validation', validation, () => schema.$defs.validation!, []],
  ])('%s: same members, same required ones', (_name, table, against, extra) => {
    compare(table, against(), extra);
  });

  it('order statuses and hookable parts are the schema enums', () => {
    expect([...ORDER_STATUSES]).toEqual(schema.$defs.orderStatus!.enum);
    expect([...ORDER_PARTS]).toEqual(schema.$defs.part!.enum);
  });
});
