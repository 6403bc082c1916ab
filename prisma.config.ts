import { existsSync } from 'node:fs';
import { defineConfig } from 'prisma/config';

// `prisma generate` needs no schema engine, but Prisma 7 tries to download one unless this
// points at an existing file. Migrations are applied by platform/db/migrator.ts instead.
if (!process.env.PRISMA_SCHEMA_ENGINE_BINARY || !existsSync(process.env.PRISMA_SCHEMA_ENGINE_BINARY)) {
  process.env.PRISMA_SCHEMA_ENGINE_BINARY = process.execPath;
}

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/checkout' },
});
