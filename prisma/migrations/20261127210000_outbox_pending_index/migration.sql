-- The outbox claim walks pending jobs in id order (notification-queue.repository.ts). Without this
-- index it walked the primary key and filtered out every delivered job ahead of the first pending
-- one, so each claim got slower the longer the outbox ran. Partial: it holds pending jobs only,
-- so its size follows the backlog, not the history.
CREATE INDEX "notification_jobs_pending_id_idx" ON "notification_jobs" ("id") WHERE "status" = 'pending';
