import { useCallback, useState } from 'react';
import type { Gql } from './api';
import { AdminDeliveriesDocument, AdminReplayDocument, type NotificationDeliveryStatus } from './generated/graphql';
import { PausedReceivers } from './paused-receivers';
import { Problem, Time, useQuery } from './ui';

/** The status filter's value as the query takes it (empty: every status). */
const deliveryStatusOf = (value: string): NotificationDeliveryStatus | null => (value === 'failed' || value === 'dead' ? value : null);

/** Paused receivers with resume; failed and dead-lettered notification deliveries across the channel's orders, each with a replay button. */
export function NotificationsPage({ gql }: { gql: Gql }) {
  const [status, setStatus] = useState('');
  const [orderId, setOrderId] = useState('');
  const [applied, setApplied] = useState({ status: '', orderId: '' });
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const list = useQuery(
    useCallback(() => gql(AdminDeliveriesDocument, { status: deliveryStatusOf(applied.status), orderId: applied.orderId || null }), [gql, applied]),
  );

  const replay = async (ids: string[]) => {
    setNotice(null);
    try {
      const { replayNotificationDeliveries: outcome } = await gql(AdminReplayDocument, { ids });
      const parts = [`${outcome.requeued.length} requeued`];
      if (outcome.held.length) parts.push(`${outcome.held.length} held by a paused receiver`);
      if (outcome.notReplayed.length) parts.push(`${outcome.notReplayed.length} not replayed (no longer failed, or being delivered)`);
      setNotice({ ok: outcome.requeued.length > 0, text: `Replay: ${parts.join(', ')}.` });
      list.reload();
    } catch (error) {
      setNotice({ ok: false, text: `Replay: ${(error as Error).message}` });
    }
  };

  const nodes = list.data?.notificationDeliveries.nodes ?? [];
  return (
    <>
      <PausedReceivers gql={gql} onResumed={list.reload} />
      <section>
        <h2>Failed notifications</h2>
        <form
          className="filters"
          onSubmit={(event) => {
            event.preventDefault();
            setApplied({ status, orderId: orderId.trim() });
          }}
        >
          <label>
            Status
            <select name="status" value={status} onChange={(event) => setStatus(event.target.value)}>
              <option value="">failed or dead-lettered</option>
              <option value="failed">failed (retrying)</option>
              <option value="dead">dead-lettered</option>
            </select>
          </label>
          <label>
            Order <input name="orderId" value={orderId} onChange={(event) => setOrderId(event.target.value)} />
          </label>
          <button type="submit">Filter</button>
          <button type="button" onClick={list.reload}>
            Reload
          </button>
          <button type="button" disabled={!nodes.some((node) => node.status === 'dead')} onClick={() => void replay(nodes.filter((node) => node.status === 'dead').map((node) => node.id))}>
            Replay every dead-lettered one shown
          </button>
        </form>
        {notice && (
          <p className={notice.ok ? 'saved' : 'problem'} role="status" data-testid="replay-outcome">
            {notice.text}
          </p>
        )}
        {list.error && <Problem error={list.error} />}
        {list.data && nodes.length === 0 && <p data-testid="no-deliveries">No failed or dead-lettered deliveries.</p>}
        {nodes.length > 0 && (
          <div className="table-scroll">
            <table className="deliveries">
              <thead>
                <tr>
                  <th>Delivery</th>
                  <th>Order</th>
                  <th>Status</th>
                  <th>Receiver</th>
                  <th>Attempts</th>
                  <th>Last error</th>
                  <th>Next attempt</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {nodes.map((delivery) => (
                  <tr key={delivery.id} data-delivery={delivery.id} data-status={delivery.status}>
                    <td>
                      {delivery.id} <span className="hint">{delivery.kind}</span>
                    </td>
                    <td>
                      <a href={`#/orders/${encodeURIComponent(delivery.orderId)}`}>{delivery.orderId}</a> <span className="hint">v{delivery.orderVersion}</span>
                    </td>
                    <td>
                      <span className={`state state-${delivery.status}`}>{delivery.status === 'dead' ? 'dead-lettered' : 'failed'}</span>
                    </td>
                    <td>
                      <code>{delivery.invoke}</code>
                      {delivery.receiverStatus === 'paused' && <span className="hint"> (receiver paused)</span>}
                    </td>
                    <td>{delivery.attempts}</td>
                    <td className="error-detail-cell">{delivery.lastError ?? ''}</td>
                    <td><Time iso={delivery.nextAttemptAt} /></td>
                    <td>
                      <button type="button" onClick={() => void replay([delivery.id])}>
                        Replay
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
