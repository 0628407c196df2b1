import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isDatabaseUnavailable } from '../db/unavailable';
import { UNIQUE_FIELDS, uniqueViolation, type UniqueIndex } from '../db/unique';

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export function unauthenticated() {
  return new ApiError(401, 'Unauthenticated.');
}

export function forbidden() {
  return new ApiError(403, 'This action is unauthorized.');
}

export function notFound(message = 'Data tidak ditemukan.') {
  return new ApiError(404, message);
}

export function conflict(message: string) {
  return new ApiError(409, message);
}

export function tooManyRequests(
  retryAfterSeconds: number,
  message = `Terlalu banyak percobaan masuk. Coba lagi dalam ${retryAfterSeconds} detik.`,
) {
  return new ApiError(429, message, undefined, { 'Retry-After': String(retryAfterSeconds) });
}

/** Laravel's ValidationException message: the first error, plus "(and N more errors)". */
export function validationFailed(errors: FieldErrors) {
  const messages = Object.values(errors).flat();
  const rest = messages.length - 1;
  const message =
    rest > 0
      ? `${messages[0]} (and ${rest} more ${rest === 1 ? 'error' : 'errors'})`
      : (messages[0] ?? 'Invalid.');
  return new ApiError(422, message, errors);
}

/** A value a unique index keeps one of is taken: the check before a write and the index behind it say the same. */
export function alreadyTaken(index: UniqueIndex) {
  const { field, message } = UNIQUE_FIELDS[index];
  return validationFailed({ [field]: [message] });
}

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
