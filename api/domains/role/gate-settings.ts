import { and, asc, count, desc, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/like';
import { gateSettingPermissions, gateSettings, permissions, roles } from '../../db/schema';
import type { AuthUser } from '../../access/auth-user';
import { alreadyTaken, forbidden, notFound, validationFailed } from '../../api-error';
import { offsetOf, pageMeta, sortColumn } from '../../http/pagination';
import type { Work } from '../../work/unit-of-work';
import { ANY, refuseUngranted } from '../../access/grants';
import { ROLE } from '../../access/roles';
import { belongsToScope, isBaseRole, rolesOfScope, type SettingsScope } from '../../access/settings-scope';
import { findRole, requireManageableRole } from './roles';
import type { GateSettingCreate, GateSettingUpdate, RoleListQuery } from './schema';
import { serializeGateSetting, type PermissionItem } from './serializers';

/** The permissions a gate setting of `scope` may hold, by name (never `any`, which only special accounts hold). */
export async function permissionsOfScope(executor: Executor, scope: SettingsScope) {
  const rows = await executor
    .select({ id: permissions.id, name: permissions.name })
    .from(permissions)
    .where(ne(permissions.name, ANY))
    .orderBy(asc(permissions.name));
  return rows.filter((row) => belongsToScope(scope, row.name));
}

/** The permission list of the permission form: those of the scope that the caller may hand on. */
export async function grantablePermissions(executor: Executor, scope: SettingsScope, user: AuthUser) {
  const all = await permissionsOfScope(executor, scope);
  const holdsAny = user.permissions.includes(ANY);
  return all.filter((row) => holdsAny || user.permissions.includes(row.name));
}

const totalPermission = sql<number>`(select count(*)::int from ${gateSettingPermissions}
  where ${gateSettingPermissions.gateSettingId} = ${gateSettings.id})`;

const SORTS = {
  role_name: roles.name,
  total_permission: totalPermission,
  updated_at: gateSettings.updatedAt,
  id: gateSettings.id,
};

export async function listGateSettings(db: Executor, scope: SettingsScope, query: RoleListQuery) {
  const where = and(
    rolesOfScope(scope),
    query.search ? ilike(roles.name, containsPattern(query.search)) : undefined,
  );
  const column = SORTS[sortColumn(SORTS, query.sorted_by, 'role_name')];
  const direction = query.order_by === 'desc' ? desc : asc;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ id: gateSettings.id, updatedAt: gateSettings.updatedAt, role: roles, totalPermission })
      .from(gateSettings)
      .innerJoin(roles, eq(roles.id, gateSettings.roleId))
      .where(where)
      .orderBy(direction(column), direction(gateSettings.id))
      .limit(query.per_page)
      .offset(offsetOf(query)),
    db
      .select({ total: count() })
      .from(gateSettings)
      .innerJoin(roles, eq(roles.id, gateSettings.roleId))
      .where(where),
  ]);
  return {
    data: rows.map(serializeGateSetting),
    meta: pageMeta({ page: query.page, perPage: query.per_page, total, count: rows.length }),
  };
}

async function findGateSettingRow(executor: Executor, scope: SettingsScope, id: number, lock = false) {
  const query = executor
    .select({ id: gateSettings.id, updatedAt: gateSettings.updatedAt, role: roles })
    .from(gateSettings)
    .innerJoin(roles, eq(roles.id, gateSettings.roleId))
    .where(and(eq(gateSettings.id, id), rolesOfScope(scope)));
  const [row] = lock ? await query.for('update', { of: gateSettings }) : await query;
  if (!row) throw notFound();
  return row;
}

async function permissionsOfGateSetting(executor: Executor, id: number): Promise<PermissionItem[]> {
  return executor
    .select({ id: permissions.id, name: permissions.name })
    .from(gateSettingPermissions)
    .innerJoin(permissions, eq(permissions.id, gateSettingPermissions.permissionId))
    .where(eq(gateSettingPermissions.gateSettingId, id))
    .orderBy(asc(permissions.name));
}

/** One gate setting with its role and permissions (`with=permissions,role`). */
export async function showGateSetting(executor: Executor, scope: SettingsScope, id: number) {
  const row = await findGateSettingRow(executor, scope, id);
  const held = await permissionsOfGateSetting(executor, id);
  return serializeGateSetting({ ...row, totalPermission: held.length, permissions: held });
}

/** The permissions named by `ids`, each one the scope offers and the actor may hand on (422 otherwise). */
async function chosenPermissions(executor: Executor, scope: SettingsScope, actor: AuthUser, ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rows = await executor
    .select({ id: permissions.id, name: permissions.name })
    .from(permissions)
    .where(inArray(permissions.id, unique));
  const offered = rows.filter((row) => row.name !== ANY && belongsToScope(scope, row.name));
  if (offered.length !== unique.length) {
    throw validationFailed({ permission_ids: ['The selected permission ids is invalid.'] });
  }
  refuseUngranted(
    actor,
    offered.map((row) => row.name),
  );
  return offered;
}

