import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { UNIQUE_FIELDS, type UniqueIndex } from './db/unique';

/**
 * The API's one error type, with a constructor per status. It stands below both the HTTP layer, whose handler
 * (http/errors.ts) writes it as a Laravel body, and the access kernel, whose guards throw it.
 */
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
