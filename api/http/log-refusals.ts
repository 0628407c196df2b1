import type { MiddlewareHandler } from 'hono';
import type { ApiEnv } from './context';

/**
 * With LOG_REQUESTS=refusals, each answer from 400 to 499 is written to stderr as one line: time, method, path,
 * status and the caller's id, kind and vendor, so a refusal seen on a screen can be found and explained.
 */
export const logRefusals: MiddlewareHandler<ApiEnv> = async (c, next) => {
  await next();
  const status = c.res.status;
  if (status < 400 || status >= 500) return;
  const user = c.get('user') as ApiEnv['Variables']['user'] | undefined;
  const caller = user ? `user ${user.id} kind ${user.roleId} vendor ${user.vendorId ?? '-'}` : 'guest';
  console.error(`${new Date().toISOString()} ${c.req.method} ${c.req.path} ${status} ${caller}`);
};
