import { ELIGIBLE, NOT_PAUSED } from './receiver-ordering.sql.js';

/** A receiver's host: `scheme://authority` of the normalised receiver (docs/events.md); one that is no URL stands for itself. */
const HOST_PATTERN = '^[^/?#]*//[^/?#]*';

/**
 * The order document as of a committed version: it rides on the first event that version's commit
 * wrote (docs/database.md). `writtenAt` is when a job of that version was queued: the version's
 * event was written then or before (by the same commit, whose jobs and events share its `now()`),
 * so the walk goes back from there, newest first, and stops at it — not through every event the
 * order has had since (later changes, each delivery's own event).
 */
export const VERSION_DOCUMENT = (merchant: string, channel: string, orderId: string, version: string, writtenAt: string) =>
  `select e.document from order_events e
    where e.merchant = ${merchant} and e.channel = ${channel} and e.order_id = ${orderId} and e.created_at <= ${writtenAt}
      and e.version = ${version} and e.document is not null
    order by e.created_at desc
    limit 1`;

/**
 * The claim (docs/scaling.md, "The outbox"): up to $1 due, eligible jobs, oldest first, none of a
 * host past its cap of $2 unexpired leases, looked for among the first $3 candidates; inserts their
 * leases (worker $5, for $4 ms) and answers them with their version's document. Run with a kept
 * (generic) plan: its parameters never change the plan's right shape, a walk of the pending jobs
 * in id order that stops at the batch.
 */
export const CLAIM_SQL = `with leased as (
    select l.host, count(*)::int as n
      from notification_leases l
     where l.lease_until > statement_timestamp()
     group by 1
  ), candidates as (
    select j.id, j.merchant, coalesce(substring(j.receiver from '${HOST_PATTERN}'), j.receiver) as host
      from notification_jobs j
     where j.status = 'pending' and j.next_attempt_at <= statement_timestamp()
       and not exists (select 1 from notification_leases l where l.job_id = j.id and l.lease_until > statement_timestamp())
       and coalesce(substring(j.receiver from '${HOST_PATTERN}'), j.receiver) <> all(array(select host from leased where n >= $2))
       and ${ELIGIBLE} and ${NOT_PAUSED}
     order by j.id
     limit $3
  ), chosen as (
    select c.id, c.merchant, c.host from (
      select c.id, c.merchant, c.host, row_number() over (partition by c.host order by c.id) + coalesce(l.n, 0) as slot
        from candidates c left join leased l on l.host = c.host) c
     where c.slot <= $2
     order by c.id
     limit $1
  ), claimed as (
    insert into notification_leases as l (job_id, merchant, host, leased_by, lease_until)
    select c.id, c.merchant, c.host, $5, clock_timestamp() + $4::int * interval '1 millisecond' from chosen c
        on conflict (job_id) do update set leased_by = excluded.leased_by, lease_until = excluded.lease_until
     where l.lease_until <= statement_timestamp()
    returning l.job_id
  )
  select j.id::text as id, j.merchant, j.channel, j.order_id as "orderId", j.order_version as "orderVersion",
         j.kind, j.notification_id as "notificationId", j.invoke, j.receiver, j.payload, j.attempts, v.document, j.trace_context as "traceContext"
    from claimed c join notification_jobs j on j.id = c.job_id
    left join lateral (${VERSION_DOCUMENT('j.merchant', 'j.channel', 'j.order_id', 'j.order_version', 'j.created_at')}) v on true
   order by j.id`;
