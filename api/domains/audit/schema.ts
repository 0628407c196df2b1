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
  'date-from': dayParam('date from'),
  'date-to': dayParam('date to'),
};

export const auditListQuerySchema = pageQuerySchema
  .omit({ order_by: true })
  .extend({ ...filters, order_by: z.enum(['asc', 'desc']).default('desc') })
  .refine(dateRangeInOrder, dateRangeIssue);

export const auditExportQuerySchema = z.object(filters).refine(dateRangeInOrder, dateRangeIssue);

export type AuditFilters = z.infer<typeof auditExportQuerySchema>;
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;
