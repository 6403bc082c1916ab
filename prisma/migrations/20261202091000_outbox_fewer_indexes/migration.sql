-- Every claim and every recorded outcome rewrites its job's row, and each index of the table takes
-- a new entry for it: fewer indexes is less database work per delivery (docs/scaling.md, "The outbox").
-- (status, next_attempt_at) served no query since the claim walks notification_jobs_pending_id_idx;
-- the metrics' dead-letter count reads this partial index instead, which no delivery touches.
DROP INDEX "notification_jobs_status_next_attempt_at_idx";
CREATE INDEX "notification_jobs_dead_id_idx" ON "notification_jobs" ("id") WHERE "status" = 'dead';
-- A receiver's queued jobs (its admin page, its resume) are its pending ones: a partial index, which
-- a delivered job leaves.
DROP INDEX "notification_jobs_merchant_channel_receiver_status_idx";
CREATE INDEX "notification_jobs_pending_receiver_idx" ON "notification_jobs" ("merchant", "channel", "receiver", "id") WHERE "status" = 'pending';
