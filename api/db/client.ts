import { mkdirSync } from 'node:fs';
import type { Pool } from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { keepEventLoopTurning } from './pglite-turns';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

/**
 * The working set lives in memory or on SSD, where a random page costs about what a sequential one does. With
 * the default (4) the planner walks the order-number index and filters a status tab's rows out of 15,000
 * newer ones, rather than reading that status's own index.
 */
const RANDOM_PAGE_COST = 1.1;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the pool, for work that needs one connection throughout (the migration lock). */
  pool?: Pool;
  close(): Promise<void>;
};

/** `url` postgres://… uses a pg pool; otherwise PGlite persisted under `dataDir` (or in memory when `dataDir` is 'memory://'). */
export async function openDatabase({
  url,
  dataDir,
}: {
  url?: string;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({
      connectionString: url,
      // While the server is down, a request fails in seconds with a 503 instead of waiting for a connection.
      connectionTimeoutMillis: 5_000,
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
      // JIT compilation costs ~25 ms on the heavier dashboard queries, more than it ever saves on these plans.
      options: `-c random_page_cost=${RANDOM_PAGE_COST} -c jit=off`,
    });
    // A connection the server drops while idle (restart, failover, admin) must not crash the process; the pool replaces it.
    pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
    const db = drizzle(pool, { schema }) as unknown as Database;
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = keepEventLoopTurning(new PGlite(dataDir, { extensions: { pg_trgm, btree_gist } }));
  await client.waitReady;
  await client.exec(`set random_page_cost = ${RANDOM_PAGE_COST}`);
  const db = drizzle(client, { schema }) as unknown as Database;
  return { db, kind: 'pglite', close: () => client.close() };
}
