import { parseWithZod } from '@conform-to/zod';
import { json } from '@remix-run/node';
import { replyWithUpstreamError } from './forms.server';
import { bankFormSchema } from './schemas/payment';

/** The bank form's action: the name checked here and upstream, `save` answering its redirect. */
export async function bankAction(formData: FormData, save: (name: string) => Promise<Response>) {
  const submission = parseWithZod(formData, { schema: bankFormSchema });
  if (submission.status !== 'success') return json({ result: submission.reply() }, { status: 400 });
  try {
    return await save(submission.value.name);
  } catch (error) {
    return json({ result: replyWithUpstreamError(submission, error, ['name']) }, { status: 400 });
  }
}
