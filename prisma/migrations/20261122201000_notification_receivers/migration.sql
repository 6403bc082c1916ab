-- A notification's receiver is its invoke URL, normalised: scheme and authority lower-cased,
-- the scheme's default port (http :80, https :443) and any fragment dropped, an empty path read
-- as "/", and a path segment that is the job's own order id read as "{orderId}" (adapters put
-- the order in their callback paths; their endpoint is one receiver, not one per order).
-- Anything that does not look like scheme://authority stays as written.
-- IMMUTABLE, so the outbox can keep it as a stored column (docs/events.md, "Receivers").
CREATE FUNCTION notification_receiver_url(invoke TEXT, order_id TEXT) RETURNS TEXT
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN m IS NULL THEN invoke ELSE
    lower(m[1]) || '://' ||
    CASE
      WHEN lower(m[1]) = 'http' AND lower(m[2]) LIKE '%:80' THEN left(lower(m[2]), -3)
      WHEN lower(m[1]) = 'https' AND lower(m[2]) LIKE '%:443' THEN left(lower(m[2]), -4)
      ELSE lower(m[2])
    END ||
    CASE WHEN m[3] = '' THEN '/' ELSE (
      SELECT string_agg(CASE WHEN segment = order_id THEN '{orderId}' ELSE segment END, '/' ORDER BY n)
        FROM unnest(string_to_array(m[3], '/')) WITH ORDINALITY AS s(segment, n)
    ) END ||
    coalesce('?' || m[4], '')
  END
  FROM (SELECT regexp_match(split_part(invoke, '#', 1), '^([A-Za-z][A-Za-z0-9+.-]*)://([^/?]*)([^?]*)(?:\?(.*))?$') AS m) AS parsed
$$;

-- Every job knows its receiver: delivery is ordered per (order, receiver), and a paused receiver's jobs wait.
ALTER TABLE "notification_jobs" ADD COLUMN "receiver" TEXT GENERATED ALWAYS AS (notification_receiver_url("invoke", "order_id")) STORED NOT NULL;

-- CreateIndex
CREATE INDEX "notification_jobs_merchant_channel_receiver_status_idx" ON "notification_jobs"("merchant", "channel", "receiver", "status");

-- CreateIndex
CREATE INDEX "notification_jobs_merchant_channel_status_id_idx" ON "notification_jobs"("merchant", "channel", "status", "id");

-- CreateTable: the health of each receiver per merchant and channel; a row from its first failure on.
CREATE TABLE "notification_receivers" (
    "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
    "merchant" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "consecutive_failures" INTEGER NOT NULL DEFAULT 0,
    "failing_since" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "last_failure_at" TIMESTAMPTZ(3),
    "last_success_at" TIMESTAMPTZ(3),
    "paused_at" TIMESTAMPTZ(3),
    "paused_order_id" TEXT,
    "resumed_at" TIMESTAMPTZ(3),
    "resumed_by" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notification_receivers_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "notification_receivers_merchant_channel_url_key" ON "notification_receivers"("merchant", "channel", "url");

-- CreateIndex
CREATE INDEX "notification_receivers_status_idx" ON "notification_receivers"("status");
