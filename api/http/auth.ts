import { and, eq, gt, isNull } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { accessTokens, users } from '../db/schema';
import { effectivePermissions, permissionsOfRole } from '../domains/access/permissions';
import { hashToken } from '../domains/oauth/tokens';
import type { ApiEnv } from './context';
import { unauthenticated } from './errors';

/** Resolves the bearer token to an active user; revoked, expired or deactivated all read as 401. */
export const requireAuth: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw unauthenticated();
  const { db, clock } = c.var.deps;
  const [row] = await db
    .select({ token: accessTokens, user: users })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(
      and(
        eq(accessTokens.tokenHash, hashToken(match[1])),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, clock()),
        eq(users.isActive, true),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  if (!row) throw unauthenticated();
  const { user } = row;
  c.set('user', {
    id: user.id,
    name: user.name,
    email: user.email,
    roleId: user.roleId,
    brandId: user.brandId,
    vendorId: user.vendorId,
    currentBrandId: user.currentBrandId,
    isSpecialAccount: user.isSpecialAccount,
    permissions: effectivePermissions(user, await permissionsOfRole(db, user.roleId)),
    tokenId: row.token.id,
  });
  await next();
};
