import { z } from 'zod';
import { dateRangeInOrder, dateRangeIssue, dayParam, idParam } from '../../http/params';
import { pageQuerySchema } from '../../http/pagination';

const filters = {
  /** The account that made the change. */
  actor: idParam.optional(),
  /** The record type (`order`, `user`, `vendor`…) and its id. */
  entity: z.string().trim().max(50).optional(),
  entity_id: z.string().trim().max(50).optional(),
  action: z.string().trim().max(100).optional(),
  /** `1` lists sign-ins, sign-outs and session renewals too; without it (or an `action`) they are left out. */
  sign_ins: z.enum(['0', '1']).optional(),
  'date-from': dayParam('date from'),
  'date-to': dayParam('date to'),
};

export const auditListQuerySchema = pageQuerySchema
  .omit({ order_by: true })
  .extend({ ...filters, order_by: z.enum(['asc', 'desc']).default('desc') })
  .refine(dateRangeInOrder, dateRangeIssue);

export const auditExportQuerySchema = z
  .object({
    ...filters,
    /** The language of the headers and labels. */ lang: z.enum(['id', 'en']).default('id'),
  })
  .refine(dateRangeInOrder, dateRangeIssue);

export type AuditFilters = Omit<z.infer<typeof auditExportQuerySchema>, 'lang'>;
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;
