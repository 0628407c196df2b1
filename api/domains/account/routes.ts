import { endpoint, endpointGroup } from '../../http/endpoints';
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

const self = { operation: 'account.self', tenancy: 'none' } as const;

/** The signed-in account (its own profile, password and brand), and the two public password calls. */
export const accountEndpoints = endpointGroup([
  endpoint({
    method: 'get',
    path: '/api/account',
    summary: 'The signed-in user',
    tag: 'account',
    policy: self,
    handle: async (c) => c.json({ data: await getAccount(c.var.deps, c.var.user) }),
  }),
  endpoint({
    method: 'post',
    path: '/api/account',
    summary: 'Update the profile',
    tag: 'account',
    body: updateProfileSchema,
    policy: self,
    handle: async (c, { body }) => {
      await updateProfile(c.var.deps, c.var.user, body, c.var.clientIp);
      return c.json({
        message: 'Profil berhasil diperbarui',
        data: await getAccount(c.var.deps, c.var.user),
      });
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/account/logout',
    summary: 'Revoke the current tokens',
    tag: 'account',
    policy: self,
    handle: async (c) => {
      await logout(c.var.deps, c.var.user, c.var.clientIp);
      return c.json({ message: 'Successfully logged out' });
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/account/change-password',
    summary: 'Change password (every other session of the account ends)',
    tag: 'account',
    body: changePasswordSchema,
    policy: self,
    handle: async (c, { body }) => {
      await changePassword(c.var.deps, c.var.user, body, c.var.clientIp);
      return c.json({ message: 'Password berhasil diubah' });
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/account/change-brand',
    summary: 'Switch the current brand',
    tag: 'account',
    body: changeBrandSchema,
    policy: self,
    handle: async (c, { body }) => {
      await changeBrand(c.var.deps, c.var.user, body, c.var.clientIp);
      return c.json({ message: 'Brand berhasil diubah', data: await getAccount(c.var.deps, c.var.user) });
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/forgot-password',
    summary: 'Mail a reset link',
    tag: 'account',
    body: forgotPasswordSchema,
    policy: { public: true },
    handle: async (c, { body }) => {
      await forgotPassword(c.var.deps, body, c.var.clientIp);
      return c.json({ data: { success: true, message: 'Success, reset link has send to your email' } });
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/reset-password',
    summary: 'Reset the password with a mailed token (every session of the account ends)',
    tag: 'account',
    body: resetPasswordSchema,
    policy: { public: true },
    handle: async (c, { body }) => {
      await resetPassword(c.var.deps, body, c.var.clientIp);
      return c.json({ message: 'Success, your password has been successfully changed' });
    },
  }),
]);
