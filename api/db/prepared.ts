import type { Database, Executor } from './client';

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

const byShape = new WeakMap<Executor, Map<string, unknown>>();

/**
 * A query of one of a few shapes (a list's sort and page size, the number of brands of a scope), prepared once
 * per executor and shape: `name` is both the key and the statement's name, so it must name everything that
 * changes the SQL text, and the shapes must stay few (each is a statement kept on every connection). Values
 * that vary within a shape are placeholders, given to `execute`.
 */
export function preparedShape<T>(executor: Executor, name: string, build: (name: string) => T): T {
  let queries = byShape.get(executor);
  if (!queries) byShape.set(executor, (queries = new Map()));
  let query = queries.get(name) as T | undefined;
  if (query === undefined) queries.set(name, (query = build(name)));
  return query;
}
