export type SniffedType = { mime: string; extension: string };

const SIGNATURES: { bytes: (number | null)[]; offset?: number; type: SniffedType }[] = [
  { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], type: { mime: 'image/png', extension: 'png' } },
  { bytes: [0xff, 0xd8, 0xff], type: { mime: 'image/jpeg', extension: 'jpg' } },
  { bytes: [0x47, 0x49, 0x46, 0x38], type: { mime: 'image/gif', extension: 'gif' } },
  {
    bytes: [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50],
    type: { mime: 'image/webp', extension: 'webp' },
  },
];

/** Identifies an image by its leading bytes; the file name and the declared type are never trusted. */
export function sniffImage(head: Uint8Array): SniffedType | null {
  for (const signature of SIGNATURES) {
    if (head.length < signature.bytes.length) continue;
    if (signature.bytes.every((byte, index) => byte === null || head[index] === byte)) return signature.type;
  }
  return null;
}
