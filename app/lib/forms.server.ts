import type { Submission } from '@conform-to/react';
import { UpstreamError } from './upstream.server';

/** Laravel's `order_products.0.quantity` becomes Conform's `order_products[0].quantity`. */
export function conformName(laravelKey: string) {
  return laravelKey.replace(/\.(\d+)(?=\.|$)/g, '[$1]');
}

/**
 * An upstream 422 becomes field errors on the submitted form (first message of each field) plus a
 * form-level message; any other upstream error becomes a form-level message only.
 */
export function replyWithUpstreamError<S extends Submission<unknown>>(
  submission: S,
  error: unknown,
  knownFields: string[],
) {
  if (!(error instanceof UpstreamError) || error.status >= 500 || error.status === 401) throw error;
  const fieldErrors: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const name = conformName(key);
    if (knownFields.includes(name.split(/[.[]/)[0])) fieldErrors[name] = messages.slice(0, 1);
  }
  return submission.reply({ formErrors: [error.message], fieldErrors });
}
