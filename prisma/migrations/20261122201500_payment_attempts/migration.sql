-- Attempts: a failed create logged before any payment existed has no payment id; every row
-- names the adapter that logged it, so adapters read only their own (docs/payment-api.md).
ALTER TABLE "payment_transactions" ALTER COLUMN "payment_id" DROP NOT NULL;
ALTER TABLE "payment_transactions" ADD COLUMN "adapter_id" TEXT;

-- Rows logged before: the adapter of the payment they belong to.
UPDATE "payment_transactions" AS t
SET "adapter_id" = p.value->>'adapterId'
FROM "orders" AS o CROSS JOIN LATERAL jsonb_array_elements(coalesce(o."document"->'payments', '[]'::jsonb)) AS p(value)
WHERE o."id" = t."order_id" AND o."merchant" = t."merchant" AND o."channel" = t."channel" AND p.value->>'id' = t."payment_id";

-- CreateIndex
CREATE INDEX "payment_transactions_merchant_channel_order_id_created_at_idx" ON "payment_transactions"("merchant", "channel", "order_id", "created_at");
