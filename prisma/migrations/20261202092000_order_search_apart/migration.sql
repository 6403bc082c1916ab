-- The admin's search text and the payments' containment filter leave the orders row
-- (docs/database.md, docs/order-engine.md "What a commit writes"). Their two GIN indexes were
-- expressions over `document`, so every change of an order (the document is rewritten whole)
-- could no longer be a HOT update: each wrote new entries into every index of orders, the
-- trigram index's dozens included, about 2 kB more WAL per change. They now live in
-- order_search, one row per order, rewritten only when the search text or the payments change
-- (a trigger on orders); a cart change, the most common, no longer touches them.
CREATE TABLE "order_search" (
    "merchant" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "order_id" TEXT NOT NULL,
    "search_text" TEXT NOT NULL,
    "payments" JSONB,

    CONSTRAINT "order_search_pkey" PRIMARY KEY ("merchant", "channel", "order_id")
);

-- Substring search (LIKE '%…%') through trigrams, as before on orders.
CREATE INDEX "order_search_text_trgm_idx" ON "order_search" USING gin ("search_text" gin_trgm_ops);

-- The payment state and adapter filters, and the provider-reference lookup across tenants: containment.
CREATE INDEX "order_search_payments_idx" ON "order_search" USING gin ("payments" jsonb_path_ops);

-- Writes an order's search row from the order as it now is.
CREATE FUNCTION order_search_write() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_search (merchant, channel, order_id, search_text, payments)
  VALUES (NEW.merchant, NEW.channel, NEW.id, order_search_text(NEW.id, NEW.reference, NEW.document), NEW.document -> 'payments')
  ON CONFLICT (merchant, channel, order_id)
  DO UPDATE SET search_text = EXCLUDED.search_text, payments = EXCLUDED.payments;
  RETURN NULL;
END
$$;

-- Drops an order's search row with the order.
CREATE FUNCTION order_search_forget() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_search WHERE merchant = OLD.merchant AND channel = OLD.channel AND order_id = OLD.id;
  RETURN NULL;
END
$$;

CREATE TRIGGER "order_search_on_insert" AFTER INSERT ON "orders"
  FOR EACH ROW EXECUTE FUNCTION order_search_write();

-- order_search_text reads the id, the reference and the customer member only: a change that leaves
-- those and the payments as they were (a cart change, a status move) leaves the search row alone.
CREATE TRIGGER "order_search_on_update" AFTER UPDATE OF "reference", "document" ON "orders"
  FOR EACH ROW
  WHEN (OLD."reference" IS DISTINCT FROM NEW."reference"
     OR (OLD."document" -> 'customer') IS DISTINCT FROM (NEW."document" -> 'customer')
     OR (OLD."document" -> 'payments') IS DISTINCT FROM (NEW."document" -> 'payments'))
  EXECUTE FUNCTION order_search_write();

CREATE TRIGGER "order_search_on_delete" AFTER DELETE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION order_search_forget();

INSERT INTO "order_search" ("merchant", "channel", "order_id", "search_text", "payments")
SELECT "merchant", "channel", "id", order_search_text("id", "reference", "document"), "document" -> 'payments' FROM "orders";

-- Nothing on orders indexes the document any more but the total's btree (sorting by total), a
-- single key that changes with the cart only.
DROP INDEX "orders_search_trgm_idx";
DROP INDEX "orders_payments_idx";
