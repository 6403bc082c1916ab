-- Leased claims (docs/scaling.md, "The outbox"): a job is claimed by setting a lease and delivered
-- outside any transaction; the lease ends with the recorded outcome, or expires if the process died.
ALTER TABLE "notification_jobs" ADD COLUMN "lease_until" TIMESTAMPTZ(3);
ALTER TABLE "notification_jobs" ADD COLUMN "leased_by" TEXT;

-- The leases in force (a few per worker): counted per receiver host by every claim (host caps across replicas).
CREATE INDEX "notification_jobs_lease_until_idx" ON "notification_jobs" ("lease_until") WHERE "lease_until" IS NOT NULL;

-- Retention's sweep: settled jobs by when they settled.
CREATE INDEX "notification_jobs_settled_idx" ON "notification_jobs" ("updated_at") WHERE "status" <> 'pending';
