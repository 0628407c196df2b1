import { z } from 'zod';

/** The image types the API keeps (it checks the bytes): any other would pass here and be refused there. */
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** For a file input's `accept`. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * An uploaded image: one of the API's types and at most MAX_IMAGE_BYTES. A form that sends no file gives
 * `missingMessage` (Conform turns an empty file input into no value at all); with `optional`, no file is fine.
 */
export function imageField(missingMessage = 'validation.imageOnly') {
  return z
    .instanceof(File, { message: missingMessage })
    .refine((file) => file.size > 0, missingMessage)
    .refine((file) => IMAGE_TYPES.includes(file.type), 'validation.imageOnly')
    .refine((file) => file.size <= MAX_IMAGE_BYTES, 'validation.fileTooLarge');
}

/** The upload's own errors come under `file`, a step's under `photo_ids`/`photo_ids.N`, the profile's under `photo_id`. */
export function imageErrorKey(field: string) {
  return (key: string) => (/^(file|photo_ids?)(\.\d+)?$/.test(key) ? field : key);
}
