import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/like';
import {
  banks,
  brands,
  orders,
  sendPaymentOrders,
  sendPaymentTotals,
  sendPayments,
  vendors,
} from '../../db/schema';
import { offsetOf, pageMeta, sortColumn } from '../../http/pagination';
import type { VoucherScope } from './access';
import type { VoucherFilters, VoucherListQuery } from './schema';
import { serializeVoucherRow, type VoucherListRow } from './serializers';

/** The caller's brands, narrowed by the `brand` filter; a filter naming another tenant's brand adds nothing. */
export function voucherConditions(scope: VoucherScope, filters: VoucherFilters): SQL[] {
  const conditions: SQL[] = [isNull(sendPayments.deletedAt)];
  if (scope.brandIds !== 'all') {
    conditions.push(inArray(sendPayments.brandId, scope.brandIds.length ? [...scope.brandIds] : [0]));
  }
  if (filters.brand?.length) conditions.push(inArray(sendPayments.brandId, filters.brand));
  if (filters.vendor?.length) conditions.push(inArray(sendPayments.vendorId, filters.vendor));
  if (filters['date-from']) conditions.push(gte(sendPayments.date, filters['date-from']));
  if (filters['date-to']) conditions.push(lte(sendPayments.date, filters['date-to']));
  if (filters.channel?.length) {
    const channelIds = filters.channel;
    conditions.push(
      sql`exists (select 1 from ${sendPaymentOrders} join ${orders} on ${orders.id} = ${sendPaymentOrders.orderId}
        where ${sendPaymentOrders.sendPaymentId} = ${sendPayments.id} and ${inArray(orders.channelId, channelIds)})`,
    );
  }
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    conditions.push(or(ilike(sendPayments.number, pattern), ilike(vendors.name, pattern)) as SQL);
  }
  return conditions;
}

const SORTS = {
  created_at: sendPayments.createdAt,
  number: sendPayments.number,
  date: sendPayments.date,
  due_date: sendPayments.dueDate,
  vendor: vendors.name,
  brand: brands.name,
};

/**
 * A voucher with its vendor, brand, bank, total and order count, as the list and the detail show it; the total and
 * count come from the voucher totals rollup (Σ grand_total − grand_total_return of its orders).
 */
export function voucherHeads(executor: Executor) {
  return executor
    .select({
      voucher: sendPayments,
      vendor: { id: vendors.id, name: vendors.name },
      brand: { id: brands.id, name: brands.name },
      bank: { id: banks.id, name: banks.name },
      total: sql<string>`coalesce(${sendPaymentTotals.total}, 0)`,
      orderCount: sql<string>`coalesce(${sendPaymentTotals.orderCount}, 0)`,
    })
    .from(sendPayments)
    .innerJoin(vendors, eq(vendors.id, sendPayments.vendorId))
    .innerJoin(brands, eq(brands.id, sendPayments.brandId))
    .leftJoin(banks, eq(banks.id, sendPayments.bankId))
    .leftJoin(sendPaymentTotals, eq(sendPaymentTotals.sendPaymentId, sendPayments.id));
}

export async function listVouchers(executor: Executor, scope: VoucherScope, query: VoucherListQuery) {
  const where = and(...voucherConditions(scope, query));
  const column = SORTS[sortColumn(SORTS, query.sorted_by, 'created_at')];
  const direction = query.order_by === 'asc' ? asc : desc;
  const [rows, [{ total }]] = await Promise.all([
    voucherHeads(executor)
      .where(where)
      .orderBy(direction(column), direction(sendPayments.id))
      .limit(query.per_page)
      .offset(offsetOf(query)),
    executor
      .select({ total: count() })
      .from(sendPayments)
      .innerJoin(vendors, eq(vendors.id, sendPayments.vendorId))
      .where(where),
  ]);
  return {
    data: rows.map((row) => serializeVoucherRow(row as VoucherListRow)),
    meta: pageMeta({ page: query.page, perPage: query.per_page, total, count: rows.length }),
  };
}
