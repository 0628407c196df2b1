import { and, asc, desc, eq, gte, inArray, isNull, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_NAMED_KINDS,
  SIGN_IN_ACTIONS,
  collectReferences,
  nameKey,
  type AuditNamedKind,
} from '../../../contract/audit';
import type { Executor } from '../../db/client';
import { jakartaDayEnd, jakartaDayStart } from '../../db/jakarta';
import { auditLogs, brands, products, roles, users, vendorBrands, vendors } from '../../db/schema';
import type { AuthUser } from '../../access/auth-user';
import { LOG_COUNT_CAP, offsetOf, pageMeta } from '../../http/pagination';
import { ROLE } from '../../access/roles';
import { EXPORT_BATCH } from '../export/workbook';
import type { AuditFilters, AuditListQuery } from './schema';

/**
 * The rows an actor reads (docs/decisions/014): administrators all; key accounts and brand users their brands'
 * and those of vendors serving them that name no brand; vendor users their vendor's.
 */
function visibleRows(actor: AuthUser): SQL {
  if (actor.roleId === ROLE.administrator) return sql`true`;
  if (actor.roleId === ROLE.vendor) return eq(auditLogs.vendorId, actor.vendorId ?? 0);
  const brandIds = actor.brandIds === 'all' ? [] : [...actor.brandIds];
  if (!brandIds.length) return sql`false`;
  const list = sql.join(
    brandIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return or(
    sql`${auditLogs.brandId} in (${list})`,
    and(
      isNull(auditLogs.brandId),
      sql`${auditLogs.vendorId} in (select ${vendorBrands.vendorId} from ${vendorBrands}
        where ${vendorBrands.brandId} in (${list}))`,
    ),
  ) as SQL;
}

function whereOf(actor: AuthUser, filters: AuditFilters) {
  return and(
    visibleRows(actor),
    filters.actor ? eq(auditLogs.actorId, filters.actor) : undefined,
    filters.entity ? eq(auditLogs.entity, filters.entity) : undefined,
    filters.entity_id ? eq(auditLogs.entityId, filters.entity_id) : undefined,
    filters.action ? eq(auditLogs.action, filters.action) : undefined,
    // Sign-ins outnumber every other row: left out unless asked for, or named by the action filter.
    filters.action || filters.sign_ins === '1'
      ? undefined
      : notInArray(auditLogs.action, [...SIGN_IN_ACTIONS]),
    filters['date-from'] ? gte(auditLogs.createdAt, jakartaDayStart(filters['date-from'])) : undefined,
    filters['date-to'] ? lt(auditLogs.createdAt, jakartaDayEnd(filters['date-to'])) : undefined,
  );
}

const columns = {
  id: auditLogs.id,
  actorId: auditLogs.actorId,
  actorName: users.name,
  actorEmail: users.email,
  action: auditLogs.action,
  entity: auditLogs.entity,
  entityId: auditLogs.entityId,
  changes: auditLogs.changes,
  ip: auditLogs.ip,
  brandId: auditLogs.brandId,
  vendorId: auditLogs.vendorId,
  createdAt: auditLogs.createdAt,
};

type AuditRow = {
  id: number;
  actorId: number | null;
  actorName: string | null;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  changes: Record<string, { before: unknown; after: unknown }>;
  ip: string | null;
  brandId: number | null;
  vendorId: number | null;
  createdAt: Date;
};

/**
 * What the actor may read of a row's changes: a vendor's record names every brand it serves (`brandIds`), and a
 * brand-side reader sees only its own brands among them.
 */
function changesFor(actor: AuthUser, changes: AuditRow['changes']): AuditRow['changes'] {
  const served = changes.brandIds;
  if (!served || actor.roleId === ROLE.administrator || actor.roleId === ROLE.vendor) return changes;
  const own = actor.brandIds === 'all' ? null : new Set(actor.brandIds);
  if (!own) return changes;
  const keep = (value: unknown) => (Array.isArray(value) ? value.filter((id) => own.has(id)) : value);
  return { ...changes, brandIds: { before: keep(served.before), after: keep(served.after) } };
}

const NAME_TABLES = {
  product: products,
  vendor: vendors,
  role: roles,
  brand: brands,
  user: users,
} as const;

/**
 * The names of the products, vendors, roles, brands and users a page of rows names (its records and the ids in
 * its changes): one query per kind for the whole page, never one per row.
 */
async function namesOf(db: Executor, rows: AuditRow[]) {
  const wanted = new Map<AuditNamedKind, Set<number>>();
  for (const row of rows) {
    collectReferences(row.changes, wanted);
    const kind = AUDIT_NAMED_KINDS.find((named) => named === row.entity);
    if (kind && row.entityId && /^\d{1,10}$/.test(row.entityId)) {
      const set = wanted.get(kind) ?? new Set<number>();
      wanted.set(kind, set.add(Number(row.entityId)));
    }
  }
  const names = new Map<string, string>();
  await Promise.all(
    [...wanted].map(async ([kind, ids]) => {
      const table = NAME_TABLES[kind];
      const list = [...ids].filter((id) => id > 0 && id <= 2_147_483_647);
      if (!list.length) return;
      const found = await db
        .select({ id: table.id, name: table.name })
        .from(table)
        .where(inArray(table.id, list));
      for (const { id, name } of found) names.set(nameKey(kind, id), name);
    }),
  );
  return names;
}

/** The names one row refers to, out of a page's. */
function namesFor(row: AuditRow, names: Map<string, string>) {
  const own: Record<string, string> = {};
  const refs = collectReferences(row.changes);
  const kind = AUDIT_NAMED_KINDS.find((named) => named === row.entity);
  if (kind && row.entityId) refs.set(kind, (refs.get(kind) ?? new Set()).add(Number(row.entityId)));
  for (const [refKind, ids] of refs)
    for (const id of ids) {
      const name = names.get(nameKey(refKind, id));
      if (name) own[nameKey(refKind, id)] = name;
    }
  return own;
}

async function withNames(db: Executor, rows: AuditRow[]) {
  const names = await namesOf(db, rows);
  return rows.map((row) => serializeAuditRow(row, namesFor(row, names)));
}

export function serializeAuditRow(row: AuditRow, names: Record<string, string> = {}) {
  return {
    id: row.id,
    actor: row.actorId ? { id: row.actorId, name: row.actorName, email: row.actorEmail } : null,
    action: row.action,
    entity: row.entity,
    entity_id: row.entityId,
    changes: row.changes,
    ip: row.ip,
    brand_id: row.brandId,
    vendor_id: row.vendorId,
    /** Names of the records the row refers to, by `kind:id` (product, vendor, role, brand, user). */
    names,
    created_at: row.createdAt.toISOString(),
  };
}

/** Newest first, by id (the order they were written). */
export async function listAuditRows(db: Executor, actor: AuthUser, query: AuditListQuery) {
  const where = whereOf(actor, query);
  const order = query.order_by === 'asc' ? asc(auditLogs.id) : desc(auditLogs.id);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(columns)
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.actorId))
      .where(where)
      .orderBy(order)
      .limit(query.per_page)
      .offset(offsetOf(query))
      .then((found) => found.map((row) => ({ ...row, changes: changesFor(actor, row.changes) }))),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(sql`(select 1 from ${auditLogs} where ${where} limit ${LOG_COUNT_CAP}) as capped`),
  ]);
  return {
    data: await withNames(db, rows),
    meta: pageMeta({ page: query.page, perPage: query.per_page, total, count: rows.length }),
  };
}

/** Every matching row newest first, as the log lists them, a batch at a time, for the export. */
export async function* auditBatches(db: Executor, actor: AuthUser, filters: AuditFilters) {
  const where = whereOf(actor, filters);
  let before: number | undefined;
  for (;;) {
    const rows = await db
      .select(columns)
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.actorId))
      .where(before === undefined ? where : and(where, lt(auditLogs.id, before)))
      .orderBy(desc(auditLogs.id))
      .limit(EXPORT_BATCH);
    if (rows.length)
      yield await withNames(
        db,
        rows.map((row) => ({ ...row, changes: changesFor(actor, row.changes) })),
      );
    if (rows.length < EXPORT_BATCH) return;
    before = rows[rows.length - 1].id;
  }
}
