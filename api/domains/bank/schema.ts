import { z } from 'zod';
import { pageQuerySchema } from '../../http/pagination';

export const bankListQuerySchema = pageQuerySchema.extend({ sorted_by: z.string().max(50).optional() });

export type BankListQuery = z.infer<typeof bankListQuerySchema>;

/** Options of the payment form: every bank, by name (the spec asks option lists for up to 1000). */
export const bankSelectQuerySchema = pageQuerySchema.extend({
  per_page: z.coerce.number().int().min(1).max(1000).default(1000),
});

export const bankBodySchema = z.object({ name: z.string().trim().min(1).max(100) }).strict();

export type BankBody = z.infer<typeof bankBodySchema>;
