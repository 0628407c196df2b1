import { parseWithZod } from '@conform-to/zod';
import { refusalMessage } from '../forms.server';
import { redirectWithToast } from '../toast.server';
import { UpstreamError } from '../upstream.server';
import { deleteSchema } from '../schemas/settings';

/**
 * A list's delete, after its confirmation dialog: `toast.deleted` when it is done, the upstream's reason when it is
 * refused (a special account, a role in use…), and the list again from its first page.
 */
export async function deleteFromList(
  request: Request,
  formData: FormData,
  remove: (id: number) => Promise<unknown>,
) {
  const submission = parseWithZod(formData, { schema: deleteSchema });
  if (submission.status !== 'success') throw new Response('Bad Request', { status: 400 });
  const back = new URL(request.url);
  back.searchParams.delete('delete');
  back.searchParams.delete('page');
  back.searchParams.delete('index');
  const to = `${back.pathname}${back.search}`;
  try {
    await remove(submission.value.id);
    return redirectWithToast(to, { type: 'success', message: 'toast.deleted' });
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.status >= 500 || error.status === 401) throw error;
    return redirectWithToast(to, { type: 'error', message: refusalMessage(error) });
  }
}
