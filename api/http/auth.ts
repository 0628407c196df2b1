import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { Database } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { accessTokens, userBrands, users } from '../db/schema';
import { effectivePermissions, effectiveRoleId, permissionsOfRole } from '../access/permissions';
import { ROLE } from '../access/roles';
import { hashToken } from '../access/secret-tokens';
import type { AuthUser } from '../access/auth-user';
import type { ApiDeps, ApiEnv } from './context';
import { unauthenticated } from '../api-error';
import { idempotent } from './idempotency';

function prepareTokenLookup(db: Database) {
  return db
    .select({
      tokenId: accessTokens.id,
      expiresAt: accessTokens.expiresAt,
      user: users,
      permissions: permissionsOfRole(effectiveRoleId),
      keyAccountBrandIds: sql<number[]>`array(select ${userBrands.brandId} from ${userBrands}
        where ${userBrands.userId} = ${users.id} order by 1)`,
      servedBrandIds: servedBrandIdsOfUser,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(
      and(
        eq(accessTokens.tokenHash, sql.placeholder('tokenHash')),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, sql.placeholder('now')),
        eq(users.isActive, true),
        isNull(users.deletedAt),
      ),
    )
    .limit(1)
    .prepare('auth_token_lookup');
}

/** The active user of a token hash with their permissions and brands, in one prepared statement. */
async function lookUpToken(deps: ApiDeps, tokenHash: string) {
  const [row] = await preparedQuery(deps.db, prepareTokenLookup).execute({
    tokenHash,
    now: deps.clock().toISOString(),
  });
  if (!row) return undefined;
  return Object.freeze({
    ...authUserOf(row.user, row),
    tokenId: row.tokenId,
    expiresAt: row.expiresAt,
  });
}

/** The brands of a vendor user's vendor, as one array-valued subquery of a query on `users`. */
export const servedBrandIdsOfUser = sql<number[]>`array(select vb.brand_id from vendor_brands vb
  where vb.vendor_id = "users"."vendor_id" order by 1)`;

/** The brand ids a user may act on from the brand side; `'all'` for administrators. */
export function brandIdsOfRole(
  user: { roleId: number; brandId: number | null },
  keyAccountBrandIds: number[],
): readonly number[] | 'all' {
  switch (user.roleId) {
    case ROLE.administrator:
      return 'all';
    case ROLE.keyAccount:
      return Object.freeze(keyAccountBrandIds);
    case ROLE.brand:
      return user.brandId ? [user.brandId] : [];
    default:
      return [];
  }
}

/**
 * The request's account from its row and what the token lookup read beside it: its role's permissions (`any` for
 * a special account), the brands it acts on, and its reach (a vendor's user: the brands its vendor serves).
 */
export function authUserOf(
  user: typeof users.$inferSelect,
  held: { permissions: string[]; keyAccountBrandIds: number[]; servedBrandIds: number[] },
): Omit<AuthUser, 'tokenId'> {
  const brandIds = brandIdsOfRole(user, held.keyAccountBrandIds);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    roleId: user.roleId,
    brandId: user.brandId,
    vendorId: user.vendorId,
    currentBrandId: user.currentBrandId,
    isSpecialAccount: user.isSpecialAccount,
    permissions: Object.freeze(effectivePermissions(user, held.permissions)),
    brandIds,
    reach: user.roleId === ROLE.vendor ? Object.freeze([...held.servedBrandIds]) : brandIds,
  };
}

/** Resolves the bearer token to an active user; revoked, expired or deactivated all read as 401. */
export const requireAuth: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw unauthenticated();
  const { deps } = c.var;
  const tokenHash = hashToken(match[1]);
  let user = deps.authCache.get(tokenHash, deps.clock());
  if (!user) {
    const mark = deps.authCache.mark();
    user = await lookUpToken(deps, tokenHash);
    if (!user) throw unauthenticated();
    deps.authCache.set(tokenHash, user, deps.clock(), mark);
  }
  c.set('user', user);
  return idempotent(c, next);
};

/**
 * requireAuth, once: routers share their mount points (`/api/brand`, `/api/vendor`), and another one may already
 * have resolved the request's user.
 */
export const authenticated: MiddlewareHandler<ApiEnv> = (c, next) =>
  c.get('user') ? next() : requireAuth(c, next);
