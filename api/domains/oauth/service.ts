import { randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accessTokens, refreshTokens, users } from '../../db/schema';
import { ApiError, tooManyRequests, validationFailed } from '../../api-error';
import type { ApiDeps } from '../../http/context';
import { runWrite, type Work } from '../../work/unit-of-work';
import type { TokenResponse } from './schema';
import { hashToken, newSecretToken } from '../../access/secret-tokens';
import { verifyPassword } from '../../access/passwords';

const WRONG_CREDENTIALS = 'Akun email atau password anda salah';

function sameSecret(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function checkClient(deps: ApiDeps, clientId: string, clientSecret: string) {
  if (
    clientId !== deps.config.OAUTH_CLIENT_ID ||
    !sameSecret(clientSecret, deps.config.OAUTH_CLIENT_SECRET)
  ) {
    throw new ApiError(401, 'Client authentication failed');
  }
}

async function issueTokens(
  executor: Executor,
  deps: ApiDeps,
  userId: number,
  clientId: string,
  familyId: string = randomUUID(),
): Promise<TokenResponse> {
  const now = deps.clock();
  const accessToken = newSecretToken();
  const refreshToken = newSecretToken();
  const ttl = deps.config.ACCESS_TOKEN_TTL_SECONDS;
  const [access] = await executor
    .insert(accessTokens)
    .values({
      userId,
      clientId,
      tokenHash: hashToken(accessToken),
      expiresAt: new Date(now.getTime() + ttl * 1000),
    })
    .returning({ id: accessTokens.id });
  await executor.insert(refreshTokens).values({
    accessTokenId: access.id,
    familyId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(now.getTime() + deps.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
  });
  return { token_type: 'Bearer', access_token: accessToken, refresh_token: refreshToken, expires_in: ttl };
}

export async function passwordGrant(
  deps: ApiDeps,
  input: { username: string; password: string; clientId: string; ip: string },
): Promise<TokenResponse> {
  const { config, throttle } = deps;
  const keys = [`login:${input.username}|${input.ip}`, `login-ip:${input.ip}`];
  const wait = await throttle.retryAfter(keys, [
    config.LOGIN_MAX_ATTEMPTS_PER_EMAIL,
    config.LOGIN_MAX_ATTEMPTS_PER_IP,
  ]);
  if (wait > 0) throw tooManyRequests(wait);

  const [user] = await deps.db
    .select()
    .from(users)
    .where(
      and(sql`lower(${users.email}) = ${input.username}`, isNull(users.deletedAt), eq(users.isActive, true)),
    )
    .limit(1);
  const valid = user ? await verifyPassword(user.passwordHash, input.password) : false;
  if (!user || !valid) {
    await throttle.hit(keys, config.LOGIN_THROTTLE_WINDOW_SECONDS);
    await runWrite(deps, { actorId: user?.id ?? null, ip: input.ip, at: deps.clock() }, async (work) =>
      work.audit({
        action: 'auth.login_failed',
        entity: 'user',
        entityId: user?.id,
        after: { email: input.username },
      }),
    );
    throw validationFailed({ email: [WRONG_CREDENTIALS] });
  }
  await throttle.clear(keys[0]);
  return runWrite(deps, { actorId: user.id, ip: input.ip, at: deps.clock() }, async (work) => {
    const tokens = await issueTokens(work.tx, deps, user.id, input.clientId);
    work.audit({ action: 'auth.login', entity: 'user', entityId: user.id });
    return tokens;
  });
}

/**
 * A rotated refresh token presented again this long after its rotation was copied, not raced: two requests of
 * one session refreshing at the same moment (two instances, two tabs) must not sign it out.
 */
const REFRESH_RACE_MS = 30_000;

/**
 * Rotates: the presented refresh token and its access token are revoked, a new pair of the same family is
 * issued. A token rotated out earlier and presented again revokes its whole family, the newer tokens included.
 */
export async function refreshGrant(
  deps: ApiDeps,
  input: { refreshToken: string; clientId: string; ip: string },
): Promise<TokenResponse> {
  const tokenHash = hashToken(input.refreshToken);
  const issued = await runWrite(deps, { actorId: null, ip: input.ip, at: deps.clock() }, async (work) => {
    const { tx, at: now } = work;
    const [current] = await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, now),
        ),
      )
      .returning({ accessTokenId: refreshTokens.accessTokenId, familyId: refreshTokens.familyId });
    if (!current) return revokeReplayedFamily(work, tokenHash);
    const [access] = await tx
      .update(accessTokens)
      .set({ revokedAt: now })
      .where(eq(accessTokens.id, current.accessTokenId))
      .returning({ userId: accessTokens.userId });
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, access.userId), eq(users.isActive, true), isNull(users.deletedAt)));
    if (!user) throw new ApiError(401, 'The refresh token is invalid.');
    const tokens = await issueTokens(tx, deps, user.id, input.clientId, current.familyId ?? undefined);
    work.audit({ actorId: user.id, action: 'auth.refresh', entity: 'user', entityId: user.id });
    return tokens;
  });
  await deps.authCache.invalidate();
  if (!issued) throw new ApiError(401, 'The refresh token is invalid.');
  return issued;
}

