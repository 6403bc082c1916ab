-- The writer's turn of an order across processes (docs/order-engine.md, "Writers across
-- processes"): who holds it (the cause of the change, or a random id) and until when. Taken by the
-- fresh read of a change that calls out (hooks, payment lifecycle callbacks), cleared by its commit.
ALTER TABLE "orders" ADD COLUMN "turn_holder" TEXT;
ALTER TABLE "orders" ADD COLUMN "turn_until" TIMESTAMPTZ(3);
