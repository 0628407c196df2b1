import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api';
import { TINY_PNG, uploadForm } from '../support/files';

const MAX_BYTES = 512;

let api: TestApi;
let brandA: string;
let brandB: string;

beforeAll(async () => {
  api = await startTestApi({ http: true, config: { MEDIA_MAX_BYTES: String(MAX_BYTES) } });
  brandA = await api.login(api.world.users.brandA.email);
  brandB = await api.login(api.world.users.brandB.email);
});

afterAll(async () => {
  await api?.close();
});

/** fetch normalises `..` out of a URL; this sends the path exactly as written. */
function rawGet(path: string) {
  const { hostname, port } = new URL(api.baseUrl);
  return new Promise<number>((resolve, reject) => {
    const request = httpRequest({ hostname, port, path, method: 'GET' }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end();
  });
}

describe('POST /api/media checks the upload by its content', () => {
  it('refuses a text file named .png with 422 on file', async () => {
    const response = await api.request('/api/media', {
      token: brandA,
      form: uploadForm(Buffer.from('<?php echo "hello"; ?>'), 'innocent.png', 'image/png'),
    });

    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['file']);
  });

  it('refuses an SVG, which can carry script, with 422', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

    const response = await api.request('/api/media', {
      token: brandA,
      form: uploadForm(svg, 'logo.svg', 'image/svg+xml'),
    });

    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['file']);
  });

  it('refuses an image over MEDIA_MAX_BYTES with 422 on file', async () => {
    const large = Buffer.concat([TINY_PNG, Buffer.alloc(MAX_BYTES)]);

    const response = await api.request('/api/media', { token: brandA, form: uploadForm(large, 'besar.png') });

    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['file']);
  });

  it('refuses a request without a file with 422 on file', async () => {
    const form = new FormData();
    form.append('disk', 'public');

    const response = await api.request('/api/media', { token: brandA, form });

    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ file: ['The file field is required.'] });
  });

  it('refuses an empty file with 422 on file', async () => {
    const response = await api.request('/api/media', {
      token: brandA,
      form: uploadForm(Buffer.alloc(0), 'kosong.png'),
    });

    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['file']);
  });

  it('refuses a disk other than public with 422 on disk', async () => {
    const response = await api.request('/api/media', {
      token: brandA,
      form: uploadForm(TINY_PNG, 'a.png', 'image/png', { disk: 's3' }),
    });

    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['disk']);
  });

  it('answers 401 without a token', async () => {
    const response = await api.request('/api/media', { form: uploadForm(TINY_PNG, 'a.png') });

    expect(response.status).toBe(401);
  });
});

describe('uploads belong to their uploader', () => {
  it("lists only the user's own uploads, while an administrator sees every upload", async () => {
    const mine = await api.request('/api/media', {
      token: brandA,
      form: uploadForm(TINY_PNG, 'milik-a.png'),
    });
    const theirs = await api.request('/api/media', {
      token: brandB,
      form: uploadForm(TINY_PNG, 'milik-b.png'),
    });
    const admin = await api.login(api.world.users.admin.email);

    const listA = await api.request('/api/media', { token: brandA, query: { per_page: 1000 } });
    const listAdmin = await api.request('/api/media', { token: admin, query: { per_page: 1000 } });

    const idsA = listA.body.data.map((row: { id: number }) => row.id);
    expect(idsA).toContain(mine.body.data.id);
    expect(idsA).not.toContain(theirs.body.data.id);
    expect(listA.body.meta.total).toBe(idsA.length);
    const idsAdmin = listAdmin.body.data.map((row: { id: number }) => row.id);
    expect(idsAdmin).toEqual(expect.arrayContaining([mine.body.data.id, theirs.body.data.id]));
  });

  it("answers 404 for another user's upload, 200 for an administrator", async () => {
    const theirs = await api.request('/api/media', {
      token: brandB,
      form: uploadForm(TINY_PNG, 'rahasia.png'),
    });
    const admin = await api.login(api.world.users.admin.email);

    const response = await api.request(`/api/media/${theirs.body.data.id}`, { token: brandA });

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: expect.any(String) });
    expect((await api.request(`/api/media/${theirs.body.data.id}`, { token: admin })).status).toBe(200);
  });

  it.each(['abc', '0', '-1', '999999'])('answers 404 for the media id %s', async (id) => {
    expect((await api.request(`/api/media/${id}`, { token: brandA })).status).toBe(404);
  });
});

describe('GET /storage serves only the stored images', () => {
  it.each([
    '/storage/../package.json',
    '/storage/../../../../etc/passwd',
    '/storage/file/../../package.json',
    '/storage/..%2fpackage.json',
    '/storage/..%2f..%2f..%2f..%2fetc%2fpasswd',
    '/storage/%2e%2e/%2e%2e/package.json',
    '/storage/%252e%252e/package.json',
  ])('answers 404 to the traversal %s', async (path) => {
    expect(await rawGet(path)).toBe(404);
  });

  it.each(['/storage/%E0%A4%A.png', '/storage/%ff.png', '/storage/%.png'])(
    'answers 404, never a 500, to the malformed escape %s',
    async (path) => {
      expect(await rawGet(path)).toBe(404);
    },
  );

  it('serves no file type that uploads cannot produce', async () => {
    expect(await rawGet('/storage/file/notes.txt')).toBe(404);
    expect(await rawGet('/storage/file/page.html')).toBe(404);
  });
});
