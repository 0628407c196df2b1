import { sql } from 'drizzle-orm';
import type { Database } from '../../api/db/client';
import { queryRows } from '../../api/seed/bulk-insert';

/** Each table of the public schema with a checksum of all its rows, so a test sees any row that changed. */
export type TableChecksums = Record<string, string>;

/** The tables of the public schema, by name. */
export async function publicTables(db: Database) {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  return rows.map((row) => row.name).filter((name) => name !== '__drizzle_migrations');
}

/**
 * One checksum per table over every row as text, read in one statement: a change to any column of any row (or a
 * row added or gone) changes its table's sum, where a count would miss an update in place. Each row's md5 is
 * summed as a 64-bit number beside the row count, so no table is sorted or joined into one long string.
 * `tables` defaults to every table of the public schema.
 */
export async function tableChecksums(db: Database, tables?: string[]): Promise<TableChecksums> {
  const names = tables ?? (await publicTables(db));
  if (names.length === 0) return {};
  const parts = names.map(
    (name) =>
      sql`select ${name} as name, count(*) || ':' || coalesce(sum(('x' || left(md5(t::text), 16))::bit(64)::bigint::numeric), 0) as digest from ${sql.identifier(name)} t`,
  );
  const rows = await queryRows<{ name: string; digest: string }>(db, sql.join(parts, sql` union all `));
  return Object.fromEntries(rows.map((row) => [row.name, row.digest]));
}

/** The tables whose rows differ between two checksums, by name. */
export function changedTables(before: TableChecksums, after: TableChecksums) {
  return Object.keys({ ...before, ...after })
    .filter((name) => before[name] !== after[name])
    .sort();
}
