import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api';
import { TINY_PNG, uploadForm } from '../support/files';

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
      size: TINY_PNG.length,
      extension: 'png',
      disk: 'public',
    });
    expect(media.encoded_name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(media.path).toMatch(new RegExp(`^file/\\d{4}/\\d{2}/${media.encoded_name}$`));
    expect(media.url).toBe(`/storage/${media.path}`);
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

describe('GET /storage/{path}', () => {
  it('serves the uploaded bytes as an image with nosniff', async () => {
    const upload = await api.request('/api/media', {
      token: brandA,
      form: uploadForm(TINY_PNG, 'served.png'),
    });

    const response = await api.request(upload.body.data.url);

    expect(response.status).toBe(200);
    expect(response.bytes.equals(TINY_PNG)).toBe(true);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-length')).toBe(String(TINY_PNG.length));
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
