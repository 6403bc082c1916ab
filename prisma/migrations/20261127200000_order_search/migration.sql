-- The admin's order search and filters (docs/admin.md, "Finding an order").
-- The text an order is found by: id, reference, the billing and shipping names, e-mails and phones,
-- and the phones' digits alone (+47 912 34 567 is found by 91234567), lower-cased. One function so
-- the index below and the query use the same expression.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE FUNCTION order_search_text(id text, reference text, document jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(
    id || ' ' || coalesce(reference, '') || ' ' ||
    coalesce(document #>> '{customer,billing,givenName}', '') || ' ' || coalesce(document #>> '{customer,billing,familyName}', '') || ' ' ||
    coalesce(document #>> '{customer,billing,email}', '') || ' ' || coalesce(document #>> '{customer,billing,phone}', '') || ' ' ||
    coalesce(document #>> '{customer,shipping,givenName}', '') || ' ' || coalesce(document #>> '{customer,shipping,familyName}', '') || ' ' ||
    coalesce(document #>> '{customer,shipping,email}', '') || ' ' || coalesce(document #>> '{customer,shipping,phone}', '') || ' ' ||
    regexp_replace(coalesce(document #>> '{customer,billing,phone}', ''), '[^0-9]', '', 'g') || ' ' ||
    regexp_replace(coalesce(document #>> '{customer,shipping,phone}', ''), '[^0-9]', '', 'g')
  )
$$;

-- Substring search (ILIKE '%…%') through trigrams; the tenant is then checked on the rows found.
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin (order_search_text(id, reference, document) gin_trgm_ops);

-- The payment state and adapter filters: containment in the payments array.
CREATE INDEX "orders_payments_idx" ON "orders" USING gin ((document -> 'payments') jsonb_path_ops);

-- Sorting a tenant's orders by total (and its keyset pages).
CREATE INDEX "orders_tenant_total_idx" ON "orders" (merchant, channel, ((document #>> '{total,includingVat}')::numeric), id);

-- Sorting by creation and date ranges across statuses (the older index leads with status).
CREATE INDEX "orders_tenant_created_idx" ON "orders" (merchant, channel, created_at, id);
