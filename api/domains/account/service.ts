import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { brands, media, notifications, passwordResets, roles, users, vendors } from '../../db/schema';
import { runWrite } from '../../work/unit-of-work';
import type { AuthUser } from '../../access/auth-user';
import type { ApiDeps } from '../../http/context';
import { tooManyRequests, validationFailed } from '../../api-error';
import { serializeMedia } from '../media/serializer';
import { revokeAllTokensOf, revokeToken } from '../oauth/service';
import { hashToken } from '../../access/secret-tokens';
import { hashPassword, verifyPassword } from '../../access/passwords';
import { isPlatformStaff } from '../../access/roles';
import type {
  changeBrandSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  updateProfileSchema,
} from './schema';

export async function getAccount(deps: ApiDeps, user: AuthUser) {
  const currentBrand = alias(brands, 'current_brand');
  const [row] = await deps.db
    .select({
      user: users,
      roleName: roles.name,
      vendorName: vendors.name,
      photo: media,
      currentBrandName: currentBrand.name,
      unread: sql<number>`(select count(*) from ${notifications}
        where ${notifications.userId} = ${users.id} and ${notifications.readAt} is null)`.mapWith(Number),
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(vendors, eq(vendors.id, users.vendorId))
    .leftJoin(media, eq(media.id, users.photoId))
    .leftJoin(currentBrand, eq(currentBrand.id, sql`coalesce(${users.brandId}, ${users.currentBrandId})`))
    .where(eq(users.id, user.id));
  const currentBrandId = row.user.brandId ?? row.user.currentBrandId;
  return {
    id: row.user.id,
    name: row.user.name,
    email: row.user.email,
    mobile_phone: row.user.mobilePhone,
    photo: row.photo ? serializeMedia(row.photo, deps.config.MEDIA_URL) : null,
    role_id: row.user.roleId,
    role_name: row.roleName,
    vendor_id: row.user.vendorId,
    vendor_name: row.vendorName,
    brand_id: row.user.brandId,
    current_brand_id: currentBrandId,
    current_brand_name: row.currentBrandName,
    permissions: user.permissions,
    is_special_account: row.user.isSpecialAccount,
    total_unread_notification: row.unread,
  };
}

export async function updateProfile(
  deps: ApiDeps,
  user: AuthUser,
  input: z.infer<typeof updateProfileSchema>,
  ip: string,
) {
  await runWrite(deps, { actorId: user.id, ip, at: deps.clock() }, async (work) => {
    const { tx } = work;
    const [before] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
    // A new picture must be the user's own upload: media of others are not theirs to see or to show.
    if (input.photo_id && input.photo_id !== before.photoId) {
      const [photo] = await tx
        .select({ id: media.id })
        .from(media)
        .where(and(eq(media.id, input.photo_id), eq(media.createdBy, user.id)));
      if (!photo) throw validationFailed({ photo_id: ['The selected photo id is invalid.'] });
    }
    const [after] = await tx
      .update(users)
      .set({
        name: input.name,
        ...(input.mobile_phone !== undefined ? { mobilePhone: input.mobile_phone } : {}),
        ...(input.photo_id !== undefined ? { photoId: input.photo_id } : {}),
        updatedAt: deps.clock(),
      })
      .where(eq(users.id, user.id))
      .returning();
    work.audit({
      action: 'account.update',
      entity: 'user',
      entityId: user.id,
      before,
      after,
    });
  });
  await deps.authCache.invalidate();
}

export async function changePassword(
  deps: ApiDeps,
  user: AuthUser,
  input: z.infer<typeof changePasswordSchema>,
  ip: string,
) {
  const [row] = await deps.db.select().from(users).where(eq(users.id, user.id));
  if (!(await verifyPassword(row.passwordHash, input.old_password))) {
    throw validationFailed({ old_password: ['The old password is incorrect.'] });
  }
  const passwordHash = await hashPassword(input.password);
  await runWrite(deps, { actorId: user.id, ip, at: deps.clock() }, async (work) => {
    const { tx } = work;
    const [after] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: deps.clock() })
      .where(eq(users.id, user.id))
      .returning();
    // Whoever else holds a session of this account (a stolen one, say) is signed out; this one goes on.
    await revokeAllTokensOf(tx, user.id, work.at, user.tokenId);
    work.audit({
      action: 'account.change_password',
      entity: 'user',
      entityId: user.id,
      before: row,
      after,
    });
  });
  await deps.authCache.invalidate();
}

