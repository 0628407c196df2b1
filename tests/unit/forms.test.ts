import { describe, expect, it } from 'vitest';
import { sentRowsKey } from '~/lib/forms.server';

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
