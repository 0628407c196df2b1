import { z } from 'zod';
import type { Upstream } from './client.server';

const uploadedSchema = z.object({ data: z.object({ id: z.number(), name: z.string(), url: z.string() }) });

/** Uploads (photos) to the public disk; the answer's id goes with the form that uses it. */
export const mediaApi = {
  upload: (api: Upstream, { file }: { file: File }) => {
    const form = new FormData();
    form.set('file', file);
    form.set('disk', 'public');
    form.set('path', 'file');
    return api.call('/api/media', uploadedSchema, { body: form }).then((r) => r.data);
  },
};
