import { z } from 'zod';
import { idParam } from '../../http/params';
import { pageQuerySchema } from '../../http/pagination';

export const categoryQuerySchema = pageQuerySchema.extend({
  sorted_by: z.string().max(50).optional(),
  with: z.string().max(100).optional(),
  only: z.enum(['parent']).optional(),
});

export type CategoryQuery = z.infer<typeof categoryQuerySchema>;

/** A category's name and its parent (a top-level category of the same brand), or none. */
export const categoryBodySchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    parent_id: z.preprocess((value) => (value === '' ? null : value), idParam.nullish()),
  })
  .strict();

export type CategoryBody = z.infer<typeof categoryBodySchema>;
