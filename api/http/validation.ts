import type { Context } from 'hono';
import { type z, type ZodIssue, type ZodTypeAny } from 'zod';
import { ApiError, validationFailed, type FieldErrors } from '../api-error';

function attributeName(path: (string | number)[]): string {
  const last = [...path].reverse().find((segment) => typeof segment === 'string');
  return String(last ?? 'value').replace(/_/g, ' ');
}

/** Turns a zod issue into Laravel's wording, so clients that show server messages read the same text. */
function laravelMessage(issue: ZodIssue): string {
  const attribute = attributeName(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.received === 'undefined' || issue.received === 'null')
        return `The ${attribute} field is required.`;
      if (issue.expected === 'number' || issue.expected === 'integer')
        return `The ${attribute} field must be a number.`;
      if (issue.expected === 'array') return `The ${attribute} field must be an array.`;
      return `The ${attribute} field must be a ${issue.expected}.`;
    case 'invalid_string':
      if (issue.validation === 'email') return `The ${attribute} field must be a valid email address.`;
      return issue.message !== 'Invalid' ? issue.message : `The ${attribute} field format is invalid.`;
    case 'too_small':
      if (issue.type === 'string' && issue.minimum === 1) return `The ${attribute} field is required.`;
      if (issue.type === 'string')
        return `The ${attribute} field must be at least ${issue.minimum} characters.`;
      if (issue.type === 'array') return `The ${attribute} field must have at least ${issue.minimum} items.`;
      return `The ${attribute} field must be at least ${issue.minimum}.`;
    case 'too_big':
      if (issue.type === 'string')
        return `The ${attribute} field must not be greater than ${issue.maximum} characters.`;
      if (issue.type === 'array')
        return `The ${attribute} field must not have more than ${issue.maximum} items.`;
      return `The ${attribute} field must not be greater than ${issue.maximum}.`;
    case 'invalid_enum_value':
    case 'invalid_literal':
      return `The selected ${attribute} is invalid.`;
    case 'not_multiple_of':
      return `The ${attribute} field must be an integer.`;
    default:
      return issue.message;
  }
}

export function toFieldErrors(issues: ZodIssue[]): FieldErrors {
  // No prototype: a body may name a field `__proto__` or `constructor`, which must read as any other key.
  const errors: FieldErrors = Object.create(null);
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const field = [...issue.path, key].join('.');
        (errors[field] ??= []).push(`The ${key.replace(/_/g, ' ')} field is prohibited.`);
      }
      continue;
    }
    const field = issue.path.join('.') || 'input';
    (errors[field] ??= []).push(laravelMessage(issue));
  }
  return errors;
}

/** Half of a UTF-16 surrogate pair, which has no UTF-8 form. */
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Fields holding text no column can store: a NUL character, or half of a UTF-16 surrogate pair (which has no
 * UTF-8 form), in a value or in an object's key. `path` → message.
 */
function unstorableTextFields(
  value: unknown,
  path: string[] = [],
  errors: FieldErrors = Object.create(null),
) {
  if (typeof value === 'string') {
    if (value.includes('\0')) {
      errors[path.join('.') || 'input'] = [
        `The ${attributeName(path)} field must not contain a null character.`,
      ];
    } else if (LONE_SURROGATE.test(value)) {
      errors[path.join('.') || 'input'] = [`The ${attributeName(path)} field must be valid UTF-8 text.`];
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      // A key is stored too (a listing's raw_data is jsonb): one no text can hold refuses the object it is in.
      if (key.includes('\0')) {
        errors[path.join('.') || 'input'] = [
          `The ${attributeName(path)} field must not contain a null character.`,
        ];
      } else if (LONE_SURROGATE.test(key)) {
        errors[path.join('.') || 'input'] = [`The ${attributeName(path)} field must be valid UTF-8 text.`];
      } else unstorableTextFields(item, [...path, key], errors);
    }
  }
  return errors;
}

export function validate<T extends ZodTypeAny>(schema: T, input: unknown): z.infer<T> {
  const unstorable = unstorableTextFields(input);
  if (Object.keys(unstorable).length) throw validationFailed(unstorable);
  const result = schema.safeParse(input);
  if (!result.success) throw validationFailed(toFieldErrors(result.error.issues));
  return result.data;
}

/** Reads a JSON or form body the way Laravel does: either content type is accepted. */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/json')) {
    try {
      const body: unknown = await c.req.json();
      if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
    } catch {
      throw new ApiError(400, 'The request body is not valid JSON.');
    }
    throw new ApiError(400, 'The request body must be a JSON object.');
  }
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    try {
      return (await c.req.parseBody({ all: true })) as Record<string, unknown>;
    } catch {
      throw new ApiError(400, 'The request body is not a valid form.');
    }
  }
  return {};
}

export function readQuery(c: Context): Record<string, string | string[]> {
  const url = new URL(c.req.url);
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    const name = key.endsWith('[]') ? key.slice(0, -2) : key;
    query[name] = key.endsWith('[]') ? values : (values.at(-1) ?? '');
  }
  return query;
}
