-- Client credentials the platform issues to adapters (docs/auth.md): the secret is kept as its
-- SHA-256 only; a revoked credential stays for the record.
CREATE TABLE "adapter_credentials" (
    "client_id" TEXT NOT NULL,
    "adapter_id" TEXT NOT NULL,
    "secret_hash" TEXT NOT NULL,
    "issued_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "adapter_credentials_pkey" PRIMARY KEY ("client_id")
);

CREATE INDEX "adapter_credentials_adapter_id_idx" ON "adapter_credentials"("adapter_id");
