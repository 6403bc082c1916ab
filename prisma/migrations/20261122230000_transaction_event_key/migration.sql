-- A provider event's key (docs/adapter-kit.md, "Webhooks"): one row per (payment, key), so the
-- second delivery of an event is refused inside the commit that would apply it again.
ALTER TABLE "payment_transactions" ADD COLUMN "event_key" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "payment_transactions_payment_id_event_key_key" ON "payment_transactions"("payment_id", "event_key");
