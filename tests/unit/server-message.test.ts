import { describe, expect, it } from 'vitest';
import { humanizeServerMessage, readableMessages } from '../../app/lib/server-message';

function human(message: string, ...keys: string[]) {
  return humanizeServerMessage(message, keys);
}

describe('humanizeServerMessage', () => {
  it("turns the answer's list indexes into ordinals placed before the list they index", () => {
    expect(
      human('The order_products.1.quantity field must not be greater than 2.', 'order_products.1.quantity'),
    ).toBe('The second order products quantity field must not be greater than 2.');
    expect(human('The products.12.sku field has a duplicate value.', 'products.12.sku')).toBe(
      'The 13th products sku field has a duplicate value.',
    );
    expect(human('The order_products.21.id field is invalid.', 'order_products.21.id')).toBe(
      'The 22nd order products field is invalid.',
    );
  });

  it("counts rows as the form does when given the form's key of each answer key", () => {
    const sentRows = (key: string) => key.replace('order_products.0', 'order_products.2');
    expect(
      humanizeServerMessage(
        'The selected order_products.0.id is invalid.',
        ['order_products.0.id'],
        sentRows,
      ),
    ).toBe('The selected third order products is invalid.');
  });

  it('drops id suffixes, whether the key has an underscore or the message already spaced it', () => {
    expect(human('The selected order_products.0.id is invalid.', 'order_products.0.id')).toBe(
      'The selected first order products is invalid.',
    );
    expect(human('The selected vendor id is invalid.', 'vendor_id')).toBe('The selected vendor is invalid.');
    expect(human('The photo ids field is required.', 'photo_ids')).toBe('The photo field is required.');
    expect(human('The photo_ids.2 field must be an image.', 'photo_ids.2')).toBe(
      'The third photo field must be an image.',
    );
  });

  it("rewrites only the answer's own keys, never a value quoted in the message", () => {
    expect(human('The receiver_name field is required.', 'receiver_name')).toBe(
      'The receiver name field is required.',
    );
    expect(human('The email budi_s@example.test or v1.2 is taken.', 'email')).toBe(
      'The email budi_s@example.test or v1.2 is taken.',
    );
    expect(human('Use a password or refresh_token.')).toBe('Use a password or refresh_token.');
    for (const untouched of [
      'Vendor pesanan berstatus Selesai tidak dapat diubah.',
      'Pesanan SO/2026/11/000001 sudah Dalam Pengiriman.',
      'The paid field is required.',
    ]) {
      expect(human(untouched, 'paid')).toBe(untouched);
    }
  });
});

describe('readableMessages', () => {
  it("makes the answer's message and every field message readable, counting rows as the form does", () => {
    const answer = {
      message: 'The selected order_products.0.id is invalid. (and 1 more error)',
      fieldErrors: {
        'order_products.0.id': ['The selected order_products.0.id is invalid.'],
        vendor_id: ['The vendor id field is required.'],
      },
    };
    const sentRows = (key: string) => key.replace('order_products.0', 'order_products.1');

    expect(readableMessages(answer, sentRows)).toEqual({
      message: 'The selected second order products is invalid. (and 1 more error)',
      fieldErrors: {
        'order_products.0.id': ['The selected second order products is invalid.'],
        vendor_id: ['The vendor field is required.'],
      },
    });
  });
});
