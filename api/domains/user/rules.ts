import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { brands, roles, users, vendorBrands, vendors } from '../../db/schema';
import type { AuthUser } from '../../access/auth-user';
import { alreadyTaken, forbidden, validationFailed } from '../../api-error';
import { ANY, refuseUngranted } from '../../access/grants';
import { effectiveRoleId, permissionNamesOfRole, permissionsOfRole } from '../../access/permissions';
import { reachesAll } from '../../access/policy';
import { ROLE } from '../../access/roles';
import type { Work } from '../../work/unit-of-work';
import { isBaseRole } from '../../access/settings-scope';
import { type KIND_NAMES } from './schema';

export type Kind = (typeof ROLE)[keyof typeof ROLE];

const KIND_BY_NAME: Record<(typeof KIND_NAMES)[number], Kind> = {
  Administrator: ROLE.administrator,
  Vendor: ROLE.vendor,
  Brand: ROLE.brand,
  'Key Account': ROLE.keyAccount,
};

/**
 * The kind of account a body asks for (docs/decisions/014): `role_name` names it; without one, the Administrator
 * role makes an administrator.
 */
export function kindOfBody(body: { role_name?: (typeof KIND_NAMES)[number]; role_id?: number }): Kind {
  if (body.role_name) return KIND_BY_NAME[body.role_name];
  if (body.role_id === ROLE.administrator) return ROLE.administrator;
  throw validationFailed({ role_name: ['The role name field is required.'] });
}

/** Administrators create every kind; key accounts and brand users brand and vendor users; vendors their own. */
export function requireMayCreateKind(actor: AuthUser, kind: Kind) {
  const allowed: Record<number, Kind[]> = {
    [ROLE.administrator]: [ROLE.administrator, ROLE.keyAccount, ROLE.brand, ROLE.vendor],
    [ROLE.keyAccount]: [ROLE.brand, ROLE.vendor],
    [ROLE.brand]: [ROLE.brand, ROLE.vendor],
    [ROLE.vendor]: [ROLE.vendor],
  };
  if (!allowed[actor.roleId]?.includes(kind)) throw forbidden();
}

function actorBrands(actor: AuthUser) {
  return actor.brandIds === 'all' ? null : actor.brandIds;
}

/** The brand of a new brand user: one the actor works for. */
export async function requireBrandOfActor(executor: Executor, actor: AuthUser, brandId: number | undefined) {
  if (!brandId) throw validationFailed({ brand_id: ['The brand id field is required.'] });
  const mine = actorBrands(actor);
  const [brand] = await executor
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.id, brandId), isNull(brands.deletedAt)));
  if (!brand || (mine && !mine.includes(brandId))) {
    throw validationFailed({ brand_id: ['The selected brand id is invalid.'] });
  }
  return brandId;
}

/** The vendor of a new vendor user: the actor's own, or one serving a brand the actor works for. */
export async function requireVendorOfActor(
  executor: Executor,
  actor: AuthUser,
  vendorId: number | undefined,
) {
  if (!vendorId) throw validationFailed({ vendor_id: ['The vendor id field is required.'] });
  const invalid = validationFailed({ vendor_id: ['The selected vendor id is invalid.'] });
  if (actor.roleId === ROLE.vendor && actor.vendorId !== vendorId) throw invalid;
  const [vendor] = await executor
    .select({ id: vendors.id })
    .from(vendors)
    .where(and(eq(vendors.id, vendorId), isNull(vendors.deletedAt)));
  if (!vendor) throw invalid;
  const mine = actor.roleId === ROLE.vendor ? null : actorBrands(actor);
  if (mine) {
    const [served] = await executor
      .select({ brandId: vendorBrands.brandId })
      .from(vendorBrands)
      .where(
        and(
          eq(vendorBrands.vendorId, vendorId),
          inArray(vendorBrands.brandId, mine.length ? [...mine] : [0]),
        ),
      );
    if (!served) throw invalid;
  }
  return vendorId;
}

/** The brands of a key account: brands that exist. */
export async function requireBrands(executor: Executor, ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const found = await executor
    .select({ id: brands.id })
    .from(brands)
    .where(and(inArray(brands.id, unique), isNull(brands.deletedAt)));
  if (found.length !== unique.length)
    throw validationFailed({ brand_ids: ['The selected brand ids is invalid.'] });
  return unique;
}

/**
 * The role an account of `kind` gets: the kind's own base role, a global role, or a role of the account's brand
 * or vendor; never one holding a permission the actor lacks. Null in `assignedRoleId` means the kind's role.
 */
