-- The database session of the process holding an order's writer turn (docs/order-engine.md,
-- "Writers across processes"): the key of the advisory lock that session holds while it lives
-- (subgraphs/order/engine/order-turn.lease.ts), and when the turn was taken. A writer that can
-- take that lock knows the holder's session is gone (its process died) and takes the turn over
-- at once — unless the turn was taken before PostgreSQL itself restarted, which ended every
-- session: its holder may live and be reconnecting. Meaningful only while turn_holder is set;
-- turn_session is null when the holder had no session (the turn then ends at turn_until).
ALTER TABLE "orders" ADD COLUMN "turn_session" BIGINT;
ALTER TABLE "orders" ADD COLUMN "turn_taken" TIMESTAMPTZ(3);
