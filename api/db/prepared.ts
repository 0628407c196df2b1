import type { Database } from './client';

const byDatabase = new WeakMap<Database, Map<(db: Database) => unknown, unknown>>();

/**
 * The query `build` makes, prepared once per database: drizzle builds its SQL once, and PostgreSQL keeps the
 * named statement (and, for a key lookup, its generic plan) on each connection. For the few hot lookups that run
 * on every request; `build` must end in `.prepare(name)` with a name of its own.
 */
export function preparedQuery<T>(db: Database, build: (db: Database) => T): T {
  let queries = byDatabase.get(db);
  if (!queries) byDatabase.set(db, (queries = new Map()));
  if (!queries.has(build)) queries.set(build, build(db));
  return queries.get(build) as T;
}
