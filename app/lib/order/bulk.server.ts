import { json, type AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { requireCsrf } from '~/lib/csrf.server';
import { requireScope } from '~/lib/scope.server';
import { readableMessages } from '~/lib/server-message';
import { redirectWithToast } from '~/lib/toast.server';
import { orderApi } from '~/lib/upstream/orders.server';
import { isRefusal, readForm, refusalMessage } from '~/lib/forms.server';

const bulkSchema = z.object({
  intent: z.enum(['review', 'ready']),
  order_ids: z.array(z.coerce.number().int().positive()).min(1).max(1000),
});

/**
 * Bulk step on the vendor list: the selected new orders become ready to deliver, all or none. Like each
 * single step it asks first: `review` answers with the selection to confirm (the page shows it in a dialog,
 * with or without JavaScript), `ready` moves them.
 */
export async function bulkReady(request: Request, context: AppLoadContext) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const { api, scope } = await requireScope(request, context);
  const back = `/order${new URL(request.url).search}`;
  const parsed = bulkSchema.safeParse({
    intent: formData.get('intent'),
    order_ids: formData.getAll('order_ids'),
  });
  if (scope.kind !== 'vendor') throw new Response('Forbidden', { status: 403 });
  if (!parsed.success) return redirectWithToast(back, { type: 'error', message: 'order.selectFirst' });
  if (parsed.data.intent === 'review') return json({ confirmReady: parsed.data.order_ids });
  try {
    await orderApi.advanceMany(api, {
      vendorId: scope.id,
      next: 'ready-to-delivery',
      orderIds: parsed.data.order_ids,
    });
  } catch (error) {
    if (!isRefusal(error)) throw error;
    const { fieldErrors } = readableMessages(error);
    const message = refusalMessage(error);
    const reasons = Object.values(fieldErrors).flat();
    return redirectWithToast(back, {
      type: 'error',
      message: reasons.length ? reasons.join(' · ') : message,
    });
  }
  return redirectWithToast(back, {
    type: 'success',
    message: 'order.bulkDone',
    values: { count: String(parsed.data.order_ids.length) },
  });
}
