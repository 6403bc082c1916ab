-- The database session of the process holding an order's writer turn (docs/order-engine.md,
-- "Writers across processes"): the key of the advisory lock that session holds while it lives
-- (subgraphs/order/engine/order-turn.lease.ts). A writer that can take that lock knows the
-- holder's session is gone (its process died) and takes the turn over at once. Meaningful only
-- while turn_holder is set; null when the holder had no session (the turn then ends at turn_until).
ALTER TABLE "orders" ADD COLUMN "turn_session" BIGINT;
