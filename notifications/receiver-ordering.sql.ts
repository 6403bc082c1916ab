/**
 * SQL conditions on a job `j` of notification_jobs (docs/events.md, "Ordering").
 *
 * ELIGIBLE: no earlier job of the same order is pending for the same receiver, nor for the
 * same notification id (so a payment's amountChanged calls stay in order even if its callback
 * URL changed). Other receivers' jobs never hold it back.
 */
export const ELIGIBLE = `not exists (
  select 1 from notification_jobs e
   where e.order_id = j.order_id and e.id < j.id and e.status = 'pending'
     and (e.receiver = j.receiver or e.notification_id = j.notification_id))`;

/** NOT_PAUSED: the job's receiver (per merchant and channel) is not paused. */
export const NOT_PAUSED = `not exists (
  select 1 from notification_receivers r
   where r.merchant = j.merchant and r.channel = j.channel and r.url = j.receiver and r.status = 'paused')`;

/**
 * ELIGIBLE and NOT_PAUSED as checks of one row each (a subquery with a limit, which the planner
 * keeps per row instead of turning it into an anti-join over every pending job): a claim walks the
 * pending jobs in id order and stops at its batch, whatever the backlog.
 */
export const ELIGIBLE_EACH = `(select true from notification_jobs e
   where e.order_id = j.order_id and e.id < j.id and e.status = 'pending'
     and (e.receiver = j.receiver or e.notification_id = j.notification_id)
   limit 1) is null`;

export const NOT_PAUSED_EACH = `(select true from notification_receivers r
   where r.merchant = j.merchant and r.channel = j.channel and r.url = j.receiver and r.status = 'paused'
   limit 1) is null`;
