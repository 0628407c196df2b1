import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { normalize, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import type { ApiEnv } from '../../http/context';
import { notFound } from '../../api-error';

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** A malformed escape (`%E0%A4%A`, `%ff`) names no stored file. */
function decodedPath(path: string) {
  try {
    return decodeURIComponent(path);
  } catch {
    throw notFound();
  }
}

/** Public files under the storage directory; only the image types uploads can produce are served. */
export const storageRoutes = new Hono<ApiEnv>().get('/*', async (c) => {
  const root = resolve(c.var.deps.storageDir);
  const relative = normalize(decodedPath(c.req.path.replace(/^\/storage\//, '')));
  const file = resolve(root, relative);
  const extension = file.split('.').pop() ?? '';
  if (!file.startsWith(root + sep) || !TYPES[extension]) throw notFound();
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw notFound();
  return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream, {
    headers: {
      'Content-Type': TYPES[extension],
      'Content-Length': String(info.size),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});
