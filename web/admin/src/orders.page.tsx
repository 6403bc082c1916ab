import { useCallback, useEffect, useState } from 'react';
import type { Gql } from './api';
import { AdminOrdersDocument, AdminPaymentAdaptersDocument, type AdminPaymentAdaptersQuery, type AdminPersonFragment } from './generated/graphql';
import { formatMoney, Problem, Time, useQuery } from './ui';

const STATUSES = ['checkout', 'processing', 'accepted', 'completed', 'delivered'] as const;
const PAYMENT_STATES = ['intent', 'processing', 'pending', 'reserved', 'captured', 'failed', 'cancelled', 'refunded', 'removed'] as const;
const SORTS = [
  ['created_desc', 'Newest first'],
  ['created_asc', 'Oldest first'],
  ['total_desc', 'Highest total'],
  ['total_asc', 'Lowest total'],
] as const;
const PAGE_SIZE = 25;

/**
 * The list's filters as the URL keeps them (#/orders?q=…&status=…): reload keeps them, the back
 * button goes to the previous ones. Dates are the operator's local days (from and to, both
 * included); amounts are major units; `after` is the stack of page cursors (one per "Older").
 */
const FIELDS = ['q', 'status', 'payment', 'adapter', 'from', 'to', 'min', 'max', 'sort'] as const;
type Field = (typeof FIELDS)[number];
type Filters = Record<Field, string>;

const hashQuery = () => new URLSearchParams(location.hash.split('?')[1] ?? '');
function filtersOf(params: URLSearchParams): Filters {
  return Object.fromEntries(FIELDS.map((field) => [field, params.get(field) ?? ''])) as Filters;
}
function go(filters: Filters, after: string[]) {
  const params = new URLSearchParams();
  for (const field of FIELDS) if (filters[field]) params.set(field, filters[field]);
  for (const cursor of after) params.append('after', cursor);
  const query = params.toString();
  location.hash = `#/orders${query ? `?${query}` : ''}`;
}

/** The URL's query (after `#/orders?`), kept in step with the hash. */
function useHashQuery(): URLSearchParams {
  const [params, setParams] = useState(hashQuery);
  useEffect(() => {
    const changed = () => setParams(hashQuery());
    addEventListener('hashchange', changed);
    return () => removeEventListener('hashchange', changed);
  }, []);
  return params;
}

/** A local calendar day (YYYY-MM-DD) as the instant it starts, with `days` added; undefined when not a day. */
function dayStart(day: string, days = 0): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days).toISOString();
}

/** The GraphQL variables of the URL's filters; text the server checks goes as written, so bad input is its 400 in words. */
function variablesOf(filters: Filters, after: string | undefined): Record<string, unknown> {
  const number = (text: string) => (text.trim() === '' ? null : Number(text));
  return {
    search: filters.q.trim() || null,
    status: filters.status || null,
    paymentState: filters.payment || null,
    adapterId: filters.adapter || null,
    createdFrom: filters.from ? (dayStart(filters.from) ?? filters.from) : null,
    createdBefore: filters.to ? (dayStart(filters.to, 1) ?? filters.to) : null,
    minTotal: number(filters.min),
    maxTotal: number(filters.max),
    sort: (filters.sort || 'created_desc').toUpperCase(),
    first: PAGE_SIZE,
    after: after ?? null,
  };
}

const nameOf = (person: AdminPersonFragment | null) => [person?.givenName, person?.familyName].filter(Boolean).join(' ');

