import { z } from 'zod';
import { guard } from './auth.server';
import { requireCsrf } from './csrf.server';
import { requireScope } from './scope.server';
import { redirectWithToast } from './toast.server';
import { orderApi } from './upstream/orders.server';
import { UpstreamError } from './upstream.server';

const bulkSchema = z.object({
  intent: z.literal('ready'),
  order_ids: z.array(z.coerce.number().int().positive()).min(1),
});

/** Bulk step on the vendor list: the selected new orders become ready to deliver, all or none. */
export async function bulkReady(request: Request) {
  const formData = await request.formData();
  await requireCsrf(formData, request);
  const { token, scope } = await requireScope(request);
  const back = `/order${new URL(request.url).search}`;
  const parsed = bulkSchema.safeParse({
    intent: formData.get('intent'),
    order_ids: formData.getAll('order_ids'),
  });
  if (scope.kind !== 'vendor') throw new Response('Forbidden', { status: 403 });
  if (!parsed.success) return redirectWithToast(back, { type: 'error', message: 'order.selectFirst' });
  try {
    await guard(request, orderApi.advanceMany(token, scope.id, 'ready-to-delivery', parsed.data.order_ids));
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.status !== 422) throw error;
    const reasons = Object.values(error.fieldErrors).flat();
    return redirectWithToast(back, {
      type: 'error',
      message: reasons.length ? reasons.join(' · ') : error.message,
    });
  }
  return redirectWithToast(back, {
    type: 'success',
    message: 'order.bulkDone',
    values: { count: String(parsed.data.order_ids.length) },
  });
}
