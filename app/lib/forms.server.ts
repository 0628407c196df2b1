import type { Submission } from '@conform-to/react';
import { formTextIsUtf8 } from './form-encoding.server';
import { readableMessages } from './server-message';
import { UpstreamError } from './upstream/client.server';

/** Laravel's `order_products.0.quantity` becomes Conform's `order_products[0].quantity`. */
export function conformName(laravelKey: string) {
  return laravelKey.replace(/\.(\d+)(?=\.|$)/g, '[$1]');
}

/**
 * For a form that sent only some of its rows of `list` upstream (`rows`: the form's row index of each one sent):
 * the form's key for an upstream key, whose `list.N` counts the rows sent.
 */
export function sentRowsKey(list: string, rows: number[]) {
  const prefix = new RegExp(`^${list}\\.(\\d+)`);
  return (key: string) =>
    key.replace(prefix, (match, sent: string) =>
      rows[Number(sent)] === undefined ? match : `${list}.${rows[Number(sent)]}`,
    );
}

/** What a form says when the policy refuses the account its save (an i18n key). */
export const REFUSED_SAVE = 'error.refusedSave';

/** A refusal's message for a toast: the policy's refusal in the user's language, any other as the upstream says it. */
export function refusalMessage(error: UpstreamError) {
  return error.status === 403 ? 'error.refused' : error.message;
}

/** A refusal an action answers on its page (403, 409, 422), rather than an error page. */
export function isRefusal(error: unknown): error is UpstreamError {
  return error instanceof UpstreamError && [403, 409, 422].includes(error.status);
}

/**
 * An upstream 403 becomes the form's refusal message; a 422 becomes field errors on the submitted form (first
 * message of each field), and a form-level message only for the fields the form does not have; any other upstream
 * error becomes a form-level message only.
 */
export function replyWithUpstreamError<S extends Submission<unknown>>(
  submission: S,
  error: unknown,
  knownFields: string[],
  {
    formKeyOf = (key) => key,
    hideFields = [],
  }: {
    /** The form's name for an upstream field key, where it is not the same. */
    formKeyOf?: (key: string) => string;
    /** Fields whose values must not come back to the page (passwords). */
    hideFields?: string[];
  } = {},
) {
  if (!(error instanceof UpstreamError) || error.status >= 500 || error.status === 401) throw error;
  if (error.status === 403) return submission.reply({ formErrors: [REFUSED_SAVE], hideFields });
  const readable = readableMessages(error, formKeyOf);
  const fieldErrors: Record<string, string[]> = {};
  const elsewhere: string[] = [];
  for (const [key, messages] of Object.entries(readable.fieldErrors)) {
    const name = conformName(formKeyOf(key));
    if (knownFields.includes(name.split(/[.[]/)[0])) fieldErrors[name] = messages.slice(0, 1);
    else elsewhere.push(...messages.slice(0, 1));
  }
  // Each message once: under its field when the form has it; on top only what no field of the form shows.
  const placed = Object.keys(readable.fieldErrors).length > 0;
  const formErrors = placed ? (elsewhere.length ? [elsewhere.join(' ')] : []) : [readable.message];
  return submission.reply({ formErrors, fieldErrors, hideFields });
}

/**
 * The posted form; a body that does not parse as one (a broken multipart, say) or holds text that is not UTF-8
 * is a 400, not a server error, and never a field kept with "�" in it.
 */
export async function readForm(request: Request) {
  let form: FormData;
  try {
    if (!(await formTextIsUtf8(request))) throw new Error('not UTF-8');
    form = await request.formData();
  } catch {
    throw new Response('The form could not be read.', { status: 400 });
  }
  return form;
}
