import { badRequest } from '../../../platform/errors/app-error.js';
import { PAYMENT_STATES, type PaymentState } from '../../../contracts/payment-states.js';
import { ORDER_STATUSES, type OrderStatus } from '../../../contracts/order-state.machine.js';

/**
 * What an operator asks of the orders list (GraphQL `orders`, REST GET /api/v0/checkout/orders):
 * checked here once, so both transports refuse the same bad input with the same 400 words.
 */
export const ORDER_SORTS = ['created_desc', 'created_asc', 'total_desc', 'total_asc'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

export interface OrderListQuery {
  status?: OrderStatus;
  /** Lower-cased text to find in the id, reference, customer names, e-mails and phones. */
  search?: string;
  /** The digits of a phone-like search (+47 912 34 567 → 4791234567), matched against phones' digits. */
  searchDigits?: string;
  paymentState?: PaymentState;
  adapterId?: string;
  createdFrom?: Date;
  createdBefore?: Date;
  minTotal?: number;
  maxTotal?: number;
  sort: OrderSort;
}

/** The raw input as a transport has it: strings and numbers, each optional. */
export interface OrderListInput {
  status?: string | null;
  search?: string | null;
  paymentState?: string | null;
  adapterId?: string | null;
  createdFrom?: string | null;
  createdBefore?: string | null;
  minTotal?: number | string | null;
  maxTotal?: number | string | null;
  sort?: string | null;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;
const ADAPTER_ID = /^[A-Za-z0-9_.-]{1,100}$/;
const PHONE_LIKE = /^\+?[\d\s().-]+$/;

function instant(name: string, value: string): Date {
  const date = new Date(value);
  if (!ISO_INSTANT.test(value) || Number.isNaN(date.getTime())) {
    throw badRequest('invalid_filter', `${name} must be a date and time with its zone, e.g. 2026-11-27T00:00:00+01:00 (got "${value.slice(0, 40)}").`, { field: name });
  }
  return date;
}

function amount(name: string, value: number | string): number {
  const number = typeof value === 'number' ? value : /^\d+(?:\.\d+)?$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isFinite(number) || number < 0) throw badRequest('invalid_filter', `${name} must be an amount of 0 or more in major units, e.g. 149.90 (got "${String(value).slice(0, 40)}").`, { field: name });
  return number;
}

const present = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined && value !== '';

/** The checked query, or a 400 `invalid_filter` naming the field and what it takes. */
export function parseOrderListQuery(input: OrderListInput): OrderListQuery {
  const query: OrderListQuery = { sort: 'created_desc' };
  if (present(input.status)) {
    if (!(ORDER_STATUSES as readonly string[]).includes(input.status)) throw badRequest('invalid_filter', `status must be one of ${ORDER_STATUSES.join(', ')}.`, { field: 'status' });
    query.status = input.status as OrderStatus;
  }
  if (present(input.search)) {
    const search = input.search.trim();
    if (search.length > 200) throw badRequest('invalid_filter', 'search is at most 200 characters.', { field: 'search' });
    if (/[\u0000-\u001f\u007f]/.test(search)) throw badRequest('invalid_filter', 'search holds a control character; write the text to find.', { field: 'search' });
    if (search) {
      query.search = search.toLowerCase();
      const digits = search.replace(/\D/g, '');
      if (PHONE_LIKE.test(search) && digits.length >= 4) query.searchDigits = digits;
    }
  }
  if (present(input.paymentState)) {
    if (!(PAYMENT_STATES as readonly string[]).includes(input.paymentState)) throw badRequest('invalid_filter', `paymentState must be one of ${PAYMENT_STATES.join(', ')}.`, { field: 'paymentState' });
    query.paymentState = input.paymentState as PaymentState;
  }
  if (present(input.adapterId)) {
    if (!ADAPTER_ID.test(input.adapterId)) throw badRequest('invalid_filter', 'adapterId is an adapter id: letters, digits, _ . - (at most 100).', { field: 'adapterId' });
    query.adapterId = input.adapterId;
  }
  if (present(input.createdFrom)) query.createdFrom = instant('createdFrom', input.createdFrom);
  if (present(input.createdBefore)) query.createdBefore = instant('createdBefore', input.createdBefore);
  if (query.createdFrom && query.createdBefore && query.createdFrom >= query.createdBefore) {
    throw badRequest('invalid_filter', 'createdFrom must be before createdBefore.', { field: 'createdFrom' });
  }
  if (present(input.minTotal)) query.minTotal = amount('minTotal', input.minTotal);
  if (present(input.maxTotal)) query.maxTotal = amount('maxTotal', input.maxTotal);
  if (query.minTotal !== undefined && query.maxTotal !== undefined && query.minTotal > query.maxTotal) {
    throw badRequest('invalid_filter', 'minTotal must not be above maxTotal.', { field: 'minTotal' });
  }
  if (present(input.sort)) {
    if (!(ORDER_SORTS as readonly string[]).includes(input.sort)) throw badRequest('invalid_filter', `sort must be one of ${ORDER_SORTS.join(', ')}.`, { field: 'sort' });
    query.sort = input.sort as OrderSort;
  }
  return query;
}
