import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { REFUSED_SAVE, replyWithUpstreamError, sentRowsKey } from '~/lib/forms.server';
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

  it("answers the policy's refusal on the form, in the user's language, keeping what was typed", () => {
    const form = new FormData();
    form.set('name', 'Gudang Timur');
    const submission = parseWithZod(form, { schema: z.object({ name: z.string() }) });
    const error = new UpstreamError(403, 'This action is unauthorized.');

    const reply = replyWithUpstreamError(submission, error, ['name']);

    expect(reply.error).toEqual({ '': [REFUSED_SAVE] });
    expect(reply.initialValue).toMatchObject({ name: 'Gudang Timur' });
  });

  it('answers a lost race (409) on the form with its message', () => {
    const form = new FormData();
    form.set('name', 'Gudang Timur');
    const submission = parseWithZod(form, { schema: z.object({ name: z.string() }) });

    const reply = replyWithUpstreamError(submission, new UpstreamError(409, 'Data telah berubah.'), ['name']);

    expect(reply.error).toEqual({ '': ['Data telah berubah.'] });
    expect(reply.initialValue).toMatchObject({ name: 'Gudang Timur' });
  });
  it('shows a field error once, under its field, and on top only what no field of the form shows', () => {
    const form = new FormData();
    form.set('sku', 'NH-JAM-0009');
    const submission = parseWithZod(form, { schema: z.object({ sku: z.string() }) });

    const taken = replyWithUpstreamError(
      submission,
      new UpstreamError(422, 'The sku has already been taken.', { sku: ['The sku has already been taken.'] }),
      ['sku'],
    );
    expect(taken.error).toEqual({ sku: ['The sku has already been taken.'] });

    const elsewhere = replyWithUpstreamError(
      submission,
      new UpstreamError(422, 'The sku has already been taken. (and 1 more error)', {
        sku: ['The sku has already been taken.'],
        brand_id: ['The selected brand is invalid.'],
      }),
      ['sku'],
    );
    expect(elsewhere.error).toEqual({
      '': ['The selected brand is invalid.'],
      sku: ['The sku has already been taken.'],
    });
  });
});
