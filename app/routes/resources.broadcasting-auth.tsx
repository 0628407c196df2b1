import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { requireCsrf } from '~/lib/csrf.server';
import { broadcastingApi } from '~/lib/upstream/broadcasting.server';
import { upstreamFor, UpstreamError } from '~/lib/upstream.server';
import { readForm } from '~/lib/forms.server';

/** The browser's Pusher client authorises private channels here; the upstream signs with the session's token. */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  formData.set('csrf', request.headers.get('X-CSRF-Token') ?? '');
  await requireCsrf(formData, request);
  const api = await upstreamFor(request, context);
  try {
    const signature = await broadcastingApi.authorize(api, {
      socket_id: String(formData.get('socket_id') ?? ''),
      channel_name: String(formData.get('channel_name') ?? ''),
    });
    return json(signature);
  } catch (error) {
    if (error instanceof UpstreamError) return json({ message: error.message }, { status: error.status });
    throw error;
  }
}
