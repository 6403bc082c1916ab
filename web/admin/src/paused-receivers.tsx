import { useCallback, useState } from 'react';
import type { Gql } from './api';
import { AdminPausedReceiversDocument, AdminResumeReceiverDocument, type AdminPausedReceiversQuery } from './generated/graphql';
import { Problem, Time, useQuery } from './ui';

/** A paused receiver as the list reads it (AdminPausedReceivers in operations.graphql). */
type Receiver = AdminPausedReceiversQuery['notificationReceivers']['nodes'][number];

/**
 * The channel's paused receivers (a receiver that failed again and again holds its deliveries),
 * each with its last error and a Resume: its failures start over and what it holds is sent at
 * once. `onResumed` lets the page read its deliveries again.
 */
export function PausedReceivers({ gql, onResumed }: { gql: Gql; onResumed: () => void }) {
  const list = useQuery(useCallback(() => gql(AdminPausedReceiversDocument), [gql]));
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const resume = async (receiver: Receiver) => {
    setBusy(receiver.id);
    setNotice(null);
    try {
      const { resumeNotificationReceiver: outcome } = await gql(AdminResumeReceiverDocument, { id: receiver.id });
      setNotice({ ok: true, text: `Resumed ${receiver.url}: ${outcome.requeued} held ${outcome.requeued === 1 ? 'delivery' : 'deliveries'} sent again.` });
      list.reload();
      onResumed();
    } catch (error) {
      setNotice({ ok: false, text: `Resume ${receiver.url}: ${(error as Error).message}` });
      list.reload();
    } finally {
      setBusy(null);
    }
  };

  const nodes = list.data?.notificationReceivers.nodes ?? [];
  return (
    <section className="receivers">
      <h2>Paused receivers</h2>
      {notice && (
        <p className={notice.ok ? 'saved' : 'problem'} role="status" data-testid="resume-outcome">
          {notice.text}
        </p>
      )}
      {list.error && <Problem error={list.error} />}
      {list.data && nodes.length === 0 && <p data-testid="no-paused-receivers">No receiver is paused.</p>}
      {nodes.length > 0 && (
        <div className="table-scroll">
          <table className="receivers">
            <thead>
              <tr>
                <th>Receiver</th>
                <th>Last error</th>
                <th>Failures in a row</th>
                <th>Paused</th>
                <th>Held</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {nodes.map((receiver) => (
                <tr key={receiver.id} data-receiver={receiver.id}>
                  <td>
                    <code>{receiver.url}</code>
                  </td>
                  <td className="error-detail-cell">
                    {receiver.lastError ?? '—'}
                    {receiver.lastFailureAt && <div className="hint"><Time iso={receiver.lastFailureAt} /></div>}
                  </td>
                  <td>
                    {receiver.consecutiveFailures}
                    {receiver.failingSince && <div className="hint">since <Time iso={receiver.failingSince} /></div>}
                  </td>
                  <td><Time iso={receiver.pausedAt} /></td>
                  <td>{receiver.queued}</td>
                  <td>
                    <button type="button" disabled={busy !== null} onClick={() => void resume(receiver)}>
                      Resume
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data?.notificationReceivers.pageInfo.hasNextPage && <p className="hint">More than 100 receivers are paused; the first 100 are shown.</p>}
    </section>
  );
}
