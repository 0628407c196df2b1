import type { Submission } from '@conform-to/react';
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

/**
 * An upstream 422 becomes field errors on the submitted form (first message of each field) plus a
 * form-level message; any other upstream error becomes a form-level message only.
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
  const readable = readableMessages(error, formKeyOf);
  const fieldErrors: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(readable.fieldErrors)) {
    const name = conformName(formKeyOf(key));
    if (knownFields.includes(name.split(/[.[]/)[0])) fieldErrors[name] = messages.slice(0, 1);
  }
  return submission.reply({ formErrors: [readable.message], fieldErrors, hideFields });
}

/** The posted form; a body that does not parse as one (a broken multipart, say) is a 400, not a server error. */
export async function readForm(request: Request) {
  try {
    return await request.formData();
  } catch {
    throw new Response('The form could not be read.', { status: 400 });
  }
}
