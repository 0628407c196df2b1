import sharp from 'sharp';

/** A real 1×1 PNG image. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart upload form as the web app sends it: the file, disk 'public', path 'file'. */
export function uploadForm(
  bytes: Uint8Array<ArrayBuffer>,
  fileName: string,
  type = 'image/png',
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), fileName);
  for (const [name, value] of Object.entries({ disk: 'public', path: 'file', ...fields }))
    form.append(name, value);
  return form;
}

/** A real image of one colour, made with sharp, for uploads that must decode. */
export async function solidImage({
  format,
  width = 16,
  height = 12,
}: {
  format: 'png' | 'jpeg' | 'gif' | 'webp';
  width?: number;
  height?: number;
}) {
  const image = sharp({ create: { width, height, channels: 3, background: '#2563eb' } });
  return image.toFormat(format).toBuffer();
}
