-- The outbox carries notifications and payments' amountChanged callbacks.
ALTER TABLE "notification_jobs" ADD COLUMN "kind" TEXT NOT NULL DEFAULT 'notification';
