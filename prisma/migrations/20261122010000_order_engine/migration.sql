-- Event records are listed in commit order.
ALTER TABLE "order_events" ADD COLUMN "seq" BIGSERIAL NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "order_events_seq_key" ON "order_events"("seq");

-- CreateTable: the document as of every committed version (subscriptions resolve each event as of its version).
CREATE TABLE "order_versions" (
    "order_id" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "merchant" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "document" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_versions_pkey" PRIMARY KEY ("order_id","version")
);

-- CreateTable: the notification outbox, filled in the commit's transaction, drained by the notification service.
CREATE TABLE "notification_jobs" (
    "id" BIGSERIAL NOT NULL,
    "merchant" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "order_id" TEXT NOT NULL,
    "order_version" INTEGER NOT NULL,
    "notification_id" TEXT NOT NULL,
    "invoke" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "delivered_at" TIMESTAMPTZ(3),

    CONSTRAINT "notification_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "notification_jobs_status_next_attempt_at_idx" ON "notification_jobs"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "notification_jobs_order_id_id_idx" ON "notification_jobs"("order_id", "id");
