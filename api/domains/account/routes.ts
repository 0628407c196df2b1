import { Hono } from 'hono';
import { requireAuth } from '../../http/auth';
import type { ApiEnv } from '../../http/context';
import { readBody, validate } from '../../http/validation';
import {
  changeBrandSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  updateProfileSchema,
} from './schema';
import {
  changeBrand,
  changePassword,
  forgotPassword,
  getAccount,
  logout,
  resetPassword,
  updateProfile,
} from './service';

export const publicAccountRoutes = new Hono<ApiEnv>()
  .post('/forgot-password', async (c) => {
    const input = validate(forgotPasswordSchema, await readBody(c));
    await forgotPassword(c.var.deps, input, c.var.clientIp);
    return c.json({ data: { success: true, message: 'Success, reset link has send to your email' } });
  })
  .post('/reset-password', async (c) => {
    const input = validate(resetPasswordSchema, await readBody(c));
    await resetPassword(c.var.deps, input, c.var.clientIp);
    return c.json({ message: 'Success, your password has been successfully changed' });
  });

export const accountRoutes = new Hono<ApiEnv>()
  .use(requireAuth)
  .get('/', async (c) => c.json({ data: await getAccount(c.var.deps, c.var.user) }))
  .post('/', async (c) => {
    const input = validate(updateProfileSchema, await readBody(c));
    await updateProfile(c.var.deps, c.var.user, input, c.var.clientIp);
    return c.json({ message: 'Profil berhasil diperbarui', data: await getAccount(c.var.deps, c.var.user) });
  })
  .post('/logout', async (c) => {
    await logout(c.var.deps, c.var.user, c.var.clientIp);
    return c.json({ message: 'Successfully logged out' });
  })
  .post('/change-password', async (c) => {
    const input = validate(changePasswordSchema, await readBody(c));
    await changePassword(c.var.deps, c.var.user, input, c.var.clientIp);
    return c.json({ message: 'Password berhasil diubah' });
  })
  .post('/change-brand', async (c) => {
    const input = validate(changeBrandSchema, await readBody(c));
    await changeBrand(c.var.deps, c.var.user, input, c.var.clientIp);
    return c.json({ message: 'Brand berhasil diubah', data: await getAccount(c.var.deps, c.var.user) });
  });
