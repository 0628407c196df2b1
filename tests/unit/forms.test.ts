import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { replyWithUpstreamError, sentRowsKey } from '~/lib/forms.server';
import { UpstreamError } from '~/lib/upstream/client.server';

describe('sentRowsKey', () => {
  it("turns the upstream's count of sent rows back into the form's row", () => {
    // The form ticked rows 1 and 3 of its four; upstream calls them 0 and 1.
    const formKeyOf = sentRowsKey('order_products', [1, 3]);

    expect(formKeyOf('order_products.0.quantity')).toBe('order_products.1.quantity');
    expect(formKeyOf('order_products.1.note')).toBe('order_products.3.note');
    expect(formKeyOf('order_products')).toBe('order_products');
    expect(formKeyOf('order_products.5.quantity')).toBe('order_products.5.quantity');
    expect(formKeyOf('vendor_id')).toBe('vendor_id');
  });
});

describe('replyWithUpstreamError', () => {
  it('puts the upstream field errors on the form and keeps hidden fields out of the values sent back', () => {
    const form = new FormData();
    form.set('old_password', 'salah-sekali');
    form.set('password', 'rahasia-baru');
    const submission = parseWithZod(form, {
      schema: z.object({ old_password: z.string(), password: z.string() }),
    });
    const error = new UpstreamError(422, 'The given data was invalid.', {
      old_password: ['The old password is incorrect.'],
    });

    const reply = replyWithUpstreamError(submission, error, ['old_password', 'password'], {
      hideFields: ['old_password', 'password'],
    });

    expect(reply.error).toMatchObject({ old_password: ['The old password is incorrect.'] });
    expect(JSON.stringify(reply)).not.toContain('salah-sekali');
    expect(JSON.stringify(reply)).not.toContain('rahasia-baru');
  });
});