/**
 * The built-in roles' permission sets are every account of their kind's, across every brand: only
 * administrators change them.
 */
function requireChangeableSet(actor: AuthUser, role: { id: number }) {
  if (isBaseRole(role.id) && actor.roleId !== ROLE.administrator) throw forbidden();
}

/** The administrators' set may grow but never lose a permission: nobody would be left to give it back. */
function refuseTrimmingAdministrators(
  role: { id: number },
  before: PermissionItem[],
  after: PermissionItem[],
) {
  if (role.id !== ROLE.administrator) return;
  const kept = new Set(after.map((item) => item.id));
  if (before.some((item) => !kept.has(item.id))) {
    throw validationFailed({ permission_ids: ['The Administrator role keeps every permission it holds.'] });
  }
}

function names(items: PermissionItem[]) {
  return items.map((item) => item.name).sort();
}

function auditTenant(role: typeof roles.$inferSelect) {
  return { brandId: role.brandId, vendorId: role.vendorId };
}

export async function createGateSetting(
  work: Work,
  actor: AuthUser,
  scope: SettingsScope,
  body: GateSettingCreate,
) {
  const { tx } = work;
  const role = await findRole(tx, scope, body.role_id, true).catch(() => {
    throw validationFailed({ role_id: ['The selected role id is invalid.'] });
  });
  await requireManageableRole(tx, actor, role);
  requireChangeableSet(actor, role);
  const [existing] = await tx
    .select({ id: gateSettings.id })
    .from(gateSettings)
    .where(eq(gateSettings.roleId, role.id));
  if (existing) throw alreadyTaken('gate_settings_role_unique');
  const chosen = await chosenPermissions(tx, scope, actor, body.permission_ids);
  const [created] = await tx
    .insert(gateSettings)
    .values({ roleId: role.id, createdAt: work.at, updatedAt: work.at })
    .returning();
  if (chosen.length) {
    await tx
      .insert(gateSettingPermissions)
      .values(chosen.map((permission) => ({ gateSettingId: created.id, permissionId: permission.id })));
  }
  work.audit({
    action: 'gate-setting.store',
    entity: 'gate_setting',
    entityId: created.id,
    after: { roleId: role.id, permissions: names(chosen) },
    ...auditTenant(role),
  });
  return serializeGateSetting({ ...created, role, totalPermission: chosen.length, permissions: chosen });
}

/**
 * New permissions for a role: the actor must stand above the role as it is (no trimming a stronger role) and
 * hold every permission it will have.
 */
export async function updateGateSetting(
  work: Work,
  actor: AuthUser,
  scope: SettingsScope,
  id: number,
  body: GateSettingUpdate,
) {
  const { tx } = work;
  const row = await findGateSettingRow(tx, scope, id, true);
  if (body.role_id !== undefined && body.role_id !== row.role.id) {
    throw validationFailed({ role_id: ['The role of a permission setting cannot be changed.'] });
  }
  await requireManageableRole(tx, actor, row.role);
  requireChangeableSet(actor, row.role);
  const before = await permissionsOfGateSetting(tx, id);
  const chosen = await chosenPermissions(tx, scope, actor, body.permission_ids);
  refuseTrimmingAdministrators(row.role, before, chosen);
  await tx.delete(gateSettingPermissions).where(eq(gateSettingPermissions.gateSettingId, id));
  if (chosen.length) {
    await tx
      .insert(gateSettingPermissions)
      .values(chosen.map((permission) => ({ gateSettingId: id, permissionId: permission.id })));
  }
  const [updated] = await tx
    .update(gateSettings)
    .set({ updatedAt: work.at })
    .where(eq(gateSettings.id, id))
    .returning();
  work.audit({
    action: 'gate-setting.update',
    entity: 'gate_setting',
    entityId: id,
    before: { roleId: row.role.id, permissions: names(before) },
    after: { roleId: row.role.id, permissions: names(chosen) },
    ...auditTenant(row.role),
  });
  return serializeGateSetting({
    ...updated,
    role: row.role,
    totalPermission: chosen.length,
    permissions: chosen,
  });
}

export async function deleteGateSetting(work: Work, actor: AuthUser, scope: SettingsScope, id: number) {
  const { tx } = work;
  const row = await findGateSettingRow(tx, scope, id, true);
  await requireManageableRole(tx, actor, row.role);
  requireChangeableSet(actor, row.role);
  if (row.role.id === ROLE.administrator) {
    throw validationFailed({ role_id: ['The Administrator role keeps every permission it holds.'] });
  }
  const before = await permissionsOfGateSetting(tx, id);
  await tx.delete(gateSettings).where(eq(gateSettings.id, id));
  work.audit({
    action: 'gate-setting.destroy',
    entity: 'gate_setting',
    entityId: id,
    before: { roleId: row.role.id, permissions: names(before) },
    ...auditTenant(row.role),
  });
}
