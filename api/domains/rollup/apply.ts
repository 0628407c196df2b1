import { sql, type SQL } from 'drizzle-orm';
import type { RollupTable } from './statements';

/**
 * Writes into a rollup table as data-modifying CTEs, so one statement carries the writes of every table a flush
 * touches. Each update, delete and insert works on rows of its own (the update and the delete split the matching
 * rows by their result, the insert takes the keys without a row), since one statement may not change a row twice.
 * The rows are guarded by the tracker's advisory locks, so nobody else writes them meanwhile. The text around the
 * parts that carry values depends on the table alone, so it is built once per table.
 */

function quoted(names: readonly string[], alias?: string) {
  return names.map((column) => (alias ? `${alias}."${column}"` : `"${column}"`)).join(', ');
}

function sameKey(table: RollupTable, left: string, right: string) {
  return table.keys.map((key) => `${left}."${key}" = ${right}."${key}"`).join(' and ');
}

/** The CTE of addContributions that holds the table's summed contributions, by key. */
export function contributionsOf(table: RollupTable) {
  return `${table.alias}_delta`;
}

/** The CTE of replaceSlices that holds the table's recomputed rows. */
export function recomputedOf(table: RollupTable) {
  return `${table.alias}_recomputed`;
}

function texts(table: RollupTable) {
  const { alias, keys, measures } = table;
  const target = `"${table.name}"`;
  const allZeroAfter = measures.map((measure) => `t."${measure}" + d."${measure}" = 0`).join(' and ');
  const delta = contributionsOf(table);
  const recomputed = recomputedOf(table);
  return {
    deltaOpen: `${delta} as (select * from (select ${quoted(keys)}, ${measures
      .map((measure) => `sum("${measure}") as "${measure}"`)
      .join(', ')} from (`,
    deltaClose: `) c group by ${quoted(keys)}) d where ${measures.map((measure) => `d."${measure}" <> 0`).join(' or ')}),
    ${alias}_added as (update ${target} t set ${measures
      .map((measure) => `"${measure}" = t."${measure}" + d."${measure}"`)
      .join(', ')} from ${delta} d where ${sameKey(table, 't', 'd')} and not (${allZeroAfter})),
    ${alias}_emptied as (delete from ${target} t using ${delta} d where ${sameKey(table, 't', 'd')} and ${allZeroAfter}),
    ${alias}_started as (insert into ${target} (${quoted(keys)}, ${quoted(measures)})
      select ${quoted(keys, 'd')}, ${quoted(measures, 'd')} from ${delta} d
      where not exists (select 1 from ${target} t where ${sameKey(table, 't', 'd')}))`,
    recomputedOpen: `${recomputed} as (`,
    recomputedClose: `),
    ${alias}_updated as (update ${target} t set ${measures.map((measure) => `"${measure}" = f."${measure}"`).join(', ')}
      from ${recomputed} f
      where ${sameKey(table, 't', 'f')} and (${quoted(measures, 't')}) is distinct from (${quoted(measures, 'f')})),
    ${alias}_inserted as (insert into ${target} (${quoted(keys)}, ${quoted(measures)})
      select ${quoted(keys, 'f')}, ${quoted(measures, 'f')} from ${recomputed} f
      where not exists (select 1 from ${target} t where ${sameKey(table, 't', 'f')})),
    ${alias}_removed as (delete from ${target} t where (`,
    removedClose: `) and (${quoted(keys, 't')}) not in (select ${quoted(keys)} from ${recomputed}))`,
  };
}

const TEXTS = new Map<RollupTable, ReturnType<typeof texts>>();

function textsOf(table: RollupTable) {
  let found = TEXTS.get(table);
  if (!found) {
    found = texts(table);
    TEXTS.set(table, found);
  }
  return found;
}

/**
 * Adds signed contributions (`source`: rows of the table's keys and measures, several per key allowed) to the
 * table: a row whose figures all come to zero is deleted, a key without a row gets one.
 */
export function addContributions(table: RollupTable, source: SQL): SQL {
  const text = textsOf(table);
  return sql`${sql.raw(text.deltaOpen)}${source}${sql.raw(text.deltaClose)}`;
}

/**
 * Makes the table's rows meeting `inSlices` (a condition on `t`) equal to `fresh`, the rows recomputed for them:
 * changed rows updated, rows gone deleted, new ones inserted; rows that did not change are not written.
 */
export function replaceSlices(table: RollupTable, fresh: SQL, inSlices: SQL): SQL {
  const text = textsOf(table);
  return sql`${sql.raw(text.recomputedOpen)}${fresh}${sql.raw(text.recomputedClose)}${inSlices}${sql.raw(text.removedClose)}`;
}

/** One statement of CTEs; `select 1` at the end only because a statement needs a main query. */
export function statementOf(ctes: SQL[]) {
  return sql`with ${sql.join(ctes, sql`, `)} select 1`;
}
