import { redirect, type AppLoadContext } from '@remix-run/node';
import { requireUser } from './auth.server';
import { ROLE } from './navigation';
import type { Account } from './upstream.server';

export type Scope = { kind: 'brand'; id: number } | { kind: 'vendor'; id: number };

/** Which tenant the page works in: vendors their vendor, everyone else the current brand; none → home. */
export async function requireScope(
  request: Request,
  context?: AppLoadContext,
): Promise<{ user: Account; token: string; scope: Scope }> {
  const { user, token } = await requireUser(request, context);
  if (user.role_id === ROLE.vendor) {
    if (!user.vendor_id) throw redirect('/');
    return { user, token, scope: { kind: 'vendor', id: user.vendor_id } };
  }
  if (!user.current_brand_id) throw redirect('/');
  return { user, token, scope: { kind: 'brand', id: user.current_brand_id } };
}

export function scopePath(scope: Scope) {
  return `/api/${scope.kind}/${scope.id}`;
}
