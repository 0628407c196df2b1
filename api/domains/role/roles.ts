import { and, asc, count, desc, eq, ilike, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/like';
import { gateSettings, roles, users } from '../../db/schema';
import type { AuthUser } from '../../access/auth-user';
import { alreadyTaken, forbidden, notFound, validationFailed } from '../../api-error';
import { offsetOf, pageMeta, sortColumn } from '../../http/pagination';
import type { Work } from '../../work/unit-of-work';
import { outranks } from '../../access/grants';
import { permissionNamesOfRole } from '../../access/permissions';
import { ROLE } from '../../access/roles';
import { isBaseRole, rolesOfScope, scopeColumns, type SettingsScope } from '../../access/settings-scope';
import type { RoleBody, RoleListQuery } from './schema';
import { serializeRole } from './serializers';

const SORTS = { name: roles.name, updated_at: roles.updatedAt, created_at: roles.createdAt, id: roles.id };

/** Roles of a scope (the role list, and the role select of the user and permission forms). */
export async function listRoles(db: Executor, scope: SettingsScope, query: RoleListQuery) {
  const where = and(
    rolesOfScope(scope),
    query.search ? ilike(roles.name, containsPattern(query.search)) : undefined,
  );
  const column = SORTS[sortColumn(SORTS, query.sorted_by, 'name')];
  const direction = query.order_by === 'desc' ? desc : asc;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(roles)
      .where(where)
      .orderBy(direction(column), direction(roles.id))
      .limit(query.per_page)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(roles).where(where),
  ]);
  return {
    data: rows.map(serializeRole),
    meta: pageMeta({ page: query.page, perPage: query.per_page, total, count: rows.length }),
  };
}

/** A role of `scope`; any other is a 404, as if it did not exist. */
export async function findRole(executor: Executor, scope: SettingsScope, id: number, lock = false) {
  const query = executor
    .select()
    .from(roles)
    .where(and(eq(roles.id, id), rolesOfScope(scope)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** Refuses a change to a role that holds more than the actor does, or to the administrators' role. */
export async function requireManageableRole(executor: Executor, actor: AuthUser, role: { id: number }) {
  const held = await permissionNamesOfRole(executor, role.id);
  if (
    !outranks(actor, {
      kindId: role.id === ROLE.administrator ? ROLE.administrator : undefined,
      permissions: held,
    })
  )
    throw forbidden();
  return held;
}

async function refuseTakenName(executor: Executor, scope: SettingsScope, name: string, exceptId?: number) {
  const [taken] = await executor
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        rolesOfScope(scope),
        sql`lower(${roles.name}) = lower(${name})`,
        exceptId ? ne(roles.id, exceptId) : undefined,
      ),
    );
  if (taken) throw alreadyTaken('roles_scope_name_unique');
}

function refuseBaseRole(id: number, message: string) {
  if (isBaseRole(id)) throw validationFailed({ name: [message] });
}

export async function createRole(work: Work, scope: SettingsScope, body: RoleBody) {
  await refuseTakenName(work.tx, scope, body.name);
  const [role] = await work.tx
    .insert(roles)
    .values({ name: body.name, ...scopeColumns(scope), createdAt: work.at, updatedAt: work.at })
    .returning();
  work.audit({ action: 'role.store', entity: 'role', entityId: role.id, after: role });
  return role;
}

export async function updateRole(
  work: Work,
  actor: AuthUser,
  scope: SettingsScope,
  id: number,
  body: RoleBody,
) {
  const before = await findRole(work.tx, scope, id, true);
  refuseBaseRole(id, 'Nama peran bawaan tidak dapat diubah.');
  await requireManageableRole(work.tx, actor, before);
  await refuseTakenName(work.tx, scope, body.name, id);
  const [after] = await work.tx
    .update(roles)
    .set({ name: body.name, updatedAt: work.at })
    .where(eq(roles.id, id))
    .returning();
  work.audit({ action: 'role.update', entity: 'role', entityId: id, before, after });
  return after;
}

/** A role in use (assigned to an account not deleted) or a base role stays: 422 with the reason. */
export async function deleteRole(work: Work, actor: AuthUser, scope: SettingsScope, id: number) {
  const { tx } = work;
  const before = await findRole(tx, scope, id, true);
  refuseBaseRole(id, 'Peran bawaan tidak dapat dihapus.');
  await requireManageableRole(tx, actor, before);
  const [{ inUse }] = await tx
    .select({ inUse: count() })
    .from(users)
    .where(and(eq(users.assignedRoleId, id), isNull(users.deletedAt)));
  if (inUse > 0) {
    throw validationFailed({ name: [`Peran masih digunakan oleh ${inUse} pengguna.`] });
  }
  await tx
    .update(users)
    .set({ assignedRoleId: null })
    .where(and(eq(users.assignedRoleId, id), isNotNull(users.deletedAt)));
  await tx.delete(gateSettings).where(eq(gateSettings.roleId, id));
  await tx.delete(roles).where(eq(roles.id, id));
  work.audit({ action: 'role.destroy', entity: 'role', entityId: id, before });
}
