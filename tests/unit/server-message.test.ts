import { describe, expect, it } from 'vitest';
import { humanizeServerMessage } from '../../app/lib/server-message';

describe('humanizeServerMessage', () => {
  it('turns positional indexes into ordinals placed before the list they index', () => {
    expect(humanizeServerMessage('The order_products.1.quantity field must not be greater than 2.')).toBe(
      'The second order products quantity field must not be greater than 2.',
    );
    expect(humanizeServerMessage('The products.12.sku field has a duplicate value.')).toBe(
      'The 13th products sku field has a duplicate value.',
    );
    expect(humanizeServerMessage('The order_products.21.id field is invalid.')).toBe(
      'The 22nd order products field is invalid.',
    );
  });

  it('drops id suffixes, whether the key has an underscore or the message already spaced it', () => {
    expect(humanizeServerMessage('The selected order_products.0.id is invalid.')).toBe(
      'The selected first order products is invalid.',
    );
    expect(humanizeServerMessage('The selected vendor id is invalid.')).toBe(
      'The selected vendor is invalid.',
    );
    expect(humanizeServerMessage('The photo ids field is required.')).toBe('The photo field is required.');
    expect(humanizeServerMessage('The photo_ids.2 field must be an image.')).toBe(
      'The third photo field must be an image.',
    );
  });

  it('replaces underscores in field names and leaves other text alone', () => {
    expect(humanizeServerMessage('The receiver_name field is required.')).toBe(
      'The receiver name field is required.',
    );
    for (const untouched of [
      'Vendor pesanan berstatus Selesai tidak dapat diubah.',
      'Pesanan SO/2026/11/000001 sudah Dalam Pengiriman.',
      'Email budi@example.test sudah terdaftar.',
      'The paid field is required.',
    ]) {
      expect(humanizeServerMessage(untouched)).toBe(untouched);
    }
  });
});
