import { eq } from 'drizzle-orm';
import { userBrands, users } from '../../db/schema';
import type { AuthUser } from '../../access/auth-user';
import { forbidden, validationFailed } from '../../api-error';
import type { Work } from '../../work/unit-of-work';
import { outranks } from '../../access/grants';
import { effectivePermissions, permissionNamesOfRole } from '../../access/permissions';
import { ROLE } from '../../access/roles';
import { revokeAllTokensOf } from '../oauth/service';
import { findUserRow } from './reads';
import {
  assignableRole,
  kindOfBody,
  refuseLastAdministrator,
  refuseLastUserManager,
  refuseLosingLastUserManager,
  requireVendorAccountsInReach,
  refuseTakenEmail,
  requireBrandOfActor,
  requireBrands,
  requireMayCreateKind,
  requirePhone,
  requireVendorOfActor,
  type Kind,
} from './rules';
import type { UserCreate, UserUpdate } from './schema';

async function setKeyAccountBrands(work: Work, userId: number, brandIds: number[]) {
  await work.tx.delete(userBrands).where(eq(userBrands.userId, userId));
  if (brandIds.length)
    await work.tx.insert(userBrands).values(brandIds.map((brandId) => ({ userId, brandId })));
}

/**
 * A new account (POST /api/user): its kind from `role_name` (docs/decisions/014), its brand or vendor within the
 * actor's, a role the actor may hand on. `passwordHash` is computed before the unit, outside its transaction.
 */
export async function createUser(work: Work, actor: AuthUser, body: UserCreate, passwordHash: string) {
  const { tx } = work;
  const kind = kindOfBody(body);
  requireMayCreateKind(actor, kind);
  const brandId = kind === ROLE.brand ? await requireBrandOfActor(tx, actor, body.brand_id) : null;
  const vendorId = kind === ROLE.vendor ? await requireVendorOfActor(tx, actor, body.vendor_id) : null;
  requirePhone(kind, body.mobile_phone);
  const { assignedRoleId } = await assignableRole(tx, actor, {
    roleId: body.role_id,
    kind,
    brandId,
    vendorId,
  });
  await refuseTakenEmail(tx, body.email);
  const brandIds = kind === ROLE.keyAccount ? await requireBrands(tx, body.brand_ids ?? []) : [];
  const [created] = await tx
    .insert(users)
    .values({
      name: body.name,
      email: body.email,
      mobilePhone: body.mobile_phone ?? null,
      passwordHash,
      roleId: kind,
      assignedRoleId,
      brandId,
      vendorId,
      currentBrandId: brandId ?? brandIds[0] ?? (kind === ROLE.administrator ? actor.currentBrandId : null),
      createdAt: work.at,
      updatedAt: work.at,
    })
    .returning();
  if (brandIds.length) await setKeyAccountBrands(work, created.id, brandIds);
  work.audit({
    action: 'user.store',
    entity: 'user',
    entityId: created.id,
    after: { ...created, ...(brandIds.length ? { brandIds } : {}) },
  });
  return created;
}

/** The account as the actor may manage it: visible to them, and not above them (403 otherwise). */
async function manageableUser(work: Work, actor: AuthUser, id: number) {
  const row = await findUserRow(work.tx, actor, id);
  await work.tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
  await requireVendorAccountsInReach(work.tx, actor, row.user);
  const held = effectivePermissions(row.user, row.permissions);
  if (
    !outranks(actor, {
      kindId: row.user.roleId,
      isSpecialAccount: row.user.isSpecialAccount,
      permissions: held,
    })
  ) {
    throw forbidden();
  }
  return row;
}

/**
 * The kind an edit leaves: administrators may turn an administrator into a key account and back (not their own
 * account); every other kind, like the account's brand and vendor, stays.
 */
