-- CreateTable
CREATE TABLE "orders" (
    "id" TEXT NOT NULL,
    "merchant" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "reference" TEXT,
    "document" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "orders_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_events" (
    "id" UUID NOT NULL,
    "merchant" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "order_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "version" INTEGER,
    "actor" TEXT,
    "data" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_transactions" (
    "id" UUID NOT NULL,
    "merchant" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "order_id" TEXT NOT NULL,
    "payment_id" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "psp_event" TEXT,
    "amount" DECIMAL(20,6),
    "is_success" BOOLEAN NOT NULL,
    "psp_status" TEXT,
    "request_json" JSONB,
    "response_json" JSONB,
    "error_detail" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_transactions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "configurations" (
    "merchant" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "configuration_id" TEXT NOT NULL,
    "schema_url" TEXT NOT NULL,
    "document" JSONB NOT NULL,
    "secrets" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "configurations_pkey" PRIMARY KEY ("merchant","channel","configuration_id")
);

-- CreateIndex
CREATE INDEX "orders_merchant_channel_status_created_at_idx" ON "orders"("merchant", "channel", "status", "created_at");

-- CreateIndex
CREATE INDEX "order_events_merchant_channel_order_id_created_at_idx" ON "order_events"("merchant", "channel", "order_id", "created_at");

-- CreateIndex
CREATE INDEX "payment_transactions_merchant_channel_payment_id_created_at_idx" ON "payment_transactions"("merchant", "channel", "payment_id", "created_at");

-- CreateIndex
CREATE INDEX "payment_transactions_merchant_channel_is_success_created_at_idx" ON "payment_transactions"("merchant", "channel", "is_success", "created_at");
