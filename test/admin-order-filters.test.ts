import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../web/admin/src/api.js';
import { dayStart, filterProblems, filtersOf, serverFilterProblem, variablesOf } from '../web/admin/src/order-filters.js';

// The orders list's filters (web/admin/src/order-filters.ts, docs/admin.md "Finding an order"):
// what the URL holds is checked at each filter in words before anything is sent, and what the
// server still refuses is said at its filter, named by its label.

const filters = (query: string) => filtersOf(new URLSearchParams(query));

describe('the admin’s order filters', () => {
  it('say at each filter what cannot be sent, in words', () => {
    expect(filterProblems(filters('status=shipped&payment=paid&adapter=no%20such&from=yesterday&to=2026-02-31&min=-5&max=lots&sort=cheapest'))).toEqual({
      status: '“shipped” is not an order status; choose one from the list.',
      payment: '“paid” is not a payment state; choose one from the list.',
      adapter: '“no such” is not an adapter id; choose one from the list.',
      from: '“yesterday” is not a day; pick one in the calendar (written 2026-11-27).',
      to: '“2026-02-31” is not a day; pick one in the calendar (written 2026-11-27).',
      min: 'A total is 0 or more.',
      max: '“lots” is not an amount; write it in major units with digits, e.g. 149.90.',
      sort: '“cheapest” is not a way to sort the list; choose one from the list.',
    });
    expect(filterProblems(filters(`q=${'x'.repeat(201)}`))).toEqual({ q: 'Search for at most 200 characters; this has 201.' });
    expect(filterProblems(filters('q=a%0Ab'))).toEqual({ q: 'The search holds a control character (a line break or tab); type the text to find.' });
  });

  it('say a range the wrong way round at its end', () => {
    expect(filterProblems(filters('from=2026-11-27&to=2026-11-01'))).toEqual({ to: 'The last day is before the first (2026-11-27); pick 2026-11-27 or later.' });
    expect(filterProblems(filters('min=300&max=99.5'))).toEqual({ max: 'Total to is below Total from (300); write 300 or more.' });
    expect(filterProblems(filters('from=2026-11-27&to=2026-11-27&min=10&max=10'))).toEqual({});
  });

  it('send valid filters as the query’s variables: local days as instants, amounts as numbers, the sort in capitals', () => {
    const sent = variablesOf(filters('q=%20ola%20&status=completed&payment=reserved&adapter=provider_a_checkout_adapter&from=2026-11-27&to=2026-11-28&min=12,5&max=300&sort=total_asc'), 'cursor-1');
    expect(sent).toEqual({
      search: 'ola',
      status: 'completed',
      paymentState: 'reserved',
      adapterId: 'provider_a_checkout_adapter',
      createdFrom: dayStart('2026-11-27'),
      createdBefore: dayStart('2026-11-29'),
      minTotal: 12.5,
      maxTotal: 300,
      sort: 'TOTAL_ASC',
      first: 25,
      after: 'cursor-1',
    });
    expect(variablesOf(filters(''), undefined)).toMatchObject({ status: null, sort: 'CREATED_DESC', createdFrom: null, minTotal: null, after: null });
    expect(dayStart('2026-02-29')).toBeUndefined();
    expect(dayStart('2028-02-29')).toBe(new Date(2028, 1, 29).toISOString());
  });

  it('say the server’s refusal at the filter it names, by the filter’s label', () => {
    const refusal = new ApiError('createdFrom must be a date and time with its zone, e.g. 2026-11-27T00:00:00+01:00 (got "x").', 'INVALID_FILTER', { field: 'createdFrom' });
    expect(serverFilterProblem(refusal)).toEqual({ from: 'Created from must be a date and time with its zone, e.g. 2026-11-27T00:00:00+01:00 (got "x").' });
    expect(serverFilterProblem(new ApiError('minTotal must not be above maxTotal.', 'INVALID_FILTER', { field: 'minTotal' }))).toEqual({ min: 'Total from must not be above Total to.' });
    expect(serverFilterProblem(new ApiError('The cursor is not one this service gave out.', 'INVALID_CURSOR'))).toBeUndefined();
    expect(serverFilterProblem(new Error('network'))).toBeUndefined();
  });
});