export async function assignableRole(
  executor: Executor,
  actor: AuthUser,
  input: { roleId: number; kind: Kind; brandId: number | null; vendorId: number | null },
) {
  const invalid = validationFailed({ role_id: ['The selected role is invalid.'] });
  const [role] = await executor.select().from(roles).where(eq(roles.id, input.roleId));
  if (!role) throw invalid;
  if (isBaseRole(role.id) && role.id !== input.kind) throw invalid;
  const global = role.brandId === null && role.vendorId === null;
  const ownBrand = input.kind === ROLE.brand && role.brandId !== null && role.brandId === input.brandId;
  const ownVendor = input.kind === ROLE.vendor && role.vendorId !== null && role.vendorId === input.vendorId;
  if (!global && !ownBrand && !ownVendor) throw invalid;
  if (input.kind === ROLE.administrator || input.kind === ROLE.keyAccount) {
    if (!global) throw invalid;
  }
  refuseUngranted(actor, await permissionNamesOfRole(executor, role.id), 'role_id');
  return { role, assignedRoleId: role.id === input.kind ? null : role.id };
}

export async function refuseTakenEmail(executor: Executor, email: string, exceptId?: number) {
  const [taken] = await executor
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, exceptId ? ne(users.id, exceptId) : undefined));
  if (taken) throw alreadyTaken('users_email_unique');
}

/** Brand and vendor accounts need a phone number. */
export function requirePhone(kind: Kind, phone: string | null | undefined) {
  if ((kind === ROLE.brand || kind === ROLE.vendor) && !phone) {
    throw validationFailed({ mobile_phone: ['The phone number field is required.'] });
  }
}

const MANAGES_USERS = 'vendor.user.update';

/** Any constant: the removals of administrators and of a brand's user managers take turns on it. */
const ACCOUNT_MANAGERS_LOCK = 71_001;

/**
 * Holds the turn of removing an account that manages others, for the rest of the transaction: two removals at
 * once (two administrators deleting each other) each count the other as remaining unless they take turns.
 */
async function takeManagersTurn(work: Work) {
  await work.checkpoint('account-managers');
  await work.tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_MANAGERS_LOCK})`);
}

/**
 * There is always an active administrator: the last one is not deleted, nor made a key account (422). The
 * check holds the managers' turn, so two such changes at once cannot both pass it.
 */
export async function refuseLastAdministrator(work: Work, target: typeof users.$inferSelect) {
  if (target.roleId !== ROLE.administrator) return;
  await takeManagersTurn(work);
  const [other] = await work.tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        ne(users.id, target.id),
        isNull(users.deletedAt),
        eq(users.isActive, true),
        eq(users.roleId, ROLE.administrator),
      ),
    )
    .limit(1);
  if (!other) throw validationFailed({ id: ['Administrator terakhir tidak dapat dihapus.'] });
}

/**
 * The last account able to manage a brand's users (a brand user holding `vendor.user.update`, or a special one)
 * stays: nobody of the brand would be left to manage the others. Users of other brands do not count.
 */
export async function refuseLastUserManager(
  work: Work,
  target: typeof users.$inferSelect,
  targetPermissions: string[],
  refusal: Record<string, string[]> = { id: ['Administrator terakhir brand ini tidak dapat dihapus.'] },
) {
  if (target.roleId !== ROLE.brand || !managesUsers(target.isSpecialAccount, targetPermissions)) return;
  await takeManagersTurn(work);
  const rows = await work.tx
    .select({ special: users.isSpecialAccount, permissions: permissionsOfRole(effectiveRoleId) })
    .from(users)
    .where(
      and(
        ne(users.id, target.id),
        isNull(users.deletedAt),
        eq(users.isActive, true),
        eq(users.roleId, ROLE.brand),
        eq(users.brandId, target.brandId ?? 0),
      ),
    );
  if (!rows.some((row) => managesUsers(row.special, row.permissions))) throw validationFailed(refusal);
}

/** Whether an account with these permissions manages its brand's users. */
export function managesUsers(special: boolean, permissions: string[]) {
  return special || permissions.includes(MANAGES_USERS) || permissions.includes(ANY);
}

/**
 * A role change that takes the managing of users away from a brand's last user manager is refused on the role
 * field, as deleting that account is.
 */
export async function refuseLosingLastUserManager(
  work: Work,
  target: typeof users.$inferSelect,
  before: string[],
  after: string[],
) {
  if (managesUsers(target.isSpecialAccount, after)) return;
  await refuseLastUserManager(work, target, before, {
    role_id: [
      'Pengguna ini satu-satunya pengelola pengguna brand ini: perannya harus tetap dapat mengelola pengguna.',
    ],
  });
}

/**
 * A vendor's accounts belong to every brand the vendor serves: brand-side callers manage them only when each of
 * those brands is theirs (an account of a shared vendor reads every brand it serves).
 */
export async function requireVendorAccountsInReach(
  executor: Executor,
  actor: AuthUser,
  target: typeof users.$inferSelect,
) {
  if (target.roleId !== ROLE.vendor || actor.reach === 'all') return;
  if (actor.roleId === ROLE.vendor && actor.vendorId === target.vendorId) return;
  const served = await executor
    .select({ brandId: vendorBrands.brandId })
    .from(vendorBrands)
    .where(eq(vendorBrands.vendorId, target.vendorId ?? 0));
  if (
    !served.length ||
    !reachesAll(
      actor,
      served.map((row) => row.brandId),
    )
  )
    throw forbidden();
}
