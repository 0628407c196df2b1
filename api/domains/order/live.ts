import { and, eq, notInArray } from 'drizzle-orm';
import { orders } from '../../db/schema';
import { DEAD_STATUSES } from './statuses';

/**
 * The condition for an invoice's live order: the one neither canceled nor diverted. orders_one_live_per_invoice
 * allows one per invoice, soft-deleted or not, so a deleted one still counts: nothing may make a second.
 */
export function liveOrderOfInvoice(invoiceId: number) {
  return and(eq(orders.invoiceId, invoiceId), notInArray(orders.statusCode, DEAD_STATUSES));
}
