import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../api/api-error';
import { validationFailed } from '../../api/api-error';
import { toFieldErrors } from '../../api/http/validation';

function issuesOf(schema: z.ZodTypeAny, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected the input to be invalid');
  return result.error.issues;
}

describe('toFieldErrors', () => {
  it('words a missing field the way Laravel does', () => {
    const schema = z.object({ old_password: z.string() });
    expect(toFieldErrors(issuesOf(schema, {}))).toEqual({
      old_password: ['The old password field is required.'],
    });
  });

  it('keys nested errors with dotted Laravel paths and names the attribute by its last field', () => {
    const schema = z.object({ order_products: z.array(z.object({ quantity: z.number().min(1) })) });
    expect(toFieldErrors(issuesOf(schema, { order_products: [{ quantity: 1 }, { quantity: 0 }] }))).toEqual({
      'order_products.1.quantity': ['The quantity field must be at least 1.'],
    });
  });

  it('explains string length, email and enum failures in Laravel words', () => {
    const schema = z.object({
      password: z.string().min(8),
      email: z.string().email(),
      order_by: z.enum(['asc', 'desc']),
    });
    expect(
      toFieldErrors(issuesOf(schema, { password: 'short', email: 'nope', order_by: 'sideways' })),
    ).toEqual({
      password: ['The password field must be at least 8 characters.'],
      email: ['The email field must be a valid email address.'],
      order_by: ['The selected order by is invalid.'],
    });
  });

  it('reports each unknown field of a strict schema as prohibited under its own key', () => {
    const schema = z.object({ name: z.string() }).strict();
    expect(toFieldErrors(issuesOf(schema, { name: 'A', role_id: 1, vendor_id: 2 }))).toEqual({
      role_id: ['The role id field is prohibited.'],
      vendor_id: ['The vendor id field is prohibited.'],
    });
  });

  it('keeps every message of a field that fails more than one rule', () => {
    const schema = z.object({ code: z.string().min(3).regex(/^\d+$/, 'The code field must be digits.') });
    expect(toFieldErrors(issuesOf(schema, { code: 'x' }))).toEqual({
      code: ['The code field must be at least 3 characters.', 'The code field must be digits.'],
    });
  });
});

describe('validationFailed', () => {
  it('is a 422 whose message is the only error when there is one', () => {
    const error = validationFailed({ email: ['The email field is required.'] });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.message).toBe('The email field is required.');
    expect(error.errors).toEqual({ email: ['The email field is required.'] });
  });

  it('adds "(and 1 more error)" when there are two errors', () => {
    const error = validationFailed({
      email: ['The email field is required.'],
      password: ['The password field is required.'],
    });
    expect(error.message).toBe('The email field is required. (and 1 more error)');
  });

  it('counts every message, across fields and within one field, in "(and N more errors)"', () => {
    const error = validationFailed({
      name: ['The name field is required.'],
      password: [
        'The password field must be at least 8 characters.',
        'The password field confirmation does not match.',
      ],
      mobile_phone: ['The mobile phone field is required.'],
    });
    expect(error.message).toBe('The name field is required. (and 3 more errors)');
  });
});