export async function changeBrand(
  deps: ApiDeps,
  user: AuthUser,
  input: z.infer<typeof changeBrandSchema>,
  ip: string,
) {
  const allowed = user.brandIds;
  const [brand] = await deps.db
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.id, input.brand_id), isNull(brands.deletedAt)));
  const permitted = allowed === 'all' || allowed.includes(input.brand_id);
  if (!brand || !permitted || !isPlatformStaff(user.roleId)) {
    throw validationFailed({ brand_id: ['The selected brand id is invalid.'] });
  }
  await runWrite(deps, { actorId: user.id, ip, at: deps.clock() }, async (work) => {
    const { tx } = work;
    const [before] = await tx.select().from(users).where(eq(users.id, user.id));
    const [after] = await tx
      .update(users)
      .set({ currentBrandId: input.brand_id, updatedAt: deps.clock() })
      .where(eq(users.id, user.id))
      .returning();
    work.audit({
      action: 'account.change_brand',
      entity: 'user',
      entityId: user.id,
      before,
      after,
    });
  });
  await deps.authCache.invalidate();
}

export async function logout(deps: ApiDeps, user: AuthUser, ip: string) {
  await runWrite(deps, { actorId: user.id, ip, at: deps.clock() }, async (work) => {
    const { tx } = work;
    await revokeToken(tx, user.tokenId, deps.clock());
    work.audit({ action: 'auth.logout', entity: 'user', entityId: user.id });
  });
  await deps.authCache.invalidate();
}

/** The reset page must be on the app's own origin, so a mail never carries a link somewhere else. */
function resetPageUrl(deps: ApiDeps, requested: string | undefined) {
  const fallback = new URL('/auth/reset-password', deps.config.APP_URL);
  if (!requested) return fallback;
  const url = new URL(requested);
  if (url.origin !== fallback.origin)
    throw validationFailed({ url: ['The url field must point to this application.'] });
  return url;
}

/** Answers the same whether or not the address has an account, so the form cannot be used to probe for users. */
export async function forgotPassword(deps: ApiDeps, input: z.infer<typeof forgotPasswordSchema>, ip: string) {
  const page = resetPageUrl(deps, input.url);
  // Counted whether or not the address has an account, so the limit tells nothing about who has one.
  const { config, throttle } = deps;
  const keys = [`forgot:${input.email}`, `forgot-ip:${ip}`];
  const wait = await throttle.retryAfter(keys, [
    config.RESET_MAX_MAILS_PER_EMAIL,
    config.RESET_MAX_MAILS_PER_IP,
  ]);
  if (wait > 0) {
    throw tooManyRequests(wait, `Terlalu banyak permintaan reset password. Coba lagi dalam ${wait} detik.`);
  }
  await throttle.hit(keys, config.RESET_THROTTLE_WINDOW_SECONDS);
  const [user] = await deps.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      and(sql`lower(${users.email}) = ${input.email}`, isNull(users.deletedAt), eq(users.isActive, true)),
    );
  if (!user) return;
  const token = randomBytes(32).toString('hex');
  const now = deps.clock();
  await runWrite(deps, { actorId: user.id, ip, at: deps.clock() }, async (work) => {
    const { tx } = work;
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.email, user.email.toLowerCase()), isNull(passwordResets.usedAt)));
    const [reset] = await tx
      .insert(passwordResets)
      .values({
        email: user.email.toLowerCase(),
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + deps.config.PASSWORD_RESET_TTL_MINUTES * 60_000),
      })
      .returning({ id: passwordResets.id });
    work.audit({
      action: 'auth.password_reset_requested',
      entity: 'password_reset',
      entityId: reset.id,
    });
  });
  page.searchParams.set('token', token);
  page.searchParams.set('email', user.email);
  const link = page.toString();
  // Not awaited: answering before the mail leaves keeps known and unknown addresses indistinguishable by timing.
  void deps.mailer
    .send({
      to: user.email,
      subject: 'Reset password',
      text: `Halo ${user.name},\n\nBuka tautan ini untuk mengganti password anda (berlaku ${deps.config.PASSWORD_RESET_TTL_MINUTES} menit, sekali pakai):\n${link}\n\nAbaikan email ini jika anda tidak memintanya.`,
      html: `<p>Halo ${escapeHtml(user.name)},</p><p>Buka tautan ini untuk mengganti password anda (berlaku ${deps.config.PASSWORD_RESET_TTL_MINUTES} menit, sekali pakai):</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>Abaikan email ini jika anda tidak memintanya.</p>`,
    })
    .catch((error: unknown) => console.error('password reset mail failed', error));
}

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export async function resetPassword(deps: ApiDeps, input: z.infer<typeof resetPasswordSchema>, ip: string) {
  const now = deps.clock();
  const passwordHash = await hashPassword(input.password);
  await runWrite(deps, { actorId: null, ip, at: now }, async (work) => {
    const { tx } = work;
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.email, input.email),
          eq(passwordResets.tokenHash, hashToken(input.token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ id: passwordResets.id });
    if (!reset) throw validationFailed({ email: ['This password reset token is invalid.'] });
    const [before] = await tx
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${input.email}`);
    if (!before) throw validationFailed({ email: ['This password reset token is invalid.'] });
    const [after] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, before.id))
      .returning();
    await revokeAllTokensOf(tx, before.id, now);
    work.audit({
      actorId: before.id,
      action: 'auth.password_reset',
      entity: 'user',
      entityId: before.id,
      before,
      after,
    });
  });
  await deps.authCache.invalidate();
}
