-- Checks across replicas (docs/scaling.md, "In-process assumptions").
-- The platform's published signing key: the one every ready platform process signs with. The
-- processes signing with it renew `held_until`; a process with another key is not ready until
-- no process has renewed it for a lease (all stopped), then it publishes its own.
CREATE TABLE "platform_signing_key" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "kid" TEXT NOT NULL,
    "public_jwk" JSONB NOT NULL,
    "published_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "held_until" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "platform_signing_key_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "platform_signing_key_one_row" CHECK ("id" = 1)
);

-- A credential the system runner issued is renewed by the process holding it; a later start
-- revokes only those no process renews any more, so replicas do not revoke each other's.
ALTER TABLE "adapter_credentials" ADD COLUMN "held_until" TIMESTAMPTZ(3);

-- Fingerprints of keys every process of a kind must share, first recorded wins (a key that
-- sealed data stays the key): `config_encryption_key`, an HMAC of a fixed text under the key.
CREATE TABLE "platform_key_checks" (
    "name" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "platform_key_checks_pkey" PRIMARY KEY ("name")
);
