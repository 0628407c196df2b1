import { redirect, type AppLoadContext } from '@remix-run/node';
import { KIND, type OperationName } from './access';
import { requirePermission } from './access.server';
import { oncePerRequest } from './request-memo.server';
import { accountApi, type Account } from './upstream/account.server';
import { upstreamFor, type Upstream } from './upstream.server';

export type Scope = { kind: 'brand'; id: number } | { kind: 'vendor'; id: number };

/** The signed-in account and the request's upstream; the layout and the page fetch the account once between them. */
export async function requireUser(
  request: Request,
  context: AppLoadContext,
): Promise<{ user: Account; api: Upstream }> {
  const api = await upstreamFor(request, context);
  const user = await oncePerRequest(request, context, 'account', () => accountApi.show(api));
  return { user, api };
}

/**
 * Which tenant the page works in: vendors their vendor, everyone else the current brand; none → home (which
 * never sends back to a page that needs one). With `operation`, an account the policy refuses it gets a 403
 * first, whatever its tenant.
 */
export async function requireScope(
  request: Request,
  context: AppLoadContext,
  operation?: OperationName,
): Promise<{ user: Account; api: Upstream; scope: Scope }> {
  const { user, api } = await requireUser(request, context);
  if (operation) requirePermission(user, operation);
  if (user.role_id === KIND.vendor) {
    if (!user.vendor_id) throw redirect('/');
    return { user, api, scope: { kind: 'vendor', id: user.vendor_id } };
  }
  if (!user.current_brand_id) throw redirect('/');
  return { user, api, scope: { kind: 'brand', id: user.current_brand_id } };
}

export function scopePath(scope: Scope) {
  return `/api/${scope.kind}/${scope.id}`;
}
