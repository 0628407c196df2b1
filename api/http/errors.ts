import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ApiError, alreadyTaken, conflict } from '../api-error';
import { isDatabaseUnavailable } from '../db/unavailable';
import { UNIQUE_FIELDS, uniqueViolation, type UniqueIndex } from '../db/unique';

export function handleError(error: unknown, c: Context) {
  if (error instanceof ApiError) {
    const body = error.errors ? { message: error.message, errors: error.errors } : { message: error.message };
    return c.json(body, error.status, error.headers);
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    const message = status === 413 ? 'The uploaded content is too large.' : error.message || 'Bad request.';
    return c.json({ message }, status as ContentfulStatusCode);
  }
  const constraint = uniqueViolation(error);
  if (constraint !== null) {
    if (Object.hasOwn(UNIQUE_FIELDS, constraint))
      return handleError(alreadyTaken(constraint as UniqueIndex), c);
    // Another writer got there first (a lost race), never bad input: the client may try again.
    console.warn(`unique index ${constraint} refused a write`);
    return handleError(conflict('Data ini baru saja diubah. Muat ulang lalu coba lagi.'), c);
  }
  if (isDatabaseUnavailable(error)) {
    console.warn(`database unavailable: ${(error as Error).message}`);
    return c.json({ message: 'Service temporarily unavailable, please retry.' }, 503, { 'Retry-After': '2' });
  }
  console.error(error);
  return c.json({ message: 'Server Error' }, 500);
}
