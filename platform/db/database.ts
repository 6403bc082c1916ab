import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/client.js';

export type { PrismaClient };

/** One connection pool per process, shared by Prisma and the few raw queries (LISTEN, locks). */
export interface Database {
  url: string;
  prisma: PrismaClient;
  pool: pg.Pool;
  /** Throws when the database cannot answer; used by /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function connectDatabase(url: string, options: { max?: number; /** Session settings (`-c name=value …`). */ sessionOptions?: string } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, ...(options.sessionOptions ? { options: options.sessionOptions } : {}) });
  // A connection that dies (server restart, terminated backend) must not crash the process: idle
  // ones are replaced by the pool, and for checked-out ones the running query rejects instead.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  let closed = false;
  return {
    url,
    prisma,
    pool,
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      await prisma.$disconnect();
      await pool.end();
    },
  };
}
