import type { AppLoadContext } from '@remix-run/node';
import { idOf, requirePaymentStaff } from '../payment-access.server';
import { requireUser } from '../scope.server';
import { currentState } from './job.server';
import { printJobStore } from './store.server';

/**
 * The user's own print job of the voucher in the address, as it stands now; anyone else's, or one that expired,
 * is a page that does not exist.
 */
export async function requireOwnPrintJob(
  request: Request,
  context: AppLoadContext,
  params: { id?: string; job?: string },
) {
  const voucherId = idOf(params.id);
  const { user } = await requireUser(request, context);
  requirePaymentStaff(user);
  const job = params.job ? await printJobStore().get(params.job) : null;
  if (!job || job.userId !== user.id || job.voucherId !== voucherId) {
    throw new Response('Not Found', { status: 404 });
  }
  return currentState(job);
}
