-- The outbox's ordering rule (notifications/receiver-ordering.sql.ts) asks, for each candidate job,
-- whether an earlier job of its order is still pending. On (order_id, id) that probe read every
-- settled job of the order ahead of it, so an order with a long history (or a long backlog) made
-- every claim, and the worker's look for the next due job, scan it again. Partial: it holds pending
-- jobs only, so the probe finds the first earlier pending job at once and the index stays the
-- backlog's size.
CREATE INDEX "notification_jobs_pending_order_id_idx" ON "notification_jobs" ("order_id", "id") WHERE "status" = 'pending';
