import { useCallback, useState } from 'react';
import type { Gql } from './api';
import { formatMoney, formatTime, Problem, useQuery } from './ui';

const STATUSES = ['checkout', 'processing', 'accepted', 'completed', 'delivered'] as const;

interface OrderRow {
  id: string;
  status: string;
  reference: string | null;
  currency: string;
  total: { includingVat: number };
  createdAt: string;
  payments: Array<{ id: string; state: string; adapterId: string }>;
}
interface Page {
  orders: { edges: Array<{ node: OrderRow }>; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
}

const ORDERS = `query AdminOrders($status: OrderStatus, $search: String, $after: String) {
  orders(status: $status, search: $search, first: 25, after: $after) {
    edges { node { id status reference currency total { includingVat } createdAt payments { id state adapterId } } }
    pageInfo { hasNextPage endCursor }
  }
}`;

/** The channel's orders, newest first, by status and by id or reference. */
export function OrdersPage({ gql }: { gql: Gql }) {
  const [status, setStatus] = useState('');
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState({ status: '', search: '' });
  const [cursors, setCursors] = useState<string[]>([]);
  const after = cursors.at(-1);
  const page = useQuery(
    useCallback(() => gql<Page>(ORDERS, { status: applied.status || null, search: applied.search || null, after: after ?? null }), [gql, applied, after]),
  );

  return (
    <section>
      <h2>Orders</h2>
      <form
        className="filters"
        onSubmit={(event) => {
          event.preventDefault();
          setCursors([]);
          setApplied({ status, search: search.trim() });
        }}
      >
        <label>
          Status
          <select name="status" value={status} onChange={(event) => setStatus(event.target.value)}>
            <option value="">any</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
        <label>
          Id or reference <input name="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </label>
        <button type="submit">Filter</button>
      </form>
      {page.error && <Problem error={page.error} />}
      {page.data && (
        <>
          <table className="orders">
            <thead>
              <tr>
                <th>Order</th>
                <th>Status</th>
                <th>Reference</th>
                <th>Total</th>
                <th>Payments</th>
                <th>Created</th>
              </tr>
            </thead>
            <tbody>
              {page.data.orders.edges.map(({ node }) => (
                <tr key={node.id} data-order={node.id}>
                  <td>
                    <a href={`#/orders/${encodeURIComponent(node.id)}`}>{node.id}</a>
                  </td>
                  <td>
                    <span className={`status status-${node.status}`}>{node.status}</span>
                  </td>
                  <td>{node.reference ?? '—'}</td>
                  <td className="amount">{formatMoney(node.total.includingVat, node.currency)}</td>
                  <td>{node.payments.map((payment) => `${payment.adapterId.replace(/_adapter$/, '')}: ${payment.state}`).join(', ') || '—'}</td>
                  <td>{formatTime(node.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {page.data.orders.edges.length === 0 && <p>No orders match.</p>}
          <p className="pager">
            <button type="button" disabled={cursors.length === 0} onClick={() => setCursors(cursors.slice(0, -1))}>
              Newer
            </button>
            <button type="button" disabled={!page.data.orders.pageInfo.hasNextPage} onClick={() => setCursors([...cursors, page.data!.orders.pageInfo.endCursor!])}>
              Older
            </button>
          </p>
        </>
      )}
    </section>
  );
}
