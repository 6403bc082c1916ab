-- Leases apart from the job row (docs/scaling.md, "The outbox"). A claim used to write its lease
-- on the job's row: a whole new version of a ~1 kB row and an entry in each of the table's
-- indexes, per delivery, before the outcome wrote the row again. A lease is now a small row of its
-- own, inserted by the claim and deleted by the outcome's statement (in its transaction, so a job
-- is leased in every snapshot that sees it pending until its outcome commits); the job's row is
-- written once per attempt. A lease that is never deleted (its process died) expires as before.
CREATE TABLE "notification_leases" (
    "job_id" BIGINT NOT NULL,
    "merchant" TEXT NOT NULL,
    -- The job's receiver host (scheme://authority): the claims' per-host caps count leases by it.
    "host" TEXT NOT NULL,
    "leased_by" TEXT NOT NULL,
    "lease_until" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "notification_leases_pkey" PRIMARY KEY ("job_id")
);

-- The leases in force when this runs stay in force.
INSERT INTO "notification_leases" ("job_id", "merchant", "host", "leased_by", "lease_until")
SELECT "id", "merchant", coalesce(substring("receiver" from '^[^/?#]*//[^/?#]*'), "receiver"), "leased_by", "lease_until"
  FROM "notification_jobs"
 WHERE "status" = 'pending' AND "lease_until" IS NOT NULL AND "leased_by" IS NOT NULL;

DROP INDEX "notification_jobs_lease_until_idx";
ALTER TABLE "notification_jobs" DROP COLUMN "lease_until";
ALTER TABLE "notification_jobs" DROP COLUMN "leased_by";
