import { describe, expect, it } from '@jest/globals';
import type { Exchange } from '../../sandboxes/shared/exchange.journal.js';
import { contractProblems, integer, object, string, type PublishedOperation } from './published-api.js';

/** The contract checker itself: each kind of departure from a published operation is reported. */
const operations: PublishedOperation[] = [
  {
    name: 'captures',
    direction: 'in',
    method: 'POST',
    path: '/v1/payments/{id}/captures',
    headers: { type: 'object', required: ['idempotency-key'] },
    request: object({ amount: object({ value: integer(), currency: string() }, ['value', 'currency']), reference: string() }, ['amount']),
    responses: { 201: object({ pspReference: string(), status: string() }, ['pspReference', 'status']) },
    otherStatuses: [422],
  },
  { name: 'webhook', direction: 'out', method: 'POST', path: 'webhook', request: object({ live: string() }, ['live']) },
];
const exchange = (overrides: Partial<Exchange>): Exchange => ({
  direction: 'in',
  operation: 'captures',
  method: 'POST',
  url: '/v1/payments/P1/captures',
  headers: { 'idempotency-key': 'k-1' },
  requestBody: { amount: { value: 100, currency: 'EUR' } },
  status: 201,
  responseBody: { pspReference: 'C1', status: 'received' },
  at: '2026-01-01T00:00:00Z',
  ...overrides,
});

describe('contractProblems', () => {
  it('passes an exchange as published', () => {
    expect(contractProblems([exchange({}), exchange({ direction: 'out', operation: 'webhook', url: 'http://merchant/hook', requestBody: { live: 'false' }, status: 200, responseBody: '[accepted]' })], operations)).toEqual([]);
  });
  it('reports a field the reference lacks, in the request and in the answer', () => {
    const problems = contractProblems([exchange({ requestBody: { amount: { value: 1, currency: 'EUR' }, shopperName: 'x' }, responseBody: { pspReference: 'C', status: 's', extra: 1 } })], operations);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('(shopperName)');
    expect(problems[1]).toContain('(extra)');
  });
  it('reports a required field or header missing and a wrong type', () => {
    const problems = contractProblems([exchange({ headers: {}, requestBody: { amount: { value: '1', currency: 'EUR' } } })], operations);
    expect(problems.join('\n')).toMatch(/headers: .*idempotency-key/);
    expect(problems.join('\n')).toMatch(/request: \/amount\/value must be integer/);
  });
  it('reports a call to no published operation and an unpublished success status', () => {
    expect(contractProblems([exchange({ url: '/payments/P1/captures' })], operations)[0]).toContain('no published operation');
    expect(contractProblems([exchange({ status: 200 })], operations)[0]).toContain('status 200 is not published');
    expect(contractProblems([exchange({ status: 422, responseBody: { anything: true } })], operations)).toEqual([]);
  });
});
