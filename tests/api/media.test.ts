import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../api/db/schema';
import { startTestApi, type TestApi } from '../support/api';
import { solidImage, TINY_PNG, uploadForm } from '../support/files';

const MEDIA_FIELDS = ['created_at', 'disk', 'encoded_name', 'extension', 'id', 'name', 'path', 'size', 'url'];

let api: TestApi;
let brandA: string;

beforeAll(async () => {
  api = await startTestApi();
  brandA = await api.login(api.world.users.brandA.email);
});

afterAll(async () => {
  await api?.close();
});

function storedFile(path: string) {
  return readFile(join(api.deps.storageDir, path));
}

async function storedFileCount() {
  const entries = await readdir(api.deps.storageDir, { recursive: true, withFileTypes: true }).catch(
    () => [],
  );
  return entries.filter((entry) => entry.isFile()).length;
}

async function mediaRowCount() {
  const [{ total }] = await api.db.select({ total: count() }).from(media);
  return total;
}

function pngChunk(type: string, data: Buffer) {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A black one-bit PNG built by hand: a huge canvas that stays a few kilobytes and is quick to make. */
function hugeBlankPng(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('POST /api/media', () => {
  it('stores a PNG upload and answers 201 with the media record', async () => {
    const response = await api.request('/api/media', {
      token: brandA,
      form: uploadForm(TINY_PNG, 'foto profil.png'),
    });

    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Data berhasil dibuat');
    const media = response.body.data;
    expect(Object.keys(media).sort()).toEqual(MEDIA_FIELDS);
    expect(media).toMatchObject({
      id: expect.any(Number),
      name: 'foto profil.png',
      extension: 'png',
      disk: 'public',
    });
    expect(media.encoded_name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(media.path).toMatch(new RegExp(`^file/\\d{4}/\\d{2}/${media.encoded_name}$`));
    expect(media.url).toBe(`/storage/${media.path}`);
    expect(media.size).toBe((await storedFile(media.path)).length);
  });

  it('names the stored file by its content: a PNG sent as .jpg is stored as png', async () => {
    const response = await api.request('/api/media', {
      token: brandA,
      form: uploadForm(TINY_PNG, 'photo.jpg', 'image/jpeg'),
    });

    expect(response.status).toBe(201);
    expect(response.body.data.extension).toBe('png');
    expect(response.body.data.encoded_name).toMatch(/\.png$/);
  });

  it('keeps a harmless version of the original name', async () => {
    const response = await api.request('/api/media', {
      token: brandA,
      form: uploadForm(TINY_PNG, '<script>alert(1)</script>.png'),
    });

    expect(response.status).toBe(201);
    expect(response.body.data.name).not.toMatch(/[<>/]/);
  });
});

describe('POST /api/media re-encodes the image', () => {
  it('stores a JPEG without its EXIF, GPS position included, at the same size in pixels', async () => {
    const photo = await sharp(await solidImage({ format: 'jpeg', width: 64, height: 48 }))
      .withExif({
        IFD0: { Make: 'KameraRahasia', ImageDescription: 'Rumah di Jl. Melati 7' },
        IFD3: {
          GPSLatitudeRef: 'S',
          GPSLatitude: '6/1 12/1 30/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '106/1 49/1 0/1',
        },
      })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const response = await api.request('/api/media', {
      token: brandA,
      form: uploadForm(photo, 'rumah.jpg', 'image/jpeg'),
    });

    expect(response.status).toBe(201);
    expect(response.body.data.extension).toBe('jpg');
    const stored = await storedFile(response.body.data.path);
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(stored.includes('KameraRahasia')).toBe(false);
    expect(response.body.data.size).toBe(stored.length);
  });

  it('turns a photo upright by its EXIF orientation', async () => {
    const sideways = await sharp(await solidImage({ format: 'jpeg', width: 64, height: 48 }))
      .withMetadata({ orientation: 6 })
      .toBuffer();

    const response = await api.request('/api/media', {
      token: brandA,
      form: uploadForm(sideways, 'miring.jpg', 'image/jpeg'),
    });

    expect(response.status).toBe(201);
    const metadata = await sharp(await storedFile(response.body.data.path)).metadata();
    expect(metadata).toMatchObject({ width: 48, height: 64 });
    expect(metadata.orientation).toBeUndefined();
  });

  it('drops an HTML payload appended to a valid PNG', async () => {
    const payload = '<html><script>fetch("/api/me").then(r => r.text()).then(alert)</script></html>';
    const polyglot = Buffer.concat([
      await solidImage({ format: 'png', width: 20, height: 10 }),
      Buffer.from(payload),
    ]);

    const response = await api.request('/api/media', {
      token: brandA,
      form: uploadForm(polyglot, 'poliglot.png'),
    });

    expect(response.status).toBe(201);
    const stored = await storedFile(response.body.data.path);
    expect(stored.includes('<script>')).toBe(false);
    expect(stored.includes(payload)).toBe(false);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 20, height: 10 });
  });

  it.each(['gif', 'webp'] as const)('keeps every frame of an animated %s', async (format) => {
    const frames = await Promise.all(
      ['#dc2626', '#16a34a', '#2563eb'].map((background) =>
        sharp({ create: { width: 24, height: 16, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );
    const animation = await sharp(frames, { join: { animated: true } })
      .toFormat(format)
      .toBuffer();

    const response = await api.request('/api/media', {
      token: brandA,
      form: uploadForm(animation, `animasi.${format}`, `image/${format}`),
    });

    expect(response.status).toBe(201);
    const stored = await storedFile(response.body.data.path);
    expect(await sharp(stored, { animated: true }).metadata()).toMatchObject({
      format,
      pages: 3,
      width: 24,
      pageHeight: 16,
    });
  });

  it.each([
    [
      'JPEG magic bytes followed by garbage',
      async () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(400, 0x41)]),
    ],
    [
      'a truncated PNG',
      async () => (await solidImage({ format: 'png', width: 40, height: 40 })).subarray(0, 60),
    ],
  ])('refuses %s with 422 on file and stores nothing', async (_, make) => {
    const bytes = await make();
    const [rowsBefore, filesBefore] = [await mediaRowCount(), await storedFileCount()];

    const response = await api.request('/api/media', {
      token: brandA,
      form: uploadForm(bytes, 'rusak.png'),
    });

    expect(response.status).toBe(422);
    expect(response.body).toStrictEqual({
      message: 'The file field must be a valid image.',
      errors: { file: ['The file field must be a valid image.'] },
    });
    expect(await mediaRowCount()).toBe(rowsBefore);
    expect(await storedFileCount()).toBe(filesBefore);
  });

  it('refuses an image over the pixel limit, small on disk, with 422 on file', async () => {
    const bomb = hugeBlankPng(10_000, 10_000);
    expect(bomb.length).toBeLessThan(100 * 1024);
    const [rowsBefore, filesBefore] = [await mediaRowCount(), await storedFileCount()];

    const response = await api.request('/api/media', { token: brandA, form: uploadForm(bomb, 'bom.png') });

    expect(response.status).toBe(422);
    expect(response.body.errors).toStrictEqual({ file: ['The file field has invalid image dimensions.'] });
    expect(await mediaRowCount()).toBe(rowsBefore);
    expect(await storedFileCount()).toBe(filesBefore);
  });
});

describe('GET /storage/{path}', () => {
  it('serves the stored image with nosniff', async () => {
    const upload = await api.request('/api/media', {
      token: brandA,
      form: uploadForm(TINY_PNG, 'served.png'),
    });

    const response = await api.request(upload.body.data.url);

    expect(response.status).toBe(200);
    expect(response.bytes.equals(await storedFile(upload.body.data.path))).toBe(true);
    expect(await sharp(response.bytes).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-length')).toBe(String(upload.body.data.size));
  });

  it('answers 404 for a file that does not exist', async () => {
    const response = await api.request('/storage/file/2020/01/0123456789abcdef0123456789abcdef.png');

    expect(response.status).toBe(404);
  });
});

describe('GET /api/media', () => {
  it('lists the uploads of the user, newest first, with the Laravel paginator', async () => {
    const token = await api.login(api.world.users.vendor2.email);
    const first = await api.request('/api/media', { token, form: uploadForm(TINY_PNG, 'satu.png') });
    const second = await api.request('/api/media', { token, form: uploadForm(TINY_PNG, 'dua.png') });

    const response = await api.request('/api/media', { token });

    expect(response.status).toBe(200);
    expect(response.body.data.map((row: { id: number }) => row.id)).toEqual([
      second.body.data.id,
      first.body.data.id,
    ]);
    expect(response.body.meta).toStrictEqual({
      current_page: 1,
      last_page: 1,
      per_page: 10,
      total: 2,
      from: 1,
      to: 2,
    });
  });
});

describe('GET /api/media/{id}', () => {
  it('shows one upload of the user', async () => {
    const upload = await api.request('/api/media', { token: brandA, form: uploadForm(TINY_PNG, 'satu.png') });

    const response = await api.request(`/api/media/${upload.body.data.id}`, { token: brandA });

    expect(response.status).toBe(200);
    expect(response.body.data).toEqual(upload.body.data);
  });
});
