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

