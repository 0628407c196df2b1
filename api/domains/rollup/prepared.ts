import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';

const dialect = new PgDialect();

/**
 * Runs `query` as a named prepared statement, named after its text: planning the flush's statement costs more
 * than running it, and PostgreSQL keeps a generic plan of a named statement once it has run a few times on a
 * connection (PGlite ignores the name). Only for statements of a few shapes, as each stays prepared on every
 * connection of the pool.
 */
export async function executePrepared(executor: Executor, query: SQL): Promise<void> {
  const compiled = dialect.sqlToQuery(query);
  const name = `rollup_${createHash('sha1').update(compiled.sql).digest('hex')}`;
  await executor._.session.prepareQuery(compiled, undefined, name, false).execute();
}
