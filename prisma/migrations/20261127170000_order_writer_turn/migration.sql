-- The writer's turn of an order across processes (docs/order-engine.md, "Writers across
-- processes"): who holds it (the cause of the change, or a random id) and until when, taken by the
-- fresh read of a change that calls out (hooks, payment lifecycle callbacks) and cleared by its
-- commit; and the writer of another process next in line for it, while it keeps asking.
ALTER TABLE "orders" ADD COLUMN "turn_holder" TEXT;
ALTER TABLE "orders" ADD COLUMN "turn_until" TIMESTAMPTZ(3);
ALTER TABLE "orders" ADD COLUMN "turn_next" TEXT;
ALTER TABLE "orders" ADD COLUMN "turn_next_until" TIMESTAMPTZ(3);
