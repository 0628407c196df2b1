import { z } from 'zod';
import { endpoint, endpointGroup } from '../../http/endpoints';
import { pageQuerySchema } from '../../http/pagination';
import { parseId } from '../../http/tenancy';
import { findMedia, listMedia, storeUpload } from './service';
import { WRITE_MESSAGE } from '../../http/messages';

const uploadSchema = z.object({
  file: z.instanceof(File, { message: 'The file field is required.' }),
  disk: z.enum(['public']).default('public'),
  path: z.enum(['file']).default('file'),
});

const self = { operation: 'account.self', tenancy: 'none' } as const;

/** The account's own uploads: an image is re-encoded before it is kept, and only its uploader may use it. */
export const mediaEndpoints = endpointGroup([
  endpoint({
    method: 'get',
    path: '/api/media',
    summary: 'Uploads',
    tag: 'media',
    query: pageQuerySchema,
    policy: self,
    handle: async (c, { query }) => c.json(await listMedia(c.var.deps, c.var.user, query)),
  }),
  endpoint({
    method: 'get',
    path: '/api/media/{id}',
    summary: 'One upload',
    tag: 'media',
    policy: self,
    handle: async (c) =>
      c.json({ data: await findMedia(c.var.deps, c.var.user, parseId(c.req.param('id'))) }),
  }),
  endpoint({
    method: 'post',
    path: '/api/media',
    summary: 'Upload an image (multipart: file, disk, path)',
    tag: 'media',
    body: uploadSchema,
    bodyLimit: 20 * 1024 * 1024,
    policy: self,
    handle: async (c, { body }) =>
      c.json(
        {
          message: WRITE_MESSAGE.created,
          data: await storeUpload(c.var.deps, c.var.user, body.file, c.var.clientIp),
        },
        201,
      ),
  }),
]);
