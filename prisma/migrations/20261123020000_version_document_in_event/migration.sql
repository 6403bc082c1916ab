-- The document as of each committed version moves into that commit's event row (order.created,
-- order.changed): one row fewer per commit. Subscriptions read a version from there.
ALTER TABLE "order_events" ADD COLUMN "document" JSONB;

-- Each version's snapshot goes to the first event its commit wrote.
UPDATE "order_events" e
   SET "document" = v."document"
  FROM "order_versions" v,
       LATERAL (
         SELECT first."id" FROM "order_events" first
          WHERE first."order_id" = v."order_id" AND first."version" = v."version"
            AND first."type" IN ('order.created', 'order.changed')
          ORDER BY first."seq" LIMIT 1
       ) chosen
 WHERE e."id" = chosen."id";

-- A version without such an event (none is written that way) keeps its document in an event of its own.
INSERT INTO "order_events" ("id", "merchant", "channel", "order_id", "type", "version", "actor", "data", "document", "created_at")
SELECT gen_random_uuid(), v."merchant", v."channel", v."order_id", 'order.version', v."version", NULL, '{}'::jsonb, v."document", v."created_at"
  FROM "order_versions" v
 WHERE NOT EXISTS (
   SELECT 1 FROM "order_events" e
    WHERE e."order_id" = v."order_id" AND e."version" = v."version" AND e."document" IS NOT NULL
 );

DROP TABLE "order_versions";
