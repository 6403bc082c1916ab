import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import type { Gql } from './api';
import { AdminOrdersDocument, AdminPaymentAdaptersDocument, type AdminPaymentAdaptersQuery, type AdminPersonFragment } from './generated/graphql';
import { dayStart, FIELDS, filterProblems, filtersOf, LABELS, PAYMENT_STATES, serverFilterProblem, SORTS, STATUSES, variablesOf, type Field, type FilterProblems, type Filters } from './order-filters';
import { ApiError } from './api';
import { formatMoney, Problem, Time, useQuery } from './ui';

const hashQuery = () => new URLSearchParams(location.hash.split('?')[1] ?? '');
/** Puts the filters and page cursors in the URL (one cursor per "Older" page). */
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

const nameOf = (person: AdminPersonFragment | null) => [person?.givenName, person?.familyName].filter(Boolean).join(' ');

/** The channel's orders: searched by id, reference, customer name, e-mail or phone; filtered, sorted and paged, all in the URL. */
export function OrdersPage({ gql }: { gql: Gql }) {
  const params = useHashQuery();
  const applied = filtersOf(params);
  const key = params.toString();
  const after = params.getAll('after');
  // Filters that cannot be sent as they are (from a typed or pasted URL): said at each, and nothing is asked.
  const problems = filterProblems(applied);
  const sendable = Object.keys(problems).length === 0;

  const page = useQuery(
    useCallback(() => {
      const current = new URLSearchParams(key);
      const filters = filtersOf(current);
      if (Object.keys(filterProblems(filters)).length > 0) return Promise.resolve(null);
      return gql(AdminOrdersDocument, variablesOf(filters, current.getAll('after').at(-1)));
    }, [gql, key]),
  );
  const filtered = FIELDS.some((field) => field !== 'sort' && applied[field]);
  const refused = page.error ? serverFilterProblem(page.error) : undefined;
  const staleCursor = page.error instanceof ApiError && page.error.code?.toLowerCase() === 'invalid_cursor';

  return (
    <section className="orders-page">
      <h2>Orders</h2>
      {/* Keyed by the URL: the form starts again from it after back, forward or a pasted link. */}
      <FilterForm key={key} gql={gql} applied={applied} filtered={filtered} problems={{ ...problems, ...refused }} />
      {!sendable || refused ? (
        <p className="problem" data-testid="filters-refused">
          No orders shown: {Object.keys({ ...problems, ...refused }).length === 1 ? 'change the filter marked above' : 'change the filters marked above'}.
        </p>
      ) : staleCursor ? (
        <p className="problem" role="alert" data-testid="stale-page">
          This page of the list no longer fits its sort (the link is from another one).{' '}
          <button type="button" onClick={() => go(applied, [])}>
            First page
          </button>
        </p>
      ) : (
        page.error && <Problem error={page.error} />
      )}
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

/** Filters whose control shows only some values (a list, a calendar day, a number). */
const UNSHOWABLE: readonly Field[] = ['status', 'payment', 'adapter', 'sort', 'from', 'to', 'min', 'max'];
/** Whether the control of `field` can show `value` (a select one of its options, a date input a day, a number input a number). */
function showable(field: Field, value: string): boolean {
  if (field === 'from' || field === 'to') return dayStart(value) !== undefined;
  if (field === 'min' || field === 'max') return value.trim() !== '' && Number.isFinite(Number(value));
  return false;
}

/** The filter form: a draft of the URL's filters, applied (into the URL) on submit; what is wrong with a filter is said under it. */
function FilterForm({ gql, applied, filtered, problems }: { gql: Gql; applied: Filters; filtered: boolean; problems: FilterProblems }) {
  // A value its control cannot show (an unknown status, a day that is none) starts blank: what the operator sees is what Search sends.
  const [draft, setDraft] = useState<Filters>(() => ({ ...applied, ...Object.fromEntries(UNSHOWABLE.filter((name) => problems[name] && !showable(name, applied[name])).map((name) => [name, ''])) }));
  const adapters = useQuery(useCallback(() => gql(AdminPaymentAdaptersDocument).catch((): AdminPaymentAdaptersQuery => ({ adapters: [] })), [gql]));
  const ids = useId();
  const set = (field: Field) => (event: { target: { value: string } }) => setDraft({ ...draft, [field]: event.target.value });
  /** The props that tie a filter's control to its label and its problem. */
  const control = (field: Field) => ({
    id: `${ids}-${field}`,
    name: field,
    value: draft[field],
    onChange: set(field),
    'aria-invalid': problems[field] ? true : undefined,
    'aria-describedby': problems[field] ? `${ids}-${field}-problem` : undefined,
  });
  const field = (name: Field, input: ReactNode, className?: string) => (
    <div className={`filter${className ? ` ${className}` : ''}${problems[name] ? ' invalid' : ''}`}>
      <label htmlFor={`${ids}-${name}`}>{LABELS[name]}</label>
      {input}
      {problems[name] && (
        <span id={`${ids}-${name}-problem`} className="field-error" data-testid={`filter-problem-${name}`}>
          {problems[name]}
        </span>
      )}
    </div>
  );
  const choice = (name: Field, values: readonly string[]) =>
    field(
      name,
      <select {...control(name)}>
        <option value="">any</option>
        {values.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>,
    );
  const known = adapters.data?.adapters ?? [];
  return (
    <form
      className="filters"
      role="search"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        go({ ...draft, q: draft.q.trim() }, []);
      }}
    >
      {field('q', <input {...control('q')} type="search" placeholder="Order id, reference, name, e-mail or phone" />, 'search')}
      {choice('status', STATUSES)}
      {choice('payment', PAYMENT_STATES)}
      {field(
        'adapter',
        <select {...control('adapter')}>
          <option value="">any</option>
          {known
            .filter((adapter) => adapter.kind !== 'commerce')
            .map((adapter) => (
              <option key={adapter.id} value={adapter.id}>
                {adapter.id.replace(/_adapter$/, '')}
              </option>
            ))}
          {draft.adapter && !problems.adapter && !known.some((adapter) => adapter.id === draft.adapter) && <option value={draft.adapter}>{draft.adapter}</option>}
        </select>,
      )}
      {field('from', <input {...control('from')} type="date" />)}
      {field('to', <input {...control('to')} type="date" />)}
      {field('min', <input {...control('min')} type="number" min="0" step="any" inputMode="decimal" />)}
      {field('max', <input {...control('max')} type="number" min="0" step="any" inputMode="decimal" />)}
      {field(
        'sort',
        <select {...control('sort')} value={draft.sort || 'created_desc'}>
          {SORTS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>,
      )}
      <span className="filter-buttons">
        <button type="submit">Search</button>
        {filtered && (
          <button type="button" onClick={() => go({ ...filtersOf(new URLSearchParams()), sort: problems.sort ? '' : applied.sort }, [])}>
            Clear
          </button>
        )}
      </span>
    </form>
  );
}
