import sharp, { type FormatEnum } from 'sharp';
import { validationFailed } from '../../api-error';
import type { SniffedType } from './sniff';
import { createTurns } from '../../http/turns';

// libvips would otherwise run one worker thread per core for each image; on a two-core server one
// thread per image leaves the other core to the event loop and the database while an upload is encoded.
sharp.concurrency(1);
// Every upload is a different image, so libvips's operation cache would only hold on to memory.
sharp.cache(false);

/** A small file can declare a huge canvas (a decompression bomb); for an animation this counts every frame. */
export const MAX_IMAGE_PIXELS = 40_000_000;

// Each re-encode holds its decoded pixels, up to MAX_IMAGE_PIXELS × 4 bytes (~160 MB): a burst of uploads
// waits its turn rather than holding that many times over.
const inTurn = createTurns(2);

const FORMATS: Record<string, keyof FormatEnum> = {
  jpg: 'jpeg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
};

/**
 * Decodes an upload and writes it again in its own format, upright and without metadata (EXIF with
 * its GPS position, XMP, comments, the ICC profile after conversion to sRGB), so nothing but pixels
 * reaches storage: bytes appended to the image, such as an HTML payload, are gone too.
 */
export function reencodeImage(upload: { bytes: Uint8Array; type: SniffedType }) {
  return inTurn(() => reencode(upload));
}

async function reencode({ bytes, type }: { bytes: Uint8Array; type: SniffedType }) {
  const format = FORMATS[type.extension];
  try {
    const image = sharp(bytes, {
      animated: format === 'gif' || format === 'webp',
      failOn: 'error',
      limitInputPixels: MAX_IMAGE_PIXELS,
    });
    const { format: decoded, pages = 1 } = await image.metadata();
    if (decoded !== format) throw new Error(`Decoded as ${decoded}, sniffed as ${format}.`);
    // libvips holds an animation's frames as one tall strip, which a rotation would turn as a whole.
    if (pages === 1) image.autoOrient();
    if (format === 'jpeg') image.jpeg({ quality: 85 });
    else if (format === 'webp') image.webp({ quality: 85 });
    else image.toFormat(format);
    const output = await image.toBuffer();
    return { bytes: output, size: output.length };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // Nearly always the file itself; logged so that a failure of libvips (memory, a broken build) shows too.
    console.warn(
      `upload of a .${type.extension} refused, not re-encoded: ${reason.replace(/\s+/g, ' ').trim()}`,
    );
    const tooLarge = reason.includes('exceeds pixel limit');
    throw validationFailed({
      file: [
        tooLarge ? 'The file field has invalid image dimensions.' : 'The file field must be a valid image.',
      ],
    });
  }
}