/** The channel's orders: searched by id, reference, customer name, e-mail or phone; filtered, sorted and paged, all in the URL. */
export function OrdersPage({ gql }: { gql: Gql }) {
  const params = useHashQuery();
  const applied = filtersOf(params);
  const key = params.toString();
  const after = params.getAll('after');

  const page = useQuery(
    useCallback(() => {
      const current = new URLSearchParams(key);
      const notAmount = (text: string) => (text.trim() === '' || !Number.isNaN(Number(text)) ? null : text);
      const filters = filtersOf(current);
      const bad = notAmount(filters.min) ?? notAmount(filters.max);
      if (bad !== null) return Promise.reject(new Error(`“${bad}” is not an amount: write it in major units, e.g. 149.90.`));
      return gql(AdminOrdersDocument, variablesOf(filters, current.getAll('after').at(-1)));
    }, [gql, key]),
  );
  const filtered = FIELDS.some((field) => field !== 'sort' && applied[field]);

  return (
    <section className="orders-page">
      <h2>Orders</h2>
      {/* Keyed by the URL: the form starts again from it after back, forward or a pasted link. */}
      <FilterForm key={key} gql={gql} applied={applied} filtered={filtered} />
      {page.error && <Problem error={page.error} />}
      {page.data && (
        <>
          <table className="orders">
            <thead>
              <tr>
                <th>Order</th>
                <th>Customer</th>
                <th>Status</th>
                <th>Payments</th>
                <th className="amount">Total</th>
                <th>Created</th>
              </tr>
            </thead>
            <tbody>
              {page.data.orders.edges.map(({ node }) => {
                const person = node.customer.billing?.email || nameOf(node.customer.billing) ? node.customer.billing : node.customer.shipping;
                return (
                  <tr key={node.id} data-order={node.id}>
                    <td data-label="Order">
                      <a href={`#/orders/${encodeURIComponent(node.id)}`}>{node.id}</a>
                      {node.reference && <div className="hint">ref. {node.reference}</div>}
                    </td>
                    <td data-label="Customer">
                      {nameOf(person) || '—'}
                      {person?.email && <div className="hint">{person.email}</div>}
                    </td>
                    <td data-label="Status">
                      <span className={`status status-${node.status}`}>{node.status}</span>
                    </td>
                    <td data-label="Payments">{node.payments.map((payment) => `${payment.adapterId.replace(/_adapter$/, '')}: ${payment.state}`).join(', ') || '—'}</td>
                    <td data-label="Total" className="amount">
                      {formatMoney(node.total.includingVat, node.currency)}
                    </td>
                    <td data-label="Created">
                      <Time iso={node.createdAt} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {page.data.orders.edges.length === 0 && <p>No orders match{filtered ? ' these filters' : ''}.</p>}
          <p className="pager">
            <button type="button" disabled={after.length === 0} onClick={() => go(applied, after.slice(0, -1))}>
              Newer
            </button>
            <button type="button" disabled={!page.data.orders.pageInfo.hasNextPage} onClick={() => go(applied, [...after, page.data!.orders.pageInfo.endCursor!])}>
              Older
            </button>
          </p>
        </>
      )}
    </section>
  );
}

/** The filter form: a draft of the URL's filters, applied (into the URL) on submit. */
function FilterForm({ gql, applied, filtered }: { gql: Gql; applied: Filters; filtered: boolean }) {
  const [draft, setDraft] = useState<Filters>(applied);
  const adapters = useQuery(useCallback(() => gql(AdminPaymentAdaptersDocument).catch((): AdminPaymentAdaptersQuery => ({ adapters: [] })), [gql]));
  const set = (field: Field) => (event: { target: { value: string } }) => setDraft({ ...draft, [field]: event.target.value });
  return (
    <form
      className="filters"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        go({ ...draft, q: draft.q.trim() }, []);
      }}
    >
      <label className="search">
        Search
        <input name="q" type="search" placeholder="Order id, reference, name, e-mail or phone" value={draft.q} onChange={set('q')} />
      </label>
      <Choice label="Status" name="status" value={draft.status} values={STATUSES} onChange={set('status')} />
      <Choice label="Payment state" name="payment" value={draft.payment} values={PAYMENT_STATES} onChange={set('payment')} />
      <label>
        Payment adapter
        <select name="adapter" value={draft.adapter} onChange={set('adapter')}>
          <option value="">any</option>
          {(adapters.data?.adapters ?? [])
            .filter((adapter) => adapter.kind !== 'commerce')
            .map((adapter) => (
              <option key={adapter.id} value={adapter.id}>
                {adapter.id.replace(/_adapter$/, '')}
              </option>
            ))}
          {draft.adapter && !adapters.data?.adapters.some((adapter) => adapter.id === draft.adapter) && <option value={draft.adapter}>{draft.adapter}</option>}
        </select>
      </label>
      <label>
        Created from
        <input name="from" type="date" value={draft.from} onChange={set('from')} />
      </label>
      <label>
        Created to
        <input name="to" type="date" value={draft.to} onChange={set('to')} />
      </label>
      <label>
        Total from
        <input name="min" type="number" min="0" step="any" inputMode="decimal" value={draft.min} onChange={set('min')} />
      </label>
      <label>
        Total to
        <input name="max" type="number" min="0" step="any" inputMode="decimal" value={draft.max} onChange={set('max')} />
      </label>
      <label>
        Sort
        <select name="sort" value={draft.sort || 'created_desc'} onChange={set('sort')}>
          {SORTS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <span className="filter-buttons">
        <button type="submit">Search</button>
        {filtered && (
          <button type="button" onClick={() => go({ ...filtersOf(new URLSearchParams()), sort: applied.sort }, [])}>
            Clear
          </button>
        )}
      </span>
    </form>
  );
}

/** A filter chosen from a fixed list, or any. */
function Choice(props: { label: string; name: string; value: string; values: readonly string[]; onChange: (event: { target: { value: string } }) => void }) {
  return (
    <label>
      {props.label}
      <select name={props.name} value={props.value} onChange={props.onChange}>
        <option value="">any</option>
        {props.values.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
    </label>
  );
}