/** A refresh token that is not live: when it was rotated out of a family before, the family is revoked. */
async function revokeReplayedFamily(work: Work, tokenHash: string) {
  const { tx, at } = work;
  const [presented] = await tx
    .select({
      familyId: refreshTokens.familyId,
      revokedAt: refreshTokens.revokedAt,
      userId: accessTokens.userId,
    })
    .from(refreshTokens)
    .innerJoin(accessTokens, eq(accessTokens.id, refreshTokens.accessTokenId))
    .where(eq(refreshTokens.tokenHash, tokenHash));
  const replayed =
    presented?.familyId &&
    presented.revokedAt &&
    at.getTime() - presented.revokedAt.getTime() > REFRESH_RACE_MS;
  if (!presented?.familyId || !replayed) {
    work.unchanged();
    return null;
  }
  const family = await tx
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.familyId, presented.familyId), isNull(refreshTokens.revokedAt)))
    .returning({ accessTokenId: refreshTokens.accessTokenId });
  if (family.length) {
    await tx
      .update(accessTokens)
      .set({ revokedAt: at })
      .where(
        and(
          inArray(
            accessTokens.id,
            family.map((row) => row.accessTokenId),
          ),
          isNull(accessTokens.revokedAt),
        ),
      );
  }
  work.audit({
    actorId: presented.userId,
    action: 'auth.refresh_replayed',
    entity: 'user',
    entityId: presented.userId,
    after: { revokedTokens: family.length },
  });
  return null;
}

export async function revokeToken(executor: Executor, tokenId: string, now: Date) {
  await executor
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(and(eq(accessTokens.id, tokenId), isNull(accessTokens.revokedAt)));
  await executor
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.accessTokenId, tokenId), isNull(refreshTokens.revokedAt)));
}

/**
 * Ends every session of the user (a password changed or reset, an account switched off): its access tokens and
 * their refresh tokens, all but `keepTokenId`'s (the session that changed its own password goes on).
 */
export async function revokeAllTokensOf(executor: Executor, userId: number, now: Date, keepTokenId?: string) {
  const tokens = await executor
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(accessTokens.userId, userId),
        isNull(accessTokens.revokedAt),
        keepTokenId ? ne(accessTokens.id, keepTokenId) : undefined,
      ),
    )
    .returning({ id: accessTokens.id });
  if (!tokens.length) return;
  await executor
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        inArray(
          refreshTokens.accessTokenId,
          tokens.map((token) => token.id),
        ),
        isNull(refreshTokens.revokedAt),
      ),
    );
}