function kindAfterEdit(actor: AuthUser, current: Kind, body: UserUpdate): Kind {
  const asked = body.role_name || body.role_id === ROLE.administrator ? kindOfBody(body) : current;
  if (asked === current) return current;
  const staff: number[] = [ROLE.administrator, ROLE.keyAccount];
  if (actor.roleId === ROLE.administrator && staff.includes(current) && staff.includes(asked)) return asked;
  throw validationFailed({ role_name: ['The role name cannot be changed.'] });
}

export async function updateUser(
  work: Work,
  actor: AuthUser,
  id: number,
  body: UserUpdate,
  passwordHash: string | undefined,
) {
  const { tx } = work;
  const { user: before, role, permissions } = await manageableUser(work, actor, id);
  if (body.brand_id !== undefined && body.brand_id !== before.brandId) {
    throw validationFailed({ brand_id: ['The brand of an account cannot be changed.'] });
  }
  if (body.vendor_id !== undefined && body.vendor_id !== before.vendorId) {
    throw validationFailed({ vendor_id: ['The vendor of an account cannot be changed.'] });
  }
  const kind = kindAfterEdit(actor, before.roleId as Kind, body);
  const currentRoleId = role?.id ?? before.roleId;
  const roleId = body.role_id ?? (kind === before.roleId ? currentRoleId : kind);
  const self = actor.id === before.id;
  if (self && (roleId !== currentRoleId || kind !== before.roleId)) {
    throw validationFailed({ role_id: ['Anda tidak dapat mengubah peran Anda sendiri.'] });
  }
  const mobilePhone = body.mobile_phone ?? before.mobilePhone;
  requirePhone(kind, mobilePhone);
  const { assignedRoleId } =
    roleId === currentRoleId && kind === before.roleId
      ? { assignedRoleId: before.assignedRoleId }
      : await assignableRole(tx, actor, { roleId, kind, brandId: before.brandId, vendorId: before.vendorId });
  await refuseTakenEmail(tx, body.email, id);
  if (kind !== before.roleId) await refuseLastAdministrator(work, before);
  if (assignedRoleId !== before.assignedRoleId) {
    const after = await permissionNamesOfRole(tx, assignedRoleId ?? kind);
    await refuseLosingLastUserManager(work, before, permissions, after);
  }
  const [after] = await tx
    .update(users)
    .set({
      name: body.name,
      email: body.email,
      mobilePhone,
      roleId: kind,
      assignedRoleId,
      ...(passwordHash ? { passwordHash } : {}),
      updatedAt: work.at,
    })
    .where(eq(users.id, id))
    .returning();
  // A password set for someone ends every session they had (the actor's own, when it is their own, goes on).
  if (passwordHash) await revokeAllTokensOf(tx, id, work.at, self ? actor.tokenId : undefined);
  if (kind === ROLE.keyAccount && body.brand_ids !== undefined) {
    if (actor.roleId !== ROLE.administrator) throw forbidden();
    await setKeyAccountBrands(work, id, await requireBrands(tx, body.brand_ids));
  }
  work.audit({ action: 'user.update', entity: 'user', entityId: id, before, after });
  return after;
}

/** Special accounts, one's own account and the last administrator stay (422 with the reason). */
export async function deleteUser(work: Work, actor: AuthUser, id: number) {
  const { tx } = work;
  const { user: before, permissions } = await manageableUser(work, actor, id);
  if (before.isSpecialAccount) throw validationFailed({ id: ['Akun spesial tidak dapat dihapus.'] });
  if (before.id === actor.id)
    throw validationFailed({ id: ['Anda tidak dapat menghapus akun Anda sendiri.'] });
  await refuseLastAdministrator(work, before);
  await refuseLastUserManager(work, before, permissions);
  const [after] = await tx
    .update(users)
    .set({ deletedAt: work.at, isActive: false, updatedAt: work.at })
    .where(eq(users.id, id))
    .returning();
  work.audit({ action: 'user.destroy', entity: 'user', entityId: id, before, after });
}
