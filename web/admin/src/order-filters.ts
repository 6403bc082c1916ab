/** The orders list's filters as the URL keeps them: read, checked in words at each filter before anything is sent, and turned into the `orders` query's variables. */
import { ORDER_STATUSES } from '../../../contracts/order.types.js';
import { PAYMENT_STATES } from '../../../contracts/payment-states.js';
import { ApiError } from './api.js';

export const STATUSES = ORDER_STATUSES;
export { PAYMENT_STATES };
export const SORTS = [
  ['created_desc', 'Newest first'],
  ['created_asc', 'Oldest first'],
  ['total_desc', 'Highest total'],
  ['total_asc', 'Lowest total'],
] as const;
export const PAGE_SIZE = 25;

/**
 * The list's filters as the URL keeps them (#/orders?q=…&status=…): reload keeps them, the back
 * button goes to the previous ones. Dates are the operator's local days (from and to, both
 * included); amounts are major units.
 */
export const FIELDS = ['q', 'status', 'payment', 'adapter', 'from', 'to', 'min', 'max', 'sort'] as const;
export type Field = (typeof FIELDS)[number];
export type Filters = Record<Field, string>;
/** A sentence per filter that cannot be sent as it is. */
export type FilterProblems = Partial<Record<Field, string>>;

/** Each filter's label on the page (the sentences name filters by it). */
export const LABELS: Record<Field, string> = {
  q: 'Search',
  status: 'Status',
  payment: 'Payment state',
  adapter: 'Payment adapter',
  from: 'Created from',
  to: 'Created to',
  min: 'Total from',
  max: 'Total to',
  sort: 'Sort',
};

export function filtersOf(params: URLSearchParams): Filters {
  return Object.fromEntries(FIELDS.map((field) => [field, params.get(field) ?? ''])) as Filters;
}

/** The same rules as the server's (order-list.query.ts): the longest search, and an adapter id's characters. */
const SEARCH_MAX = 200;
const ADAPTER_ID = /^[A-Za-z0-9_.-]{1,100}$/;
const AMOUNT = /^\d+(?:[.,]\d+)?$/;
const quoted = (text: string) => `“${text.length > 40 ? `${text.slice(0, 40)}…` : text}”`;

/** A local calendar day (YYYY-MM-DD) as the instant it starts, with `days` added; undefined when it is no day of the calendar. */
export function dayStart(day: string, days = 0): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = new Date(year, month - 1, date);
  // 2026-02-31 would roll over into March: not a day.
  if (start.getFullYear() !== year || start.getMonth() !== month - 1 || start.getDate() !== date) return undefined;
  return new Date(year, month - 1, date + days).toISOString();
}

const amountOf = (text: string) => Number(text.trim().replace(',', '.'));

/**
 * What is wrong with the filters, at each filter, in words: a value the server would refuse is
 * never sent (an unknown status or payment state, a day that is not one, an amount that is not
 * one or is below 0, a range whose end is before its start, a sort the list does not have).
 */
export function filterProblems(filters: Filters): FilterProblems {
  const problems: FilterProblems = {};
  const oneOf = (field: Field, values: readonly string[], what: string) => {
    if (filters[field] && !values.includes(filters[field])) problems[field] = `${quoted(filters[field])} is not ${what}; choose one from the list.`;
  };
  const search = filters.q.trim();
  if (search.length > SEARCH_MAX) problems.q = `Search for at most ${SEARCH_MAX} characters; this has ${search.length}.`;
  else if (/[\u0000-\u001f\u007f]/.test(search)) problems.q = 'The search holds a control character (a line break or tab); type the text to find.';
  oneOf('status', STATUSES, 'an order status');
  oneOf('payment', PAYMENT_STATES, 'a payment state');
  if (filters.adapter && !ADAPTER_ID.test(filters.adapter)) problems.adapter = `${quoted(filters.adapter)} is not an adapter id; choose one from the list.`;
  for (const field of ['from', 'to'] as const) {
    if (filters[field] && !dayStart(filters[field])) problems[field] = `${quoted(filters[field])} is not a day; pick one in the calendar (written 2026-11-27).`;
  }
  if (!problems.from && !problems.to && filters.from && filters.to && filters.to < filters.from) problems.to = `The last day is before the first (${filters.from}); pick ${filters.from} or later.`;
  for (const field of ['min', 'max'] as const) {
    const text = filters[field].trim();
    if (text === '') continue;
    if (/^-/.test(text) && AMOUNT.test(text.slice(1))) problems[field] = 'A total is 0 or more.';
    else if (!AMOUNT.test(text)) problems[field] = `${quoted(text)} is not an amount; write it in major units with digits, e.g. 149.90.`;
  }
  if (!problems.min && !problems.max && filters.min.trim() && filters.max.trim() && amountOf(filters.min) > amountOf(filters.max)) {
    problems.max = `Total to is below Total from (${filters.min.trim()}); write ${filters.min.trim()} or more.`;
  }
  if (filters.sort && !SORTS.some(([value]) => value === filters.sort)) problems.sort = `${quoted(filters.sort)} is not a way to sort the list; choose one from the list.`;
  return problems;
}

/** The `orders` query's variables for filters that passed filterProblems. */
export function variablesOf(filters: Filters, after: string | undefined) {
  const amount = (text: string) => (text.trim() === '' ? null : amountOf(text));
  return {
    search: filters.q.trim() || null,
    status: (filters.status || null) as (typeof STATUSES)[number] | null,
    paymentState: filters.payment || null,
    adapterId: filters.adapter || null,
    createdFrom: filters.from ? (dayStart(filters.from) ?? null) : null,
    createdBefore: filters.to ? (dayStart(filters.to, 1) ?? null) : null,
    minTotal: amount(filters.min),
    maxTotal: amount(filters.max),
    sort: (filters.sort || 'created_desc').toUpperCase() as Uppercase<(typeof SORTS)[number][0]>,
    first: PAGE_SIZE,
    after: after ?? null,
  };
}

/** The server's names of the filters (GraphQL `orders` arguments, `details.field` of INVALID_FILTER) → the page's. */
const SERVER_FIELDS: Record<string, Field> = { search: 'q', status: 'status', paymentState: 'payment', adapterId: 'adapter', createdFrom: 'from', createdBefore: 'to', minTotal: 'min', maxTotal: 'max', sort: 'sort' };

/**
 * A refusal of the list by the server, said at the filter it is about: INVALID_FILTER names its
 * field (`details.field`), and the sentence names the filter by its label rather than the
 * server's argument. Anything else answers undefined (the page says it above the list).
 */
export function serverFilterProblem(error: Error): FilterProblems | undefined {
  if (!(error instanceof ApiError) || error.code?.toLowerCase() !== 'invalid_filter') return undefined;
  const named = typeof (error.details as { field?: unknown } | undefined)?.field === 'string' ? (error.details as { field: string }).field : undefined;
  const field = named ? SERVER_FIELDS[named] : undefined;
  if (!field) return undefined;
  let text = error.message;
  for (const [server, page] of Object.entries(SERVER_FIELDS)) text = text.replace(new RegExp(`\\b${server}\\b`, 'g'), LABELS[page]);
  return { [field]: text };
}
