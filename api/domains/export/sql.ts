import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** `YYYY-MM-DD HH:mm:ss` in Asia/Jakarta, as jakartaTimestamp writes it, formatted by the database. */
export function jakartaText(column: PgColumn) {
  return sql`to_char(${column} at time zone 'Asia/Jakarta', 'YYYY-MM-DD HH24:MI:SS')`;
}
