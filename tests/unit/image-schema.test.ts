import { describe, expect, it } from 'vitest';
import { deliverSchema } from '~/lib/schemas/order';
import { imageErrorKey, imageField, MAX_IMAGE_BYTES } from '~/lib/schemas/image';

const file = (type: string, size = 10) => new File([new Uint8Array(size)], 'photo', { type });
const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('imageField', () => {
  it('takes the four types the API keeps and refuses other images', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'image/webp']) {
      expect(imageField().safeParse(file(type)).success, type).toBe(true);
    }
    for (const type of ['image/heic', 'image/svg+xml', 'image/bmp', 'application/pdf']) {
      expect(messagesOf(imageField().safeParse(file(type))), type).toEqual(['validation.imageOnly']);
    }
  });

  it('refuses a file over the size limit', () => {
    expect(messagesOf(imageField().safeParse(file('image/png', MAX_IMAGE_BYTES + 1)))).toEqual([
      'validation.fileTooLarge',
    ]);
  });

  it('says a photo is required, not that it is of the wrong type, when the delivery step sends none', () => {
    const result = deliverSchema.safeParse({ intent: 'deliver', receiver_name: 'Siti' });
    expect(messagesOf(result)).toEqual(['order.photoRequired']);
  });
});

describe('imageErrorKey', () => {
  it("puts the upload's and the step's photo errors on the form's file field", () => {
    const keyOf = imageErrorKey('photo');
    expect(['file', 'photo_ids', 'photo_ids.0', 'photo_id', 'receiver_name'].map(keyOf)).toEqual([
      'photo',
      'photo',
      'photo',
      'photo',
      'receiver_name',
    ]);
  });
});
