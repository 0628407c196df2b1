import { validationFailed } from '../api-error';
import type { AuthUser } from './auth-user';
import { ROLE } from './roles';

/** Stands for every permission; special accounts hold it, and no gate setting may hand it on. */
export const ANY = 'any';

/** Whether `user` may hand `name` on: nobody grants what they do not hold, and `any` is never granted. */
export function mayGrant(user: AuthUser, name: string) {
  return name !== ANY && (user.permissions.includes(ANY) || user.permissions.includes(name));
}

/** 422 on `field` naming each permission the actor may not hand on. */
export function refuseUngranted(user: AuthUser, names: readonly string[], field = 'permission_ids') {
  const refused = names.filter((name) => !mayGrant(user, name));
  if (refused.length) {
    throw validationFailed({
      [field]: [`Anda tidak dapat memberikan hak akses yang tidak Anda miliki: ${refused.join(', ')}.`],
    });
  }
}

/** What the actor manages of another account or role: its kind, whether it is special, what it holds. */
export type Managed = { kindId?: number; isSpecialAccount?: boolean; permissions: readonly string[] };

/**
 * Whether `actor` stands above `target`: administrators above everyone; otherwise no one manages an
 * administrator or a special account (unless special themselves), nor anything holding a permission they lack.
 */
export function outranks(actor: AuthUser, target: Managed) {
  if (actor.roleId === ROLE.administrator) return true;
  if (target.kindId === ROLE.administrator) return false;
  if (target.isSpecialAccount && !actor.isSpecialAccount) return false;
  return target.permissions.every((name) => name === ANY || mayGrant(actor, name));
}
