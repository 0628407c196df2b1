import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';

const SERIAL_TYPES: Record<string, string> = {
  serial: 'integer',
  bigserial: 'bigint',
  smallserial: 'smallint',
};

function quoteIdentifier(name: string) {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * Inserts rows `batchSize` at a time, each batch as one JSON parameter unpacked server-side. One parameter
 * per batch keeps clear of the 65,535-parameter limit and of per-value query building, which is what
 * makes a million-order seed take minutes rather than hours.
 */
export async function bulkInsert<T extends PgTable>(
  db: Executor,
  table: T,
  rows: readonly T['$inferInsert'][],
  batchSize = 5000,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(rows[0]).filter((key) => key in columns);
  // Every row must name the same columns: a key missing from some rows would silently insert null there.
  for (const row of rows) {
    if (Object.keys(row).length !== keys.length || keys.some((key) => !(key in row))) {
      throw new Error(
        `bulkInsert into ${getTableName(table)}: rows do not all have the keys ${keys.join(', ')}`,
      );
    }
  }
  const names = keys.map((key) => quoteIdentifier(columns[key].name)).join(', ');
  const selects = keys
    .map((key, index) => {
      const type = columns[key].getSQLType();
      if (type === 'json' || type === 'jsonb') return `(e->${index})::${type}`;
      return `(e->>${index})::${SERIAL_TYPES[type] ?? type}`;
    })
    .join(', ');
  const head = sql.raw(
    `insert into ${quoteIdentifier(getTableName(table))} (${names}) select ${selects} from jsonb_array_elements(`,
  );
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize).map((row) => {
      const record = row as Record<string, unknown>;
      return keys.map((key) => {
        const value = record[key];
        return value instanceof Date ? value.toISOString() : (value ?? null);
      });
    });
    await db.execute(sql`${head}${JSON.stringify(batch)}::jsonb) as e`);
  }
}

export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Moves each table's id sequence past the explicit ids the seed inserted. */
export async function syncIdSequences(db: Executor, tableNames: readonly string[]): Promise<void> {
  for (const name of tableNames) {
    await db.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${name}', 'id'), coalesce((select max(id) from ${quoteIdentifier(name)}), 0) + 1, false)`,
      ),
    );
  }
}
