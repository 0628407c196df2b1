import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { requireAuth } from '../../http/auth';
import type { ApiEnv } from '../../http/context';
import { ApiError } from '../../http/errors';
import { pageQuerySchema } from '../../http/pagination';
import { parseId } from '../../http/tenancy';
import { readBody, readQuery, validate } from '../../http/validation';
import { findMedia, listMedia, storeUpload } from './service';

const uploadSchema = z.object({
  file: z.instanceof(File, { message: 'The file field is required.' }),
  disk: z.enum(['public']).default('public'),
  path: z.enum(['file']).default('file'),
});

export const mediaRoutes = new Hono<ApiEnv>()
  .use(requireAuth)
  .get('/', async (c) =>
    c.json(await listMedia(c.var.deps, c.var.user, validate(pageQuerySchema, readQuery(c)))),
  )
  .get('/:id', async (c) =>
    c.json({ data: await findMedia(c.var.deps, c.var.user, parseId(c.req.param('id'))) }),
  )
  .post(
    '/',
    bodyLimit({
      maxSize: 20 * 1024 * 1024,
      onError: () => {
        throw new ApiError(413, 'The uploaded file is too large.');
      },
    }),
    async (c) => {
      const input = validate(uploadSchema, await readBody(c));
      return c.json(
        {
          message: 'Data berhasil dibuat',
          data: await storeUpload(c.var.deps, c.var.user, input.file, c.var.clientIp),
        },
        201,
      );
    },
  );
